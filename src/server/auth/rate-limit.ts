/**
 * Attempt counting for log-in, recovery, sign-up and the public forms, on rate-limiter-flexible. A fixed window per
 * key: the first attempt opens it, `limit` attempts fill it, and the key is refused until the window ends. The
 * counts live in the process by default (RateLimiterMemory) and in Redis when REDIS_URL is set (RateLimiterRedis),
 * so several shop processes share one count; when Redis cannot be reached the library's insurance limiter carries
 * the limits on in the process (logged), never switched off.
 *
 * The library keeps its own time (Date.now() in memory, key expiry in Redis), not the shop's injectable clock: a
 * window ends in real time. Tests that wait a window out shorten every window (`windowMs`) instead of moving a clock.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export interface RateRule {
  /** A name that keeps different counters apart: "login:ip", "recovery:account" ... */
  name: string;
  limit: number;
  windowMs: number;
}

export interface RateLimiterOptions {
  /** Counts shared by every shop process; without it the counts stay in this process. */
  redis?: Redis;
  /** Where this limiter's keys live in Redis (tests keep runs apart). */
  prefix?: string;
  /** Every window shortened to this (tests that wait a lock out); the rules' own windows otherwise. */
  windowMs?: number;
}

/** How often an ongoing outage of the shared store is logged again. */
const OUTAGE_LOG_INTERVAL_MS = 60_000;

/** The library wants a finite number of points; a rule without a limit (it only counts) never reaches this one. */
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/**
 * The insurance limiter: the library turns to it whenever a Redis command fails, so each use is an outage of the
 * shared store, logged once a minute. Several processes count apart until Redis is back.
 */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    options: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly noteOutage: () => void,
  ) {
    super(options);
  }

  override consume(...args: Parameters<RateLimiterMemory["consume"]>) {
    this.noteOutage();
    return super.consume(...args);
  }
  override penalty(...args: Parameters<RateLimiterMemory["penalty"]>) {
    this.noteOutage();
    return super.penalty(...args);
  }
  override reward(...args: Parameters<RateLimiterMemory["reward"]>) {
    this.noteOutage();
    return super.reward(...args);
  }
  override get(...args: Parameters<RateLimiterMemory["get"]>) {
    this.noteOutage();
    return super.get(...args);
  }
  override delete(...args: Parameters<RateLimiterMemory["delete"]>) {
    this.noteOutage();
    return super.delete(...args);
  }
}

/** Minutes until a window ends, at least one (the refusal says "try again in N minutes"). */
function minutesLeft(result: RateLimiterRes): number {
  return Math.max(1, Math.ceil(result.msBeforeNext / 60_000));
}

/**
 * One Redis step for a turn in a subject's queue (see RateLimiter.turn): the turn starts when the one before it
 * ends, or now; it is refused when its wait would pass the longest; the queue's end moves by its cost.
 */
const TURN_SCRIPT = `
local now = tonumber(ARGV[1])
local cost = tonumber(ARGV[2])
local longest = tonumber(ARGV[3])
local queued = tonumber(redis.call('GET', KEYS[1]) or '0')
local start = math.max(now, queued)
local wait = start - now + cost
if wait > longest then return {0, wait} end
redis.call('SET', KEYS[1], start + cost, 'PX', wait + 1000)
return {1, wait}`;

/** A turn in a subject's queue: how long to wait, or refused with the wait it would have had. */
export type Turn = { granted: true; waitMs: number } | { granted: false; waitMs: number };

