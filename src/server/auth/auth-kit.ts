/**
 * The keys of a running app: the session token key, the signer of return links, the ticket QR key, and the attempt
 * limiter (one per app: tests open many).
 */
import { Redis } from "ioredis";
import type { Env } from "../env";
import { MemoryRateStore, RateLimiter, RedisRateStore } from "./rate-limit";
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

function redisStore(url: string): RedisRateStore {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
  // The limiter logs failed commands (and counts in the process meanwhile); reconnection noise is left out.
  redis.on("error", () => {});
  return new RedisRateStore(redis);
}

export function createAuthKit(env: Env): AuthKit {
  const store = env.REDIS_URL ? redisStore(env.REDIS_URL) : new MemoryRateStore();
  const secret = loadJwtSecret(env);
  return {
    secret,
    signer: createSigner(secret),
    ticketKey: loadTicketKey(env),
    limiter: new RateLimiter(store),
    pause: (ms) => new Promise((done) => setTimeout(done, ms)),
  };
}
