import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../env";
import { AdmissionGate, admissionSettings, type Admission } from "./admission";

const settings = { concurrency: 2, queue: 2, maxWaitMs: 1000, retryAfterSeconds: 2 };

afterEach(() => {
  vi.useRealTimers();
});

describe("the purchase gate", () => {
  it("admits up to its concurrency at once, queues the next in arrival order, and turns away past the queue", async () => {
    const gate = new AdmissionGate(settings);
    expect(gate.enter()).toEqual({ admitted: true });
    expect(gate.enter()).toEqual({ admitted: true });
    const order: string[] = [];
    const third = Promise.resolve(gate.enter()).then((admission) => (order.push("third"), admission));
    const fourth = Promise.resolve(gate.enter()).then((admission) => (order.push("fourth"), admission));
    expect(gate.enter()).toEqual({ admitted: false, position: 4 });
    expect(gate.load).toEqual({ running: 2, waiting: 2 });

    gate.leave();
    expect(await third).toEqual({ admitted: true });
    gate.leave();
    expect(await fourth).toEqual({ admitted: true });
    expect(order).toEqual(["third", "fourth"]);
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    gate.leave();
    gate.leave();
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it("turns a purchase away once it has waited the longest wait, and its place goes to no one", async () => {
    vi.useFakeTimers();
    const gate = new AdmissionGate(settings);
    gate.enter();
    gate.enter();
    let waited: Admission | undefined;
    void Promise.resolve(gate.enter()).then((admission) => (waited = admission));
    await vi.advanceTimersByTimeAsync(999);
    expect(waited).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(waited).toEqual({ admitted: false, position: 2 });
    expect(gate.load).toEqual({ running: 2, waiting: 0 });
    gate.leave();
    expect(gate.load).toEqual({ running: 1, waiting: 0 });
  });

  it("with no queue, turns away whatever finds every place taken", () => {
    const gate = new AdmissionGate({ ...settings, concurrency: 1, queue: 0 });
    expect(gate.enter()).toEqual({ admitted: true });
    expect(gate.enter()).toEqual({ admitted: false, position: 1 });
  });
});

describe("the gate's settings", () => {
  it("works on half the connection pool's purchases at once unless told, leaving the rest to catalogue reads", () => {
    expect(admissionSettings(parseEnv({ NODE_ENV: "test", DATABASE_POOL: "10" }))).toEqual({ concurrency: 5, queue: 200, maxWaitMs: 4000, retryAfterSeconds: 1 });
    expect(admissionSettings(parseEnv({ NODE_ENV: "test", DATABASE_POOL: "2" })).concurrency).toBe(1);
    expect(admissionSettings(parseEnv({ NODE_ENV: "test", PURCHASE_CONCURRENCY: "12" })).concurrency).toBe(12);
  });
});