export class RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  private lastOutageLog = 0;
  /** The queues' ends in this process (ms), when there is no Redis or it cannot be reached. */
  private readonly queues = new Map<string, number>();

  constructor(private readonly options: RateLimiterOptions = {}) {}

  /** One library limiter per rule (its points and window), made on first use. */
  private limiter(rule: RateRule): RateLimiterAbstract {
    let limiter = this.limiters.get(rule.name);
    if (limiter) return limiter;
    const points = Number.isFinite(rule.limit) ? rule.limit : UNLIMITED;
    // Redis keeps whole seconds; a window is never shorter than one.
    const duration = Math.max(1, Math.round((this.options.windowMs ?? rule.windowMs) / 1000));
    const keyPrefix = `${this.options.prefix ?? "rodamos:rate:"}${rule.name}`;
    const { redis } = this.options;
    limiter = redis
      ? new RateLimiterRedis({ storeClient: redis, keyPrefix, points, duration, insuranceLimiter: new InsuranceLimiter({ keyPrefix, points, duration }, () => this.noteOutage()) })
      : new RateLimiterMemory({ keyPrefix, points, duration });
    this.limiters.set(rule.name, limiter);
    return limiter;
  }

  private noteOutage() {
    const now = Date.now();
    if (now - this.lastOutageLog < OUTAGE_LOG_INTERVAL_MS) return;
    this.lastOutageLog = now;
    console.error("rate limiter store unavailable, counting in this process");
  }

  private key(subject: string) {
    return subject.toLowerCase();
  }

  /** When the subject is already over the rule's limit: the minutes until it may try again. */
  async blockedFor(rule: RateRule, subject: string): Promise<number | undefined> {
    const state = await this.limiter(rule).get(this.key(subject));
    if (!state || state.consumedPoints < rule.limit) return undefined;
    return minutesLeft(state);
  }

  /** The attempts counted in the subject's current window (0 when none). */
  async count(rule: RateRule, subject: string): Promise<number> {
    return (await this.limiter(rule).get(this.key(subject)))?.consumedPoints ?? 0;
  }

  /** Counts one attempt, whatever the limit (a rule that only counts). */
  async hit(rule: RateRule, subject: string): Promise<void> {
    await this.limiter(rule).penalty(this.key(subject), 1);
  }

  /**
   * Counts one attempt and answers, in the same atomic step (the library's consume: one Lua script in Redis, no
   * await between read and write in memory), whether it is over the limit: the minutes until the subject may try
   * again, or undefined when this attempt may go ahead. Attempts made at once each get their own count, so a burst
   * of 200 guesses cannot all be checked before any of them is counted.
   */
  async reserve(rule: RateRule, subject: string): Promise<number | undefined> {
    try {
      await this.limiter(rule).consume(this.key(subject), 1);
      return undefined;
    } catch (refusal) {
      // Over the limit the library rejects with the window's state; anything else (both stores failing) is a fault.
      if (refusal instanceof RateLimiterRes) return minutesLeft(refusal);
      throw refusal;
    }
  }

  /**
   * Counts one attempt and answers the subject's count with it, in the same atomic step (as `reserve`), whatever
   * the limit: attempts sent at once each get their own place in the count, as if sent one after another.
   */
  async take(rule: RateRule, subject: string): Promise<number> {
    try {
      return (await this.limiter(rule).consume(this.key(subject), 1)).consumedPoints;
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return refusal.consumedPoints;
      throw refusal;
    }
  }

  /**
   * Takes back an attempt reserved with `reserve` that the rule does not count (a log-in that succeeded). Should the
   * window end between the two, the give-back lands in the next window as one attempt of credit: harmless.
   */
  async release(rule: RateRule, subject: string): Promise<void> {
    await this.limiter(rule).reward(this.key(subject), 1);
  }

  async reset(rule: RateRule, subject: string): Promise<void> {
    await this.limiter(rule).delete(this.key(subject));
  }

  /**
   * A turn in the subject's queue, in one atomic step (a Lua script in Redis, shared by every shop process; no
   * await between read and write in memory): the turn starts when the previous turn ends (or at `now`) and lasts
   * `costMs`, and the caller waits until its end. Turns asked for at once thus wait one after another, as if asked
   * one at a time. A turn whose wait would pass `longestMs` is refused and takes no place in the queue.
   */
  async turn(queue: string, subject: string, costMs: number, longestMs: number, now: number): Promise<Turn> {
    const key = `${this.options.prefix ?? "rodamos:rate:"}turn:${queue}:${this.key(subject)}`;
    const { redis } = this.options;
    if (redis) {
      try {
        const [granted, waitMs] = (await redis.eval(TURN_SCRIPT, 1, key, now, costMs, longestMs)) as [number, number];
        return { granted: granted === 1, waitMs } as Turn;
      } catch {
        this.noteOutage();
      }
    }
    const start = Math.max(now, this.queues.get(key) ?? 0);
    const waitMs = start - now + costMs;
    if (waitMs > longestMs) return { granted: false, waitMs };
    this.queues.set(key, start + costMs);
    // Queues that have ended are forgotten, so an attack on many accounts leaves nothing behind.
    if (this.queues.size > 1000) for (const [name, end] of this.queues) if (end <= now) this.queues.delete(name);
    return { granted: true, waitMs };
  }
}

/**
 * The growing delay before a log-in to an account that strangers keep failing (docs/decisions.md): none for the
 * first failures, then doubling up to a ceiling. It slows guessing from many addresses without ever locking the
 * owner out, as an account-wide lock would.
 */
export const ACCOUNT_DELAY = { freeFailures: 5, firstMs: 250, maxMs: 4_000 } as const;
/**
 * The longest a log-in waits for its turn behind other guesses at the same account: past it the guess is refused
 * (429 too_many_attempts) without its password being tried, rather than holding a connection for minutes. Below
 * the sign-in form's time-out.
 */
export const LOGIN_QUEUE_MAX_MS = 10_000;

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
