/**
 * What the account routes need beside the database, made once per running app (tests open many apps,
 * each with its own limiter and clock): the token key, the attempt limiter and the clock.
 */
import { Redis } from "ioredis";
import type { AppDeps } from "../http/context";
import { MemoryRateStore, RateLimiter, RedisRateStore } from "./rate-limit";
import { loadJwtSecret } from "./secret";

export interface AuthKit {
  secret: Uint8Array;
  limiter: RateLimiter;
  now(): Date;
}

const kits = new WeakMap<AppDeps, AuthKit>();

export function authKit(deps: AppDeps): AuthKit {
  let kit = kits.get(deps);
  if (!kit) {
    const store = deps.env.REDIS_URL
      ? new RedisRateStore(new Redis(deps.env.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false }))
      : new MemoryRateStore();
    kit = {
      secret: loadJwtSecret(deps.env),
      limiter: new RateLimiter(store),
      now: deps.now ?? (() => new Date()),
    };
    kits.set(deps, kit);
  }
  return kit;
}
