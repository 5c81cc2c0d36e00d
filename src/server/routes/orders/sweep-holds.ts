/**
 * Middleware for routes behind `requireCaller` that show the caller's orders: unpaid orders whose seat hold ran
 * out are marked expired first, so they read as expired rather than still pending (issue 4 section 2).
 */
import type { MiddlewareHandler } from "hono";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { expireHolds } from "../../services/orders/release";

export const sweepCallerHolds: MiddlewareHandler<AuthEnv> = async (c, next) => {
  const deps = c.get("deps");
  await expireHolds(deps.db, (deps.now ?? (() => new Date()))(), { userId: callerOf(c).id });
  await next();
};
