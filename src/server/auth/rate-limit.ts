/**
 * Attempt counting for log-in, recovery, sign-up and the public forms. A fixed window per key: the first attempt
 * opens it, `limit` attempts fill it, and the key is refused until the window ends. The store lives in the
 * process by default and in Redis when REDIS_URL is set, so several shop processes share one count; when Redis
 * cannot be reached the limits carry on in the process (logged), never switched off.
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
  /** Takes back one attempt counted in the current window (a reservation that turned out not to count). */
  release(key: string, now: number): Promise<void>;
  reset(key: string): Promise<void>;
}

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, RateState>();

  // Synchronous inside: two hits at once must never read the same count (no await between read and write).
  async hit(key: string, windowMs: number, now: number): Promise<RateState> {
    const current = this.current(key, now);
    const next = current ? { count: current.count + 1, resetAt: current.resetAt } : { count: 1, resetAt: now + windowMs };
    this.windows.set(key, next);
    // Old windows are dropped as they are met; a sweep keeps a flood of distinct keys from growing the map.
    if (this.windows.size > 50_000) for (const [k, v] of this.windows) if (v.resetAt <= now) this.windows.delete(k);
    return next;
  }

  async peek(key: string, now: number): Promise<RateState | undefined> {
    return this.current(key, now);
  }

  async release(key: string, now: number): Promise<void> {
    const current = this.current(key, now);
    if (current && current.count > 0) this.windows.set(key, { count: current.count - 1, resetAt: current.resetAt });
  }

  private current(key: string, now: number): RateState | undefined {
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

const RELEASE_SCRIPT = `
local reset = tonumber(redis.call('HGET', KEYS[1], 'r') or '0')
if reset > tonumber(ARGV[1]) and tonumber(redis.call('HGET', KEYS[1], 'c') or '0') > 0 then
  redis.call('HINCRBY', KEYS[1], 'c', -1)
end
return 0
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

  async release(key: string, now: number): Promise<void> {
    await this.redis.eval(RELEASE_SCRIPT, 1, this.prefix + key, now);
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }
}

/** How often an ongoing outage of the shared store is logged again. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

export class RateLimiter {
  private lastOutageLog = 0;

  /** `fallback` counts in this process while `store` is unreachable. */
  constructor(
    readonly store: RateStore,
    private readonly fallback: RateStore = new MemoryRateStore(),
  ) {}

  private key(rule: RateRule, subject: string) {
    return `${rule.name}:${subject.toLowerCase()}`;
  }

  /** When the subject is already over the rule's limit: the minutes until it may try again. */
  async blockedFor(rule: RateRule, subject: string, now: number): Promise<number | undefined> {
    const state = await this.safely((store) => store.peek(this.key(rule, subject), now));
    if (!state || state.count < rule.limit) return undefined;
    return Math.max(1, Math.ceil((state.resetAt - now) / 60_000));
  }

  /** The attempts counted in the subject's current window (0 when none). */
  async count(rule: RateRule, subject: string, now: number): Promise<number> {
    return (await this.safely((store) => store.peek(this.key(rule, subject), now)))?.count ?? 0;
  }

  /** Counts one attempt. */
  async hit(rule: RateRule, subject: string, now: number): Promise<RateState> {
    return this.safely((store) => store.hit(this.key(rule, subject), rule.windowMs, now));
  }

  /**
   * Counts one attempt and answers, in the same atomic step, whether it is over the limit: the minutes until the
   * subject may try again, or undefined when this attempt may go ahead. Attempts made at once each get their own
   * count, so a burst of 200 guesses cannot all be checked before any of them is counted.
   */
  async reserve(rule: RateRule, subject: string, now: number): Promise<number | undefined> {
    const state = await this.hit(rule, subject, now);
    if (state.count <= rule.limit) return undefined;
    return Math.max(1, Math.ceil((state.resetAt - now) / 60_000));
  }

  /** Takes back an attempt reserved with `reserve` that the rule does not count (a log-in that succeeded). */
  async release(rule: RateRule, subject: string, now: number): Promise<void> {
    await this.safely((store) => store.release(this.key(rule, subject), now));
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await this.safely((store) => store.reset(this.key(rule, subject)));
  }

  /**
   * Runs on the shared store, or, when it fails, on this process's own counters (logged): an outage of Redis
   * neither locks every customer out nor lifts the limits. Several processes then count apart until it is back.
   */
  private async safely<T>(work: (store: RateStore) => Promise<T>): Promise<T> {
    try {
      return await work(this.store);
    } catch (error) {
      const now = Date.now();
      if (now - this.lastOutageLog >= OUTAGE_LOG_INTERVAL_MS) {
        this.lastOutageLog = now;
        console.error("rate limiter store unavailable, counting in this process:", error instanceof Error ? error.message : error);
      }
      return work(this.fallback);
    }
  }
}

/**
 * The growing delay before a log-in to an account that strangers keep failing (docs/decisions.md): none for the
 * first failures, then doubling up to a ceiling. It slows guessing from many addresses without ever locking the
 * owner out, as an account-wide lock would.
 */
export const ACCOUNT_DELAY = { freeFailures: 5, firstMs: 250, maxMs: 4_000 } as const;

export function accountDelayMs(failures: number): number {
  if (failures < ACCOUNT_DELAY.freeFailures) return 0;
  return Math.min(ACCOUNT_DELAY.maxMs, ACCOUNT_DELAY.firstMs * 2 ** (failures - ACCOUNT_DELAY.freeFailures));
}

/**
 * The shop's rules (docs/decisions.md). Log-in counts failed passwords per account and address pair (locked at
 * the limit), per address, and per account (never locked: it only sets the growing delay, see accountDelayMs).
 */
export const RATE_RULES = {
  loginPerPair: { name: "login:pair", limit: 5, windowMs: 15 * 60_000 },
  loginPerAccount: { name: "login:account", limit: Number.POSITIVE_INFINITY, windowMs: 15 * 60_000 },
  loginPerIp: { name: "login:ip", limit: 30, windowMs: 15 * 60_000 },
  signUpPerIp: { name: "signup:ip", limit: 20, windowMs: 60 * 60_000 },
  leadsPerIp: { name: "leads:ip", limit: 20, windowMs: 60 * 60_000 },
  recoveryPerAccount: { name: "recovery:account", limit: 3, windowMs: 60 * 60_000 },
  recoveryPerIp: { name: "recovery:ip", limit: 10, windowMs: 60 * 60_000 },
} as const satisfies Record<string, RateRule>;
