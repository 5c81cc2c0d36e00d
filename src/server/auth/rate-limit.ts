/**
 * Attempt counting for log-in and recovery (issue 3: per IP and per account). A fixed window per key:
 * the first attempt opens it, `limit` attempts fill it, and the key is refused until the window ends.
 * The store lives in the process by default and in Redis when REDIS_URL is set, so several shop
 * processes share one count.
 */
import type { Redis } from "ioredis";

export interface RateRule {
  /** A name that keeps different counters apart: "login:ip", "recovery:account" ... */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateState {
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

export interface RateStore {
  /** Adds one attempt and answers the window's count after it. */
  hit(key: string, windowMs: number, now: number): Promise<RateState>;
  /** The window's count without adding to it. */
  peek(key: string, now: number): Promise<RateState | undefined>;
  reset(key: string): Promise<void>;
}

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, RateState>();

  async hit(key: string, windowMs: number, now: number): Promise<RateState> {
    const current = await this.peek(key, now);
    const next = current ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, next);
    // Old windows are dropped as they are met; a sweep keeps a flood of distinct keys from growing the map.
    if (this.windows.size > 50_000) for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
    return next;
  }

  async peek(key: string, now: number): Promise<RateState | undefined> {
    const current = this.windows.get(key);
    if (!current) return undefined;
    if (current.resetAt <= now) {
      this.windows.delete(key);
      return undefined;
    }
    return current;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }
}

/**
 * Counters in Redis, shared by every shop process. A window is a hash {c: count, r: resetAt}; one Lua
 * script opens, counts and reads it atomically. The shop's own clock decides when a window ends (as in
 * memory); Redis expiry only cleans up.
 */
const HIT_SCRIPT = `
local now = tonumber(ARGV[1])
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset <= now then
  reset = now + tonumber(ARGV[2])
  redis.call('HSET', KEYS[1], 'c', 0, 'r', reset)
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
local count = redis.call('HINCRBY', KEYS[1], 'c', 1)
return {count, tostring(reset)}
`;

export class RedisRateStore implements RateStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = "rodamos:rate:",
  ) {}

  async hit(key: string, windowMs: number, now: number): Promise<RateState> {
    const [count, resetAt] = (await this.redis.eval(HIT_SCRIPT, 1, this.prefix + key, now, windowMs)) as [number, string];
    return { count, resetAt: Number(resetAt) };
  }

  async peek(key: string, now: number): Promise<RateState | undefined> {
    const [count, resetAt] = await this.redis.hmget(this.prefix + key, "c", "r");
    if (count === null || resetAt === null || Number(resetAt) <= now) return undefined;
    return { count: Number(count), resetAt: Number(resetAt) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

export class RateLimiter {
  constructor(readonly store: RateStore) {}

  private key(rule: RateRule, subject: string) {
    return `${rule.name}:${subject.toLowerCase()}`;
  }

  /**
   * When the subject is already over the rule's limit: the minutes until it may try again.
   * A store that cannot be reached lets the attempt through (logged): an outage of Redis must not
   * lock every customer out.
   */
  async blockedFor(rule: RateRule, subject: string, now: number): Promise<number | undefined> {
    const state = await this.safely(() => this.store.peek(this.key(rule, subject), now));
    if (!state || state.count < rule.limit) return undefined;
    return Math.max(1, Math.ceil((state.resetAt - now) / 60_000));
  }

  /** Counts one attempt. */
  async hit(rule: RateRule, subject: string, now: number): Promise<RateState | undefined> {
    return this.safely(() => this.store.hit(this.key(rule, subject), rule.windowMs, now));
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await this.safely(() => this.store.reset(this.key(rule, subject)));
  }

  private async safely<T>(work: () => Promise<T>): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      console.error("rate limiter store unavailable:", error instanceof Error ? error.message : error);
      return undefined;
    }
  }
}

/** The shop's rules (docs/decisions.md). Log-in counts failed passwords, per account and per IP. */
export const RATE_RULES = {
  loginPerAccount: { name: "login:account", limit: 5, windowMs: 15 * 60_000 },
  loginPerIp: { name: "login:ip", limit: 30, windowMs: 15 * 60_000 },
  recoveryPerAccount: { name: "recovery:account", limit: 3, windowMs: 60 * 60_000 },
  recoveryPerIp: { name: "recovery:ip", limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>;
