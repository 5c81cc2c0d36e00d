/**
 * The keys of a running app: the session token key, the signer of return links, the ticket QR key, and the attempt
 * limiter (one per app: tests open many).
 */
import { Redis } from "ioredis";
import type { Env } from "../env";
import { RateLimiter } from "./rate-limit";
import { loadJwtSecret } from "./secret";
import { createSigner, type Signer } from "./signer";
import { loadTicketKey, type TicketKey } from "./ticket-key";

export interface AuthKit {
  secret: Uint8Array;
  signer: Signer;
  ticketKey: TicketKey;
  limiter: RateLimiter;
  /** Waits the log-in delay (accountDelayMs). */
  pause(ms: number): Promise<void>;
}

function redisClient(url: string): Redis {
  // Commands fail at once while Redis is unreachable, so the limiter's insurance counts in the process meanwhile.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // The limiter logs the outage (and counts in the process meanwhile); reconnection noise is left out.
  redis.on("error", () => {});
  return redis;
}

/** `rateWindowMs` shortens every attempt window (tests that wait a lock out); `pause` replaces the delay's timer. */
export function createAuthKit(env: Env, options: { rateWindowMs?: number; pause?: (ms: number) => Promise<void> } = {}): AuthKit {
  const redis = env.REDIS_URL ? redisClient(env.REDIS_URL) : undefined;
  const secret = loadJwtSecret(env);
  return {
    secret,
    signer: createSigner(secret),
    ticketKey: loadTicketKey(env),
    limiter: new RateLimiter({ redis, windowMs: options.rateWindowMs }),
    pause: options.pause ?? ((ms) => new Promise((done) => setTimeout(done, ms))),
  };
}
