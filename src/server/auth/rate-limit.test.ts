import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { accountDelayMs, RateLimiter } from "./rate-limit";

const rule = { name: "test", limit: 3, windowMs: 10 * 60_000 };
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());
afterEach(() => {
  vi.useRealTimers();
});

/** A limiter of the given store whose keys no other test (or earlier run) shares. */
function limiterOn(store: "memory" | "redis", windowMs?: number) {
  const prefix = `rodamos:test:${Math.random().toString(36).slice(2)}:`;
  return new RateLimiter({ redis: store === "redis" ? redis : undefined, prefix, windowMs });
}

describe("rate limiter in memory", () => {
  it("blocks a subject after the limit until its window ends, and tells the minutes left", async () => {
    // The in-process store keeps Date.now() time and timers, which a fake clock moves.
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1, 12, 0, 0) });
    const limiter = limiterOn("memory");
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.blockedFor(rule, "ana@example.com")).toBeUndefined();
      expect(await limiter.reserve(rule, "ANA@example.com")).toBeUndefined();
      vi.advanceTimersByTime(1000);
    }
    expect(await limiter.blockedFor(rule, "ana@example.com")).toBe(10);
    expect(await limiter.reserve(rule, "ana@example.com")).toBe(10);
    vi.advanceTimersByTime(5 * 60_000 - 3000 + 1);
    expect(await limiter.blockedFor(rule, "ana@example.com")).toBe(5);
    expect(await limiter.blockedFor(rule, "otra@example.com")).toBeUndefined();
    vi.advanceTimersByTime(5 * 60_000);
    expect(await limiter.blockedFor(rule, "ana@example.com")).toBeUndefined();
    expect(await limiter.count(rule, "ana@example.com")).toBe(0);
    expect(await limiter.reserve(rule, "ana@example.com")).toBeUndefined();
    expect(await limiter.blockedFor(rule, "ana@example.com")).toBeUndefined();
  });
});

const stores: ("memory" | "redis")[] = redis ? ["memory", "redis"] : ["memory"];

describe.each(stores)("rate limiter on %s", (store) => {
  it("lets a subject in again once its (shortened) window has really ended", async () => {
    const limiter = limiterOn(store, 1000);
    for (let i = 0; i < 3; i += 1) expect(await limiter.reserve(rule, "x")).toBeUndefined();
    expect(await limiter.reserve(rule, "x")).toBe(1);
    await new Promise((done) => setTimeout(done, 1100));
    expect(await limiter.blockedFor(rule, "x")).toBeUndefined();
    expect(await limiter.reserve(rule, "x")).toBeUndefined();
  });

  it("counts attempts made at once one by one: of 20 reservations, exactly the limit go ahead", async () => {
    const limiter = limiterOn(store);
    const waits = await Promise.all(Array.from({ length: 20 }, () => limiter.reserve(rule, "burst")));
    expect(waits.filter((wait) => wait === undefined)).toHaveLength(3);
    expect(waits.filter((wait) => wait === 10)).toHaveLength(17);
  });

  it("takes back a released reservation, and forgets a subject on reset", async () => {
    const limiter = limiterOn(store);
    for (let i = 0; i < 3; i += 1) await limiter.reserve(rule, "x");
    expect(await limiter.blockedFor(rule, "x")).toBeDefined();
    await limiter.release(rule, "x");
    expect(await limiter.count(rule, "x")).toBe(2);
    expect(await limiter.blockedFor(rule, "x")).toBeUndefined();
    await limiter.hit(rule, "x");
    expect(await limiter.blockedFor(rule, "x")).toBe(10);
    await limiter.reset(rule, "x");
    expect(await limiter.blockedFor(rule, "x")).toBeUndefined();
  });

  it("counts without a limit for a rule that only counts", async () => {
    const limiter = limiterOn(store);
    const counting = { name: "counting", limit: Number.POSITIVE_INFINITY, windowMs: 60_000 };
    for (let i = 0; i < 7; i += 1) await limiter.hit(counting, "y");
    expect(await limiter.count(counting, "y")).toBe(7);
    expect(await limiter.blockedFor(counting, "y")).toBeUndefined();
  });
});

describe("an unreachable Redis", () => {
  it("keeps limiting in the process (logged once), neither locking everyone out nor letting attempts through", async () => {
    const down = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    down.on("error", () => {});
    const limiter = new RateLimiter({ redis: down });
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await limiter.blockedFor(rule, "x")).toBeUndefined();
      for (let i = 0; i < 3; i += 1) expect(await limiter.reserve(rule, "x")).toBeUndefined();
      expect(await limiter.reserve(rule, "x")).toBe(10);
      expect(await limiter.blockedFor(rule, "x")).toBe(10);
      expect(await limiter.blockedFor(rule, "y")).toBeUndefined();
    } finally {
      console.error = original;
      down.disconnect();
    }
    expect(errors.filter((line) => String(line).includes("rate limiter store unavailable"))).toHaveLength(1);
  });
});

describe("the account-wide log-in delay", () => {
  it("is nothing for the first failures, then doubles up to its ceiling", () => {
    expect([0, 4].map(accountDelayMs)).toEqual([0, 0]);
    expect([5, 6, 7].map(accountDelayMs)).toEqual([250, 500, 1000]);
    expect(accountDelayMs(50)).toBe(4000);
  });
});
