import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { accountDelayMs, MemoryRateStore, RateLimiter, RedisRateStore, type RateStore } from "./rate-limit";

const rule = { name: "test", limit: 3, windowMs: 10 * 60_000 };
const redis = process.env.REDIS_URL ? new Redis(process.env.REDIS_URL) : undefined;
afterAll(() => redis?.disconnect());

const stores: [string, () => RateStore][] = [["memory", () => new MemoryRateStore()]];
if (redis) stores.push(["redis", () => new RedisRateStore(redis, `rodamos:test:${Math.random().toString(36).slice(2)}:`)]);

describe.each(stores)("rate limiter on %s", (_name, makeStore) => {
  it("blocks a subject after the limit until its window ends, and tells the minutes left", async () => {
    const limiter = new RateLimiter(makeStore());
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);
    for (let i = 0; i < 3; i += 1) {
      expect(await limiter.blockedFor(rule, "ana@example.com", t0 + i * 1000)).toBeUndefined();
      await limiter.hit(rule, "ANA@example.com", t0 + i * 1000);
    }
    expect(await limiter.blockedFor(rule, "ana@example.com", t0 + 5_000)).toBe(10);
    expect(await limiter.blockedFor(rule, "ana@example.com", t0 + 5 * 60_000 + 1)).toBe(5);
    expect(await limiter.blockedFor(rule, "otra@example.com", t0 + 5_000)).toBeUndefined();
    expect(await limiter.blockedFor(rule, "ana@example.com", t0 + 10 * 60_000)).toBeUndefined();
    await limiter.hit(rule, "ana@example.com", t0 + 10 * 60_000);
    expect(await limiter.blockedFor(rule, "ana@example.com", t0 + 10 * 60_000 + 1)).toBeUndefined();
  });

  it("forgets a subject on reset", async () => {
    const limiter = new RateLimiter(makeStore());
    for (let i = 0; i < 3; i += 1) await limiter.hit(rule, "x", 1_000);
    expect(await limiter.blockedFor(rule, "x", 2_000)).toBeDefined();
    await limiter.reset(rule, "x");
    expect(await limiter.blockedFor(rule, "x", 2_000)).toBeUndefined();
  });
});

describe("an unreachable store", () => {
  it("keeps limiting in the process (logged once), neither locking everyone out nor letting attempts through", async () => {
    const broken: RateStore = {
      hit: () => Promise.reject(new Error("down")),
      peek: () => Promise.reject(new Error("down")),
      release: () => Promise.reject(new Error("down")),
      reset: () => Promise.reject(new Error("down")),
    };
    const limiter = new RateLimiter(broken);
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      expect(await limiter.blockedFor(rule, "x", 1)).toBeUndefined();
      for (let i = 0; i < 3; i += 1) await limiter.hit(rule, "x", 1);
      expect(await limiter.blockedFor(rule, "x", 2)).toBe(10);
      expect(await limiter.blockedFor(rule, "y", 2)).toBeUndefined();
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
  });
});

describe("the account-wide log-in delay", () => {
  it("is nothing for the first failures, then doubles up to its ceiling", () => {
    expect([0, 4].map(accountDelayMs)).toEqual([0, 0]);
    expect([5, 6, 7].map(accountDelayMs)).toEqual([250, 500, 1000]);
    expect(accountDelayMs(50)).toBe(4000);
  });
});
