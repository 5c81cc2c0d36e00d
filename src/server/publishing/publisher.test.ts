/**
 * The publisher coalesces: a burst of changes is one publication, changes during a publication are one follow-up
 * after it, two never run at once, stock changes publish nothing, and a failure does not stop the next change.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createPublisher, touchesPages, type PublishReport } from "./publisher";
import { onPublication, type PublicationRun } from "../http/publication-stats";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** A publication the test finishes by hand. */
function controlledPublish() {
  const runs: { finish: (report?: PublishReport) => void; fail: (error: Error) => void }[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const publish = () =>
    new Promise<PublishReport | undefined>((resolve, reject) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      const done = () => (running -= 1);
      runs.push({ finish: (report = { changed: ["index.html"] }) => (done(), resolve(report)), fail: (error) => (done(), reject(error)) });
    });
  return { publish, runs, mostAtOnce: () => mostAtOnce };
}

const event = { area: "events" as const, eventIds: [7] };

describe("the page publisher", () => {
  it("publishes a burst of changes once, a second after the last of them", async () => {
    const { publish, runs } = controlledPublish();
    const log = vi.fn();
    const publisher = createPublisher({ publish, debounceMs: 1000, log });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(600);
    publisher.hear({ area: "content" });
    await vi.advanceTimersByTimeAsync(900);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(200);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await publisher.idle();
    expect(publisher.published).toBe(1);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/^Pages published in .* 1 changed \(index\.html\)/));
  });

  it("does not put off a steady stream of changes forever", async () => {
    const { publish, runs } = controlledPublish();
    const publisher = createPublisher({ publish, debounceMs: 1000, maxWaitMs: 3000, log: () => {} });
    for (let i = 0; i < 5; i += 1) {
      publisher.hear(event);
      await vi.advanceTimersByTimeAsync(800);
    }
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await publisher.close();
  });

  it("runs one follow-up after a publication for all the changes heard during it, never two at once", async () => {
    const { publish, runs, mostAtOnce } = controlledPublish();
    const publisher = createPublisher({ publish, debounceMs: 1000, log: () => {} });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(1);
    publisher.hear(event);
    publisher.hear({ area: "geography" });
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await publisher.idle();
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(2);
    expect(mostAtOnce()).toBe(1);
  });

  it("publishes nothing for a stock change: pages print no stock", async () => {
    expect(touchesPages({ area: "stock", eventIds: [7] })).toBe(false);
    expect(touchesPages({ area: "events" })).toBe(true);
    const { publish, runs } = controlledPublish();
    const publisher = createPublisher({ publish, log: () => {} });
    publisher.hear({ area: "stock", eventIds: [7] });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(0);
  });

  it("says when a publication failed and publishes again on the next change", async () => {
    const { publish, runs } = controlledPublish();
    const log = vi.fn();
    const publisher = createPublisher({ publish, debounceMs: 10, log });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(10);
    runs[0]!.fail(new Error("astro build exited with 1"));
    await publisher.idle();
    expect(log).toHaveBeenCalledWith("Publishing the pages failed: astro build exited with 1");
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(10);
    runs[1]!.finish();
    await publisher.idle();
    expect(publisher.published).toBe(1);
  });

  it("stays quiet when another process holds the publication", async () => {
    const log = vi.fn();
    const publisher = createPublisher({ publish: async () => undefined, debounceMs: 10, log });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(10);
    await publisher.idle();
    expect(log).not.toHaveBeenCalled();
    expect(publisher.published).toBe(0);
  });

  it("waits a fifth of a second for companion changes by default, and publishes at once when asked to", async () => {
    const { publish, runs } = controlledPublish();
    const publisher = createPublisher({ publish, log: () => {} });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(150);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await publisher.idle();
    publisher.refresh();
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await publisher.idle();
    expect(publisher.published).toBe(2);
  });

  it("counts each publication and its duration for /metrics", async () => {
    const runsSeen: PublicationRun[] = [];
    const stop = onPublication((run) => runsSeen.push(run));
    const { publish, runs } = controlledPublish();
    const publisher = createPublisher({ publish, debounceMs: 10, log: () => {} });
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(10);
    await vi.advanceTimersByTimeAsync(1500);
    runs[0]!.finish({ changed: ["index.html"], kind: "render" });
    await publisher.idle();
    publisher.hear(event);
    await vi.advanceTimersByTimeAsync(10);
    runs[1]!.fail(new Error("no API"));
    await publisher.idle();
    stop();
    expect(runsSeen).toEqual([
      { ok: true, kind: "render", seconds: 1.5 },
      { ok: false, seconds: 0 },
    ]);
  });
});
