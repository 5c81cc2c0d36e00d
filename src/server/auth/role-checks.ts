/**
 * The role checks a router puts after `requireCaller`: staff (staff or admin), admin, driver. A caller without the
 * role gets 403. They live with auth, not with a router, so a route needing one imports no other router.
 */
import type { MiddlewareHandler } from "hono";
import { isAdminRole, isDriverRole, isStaffRole } from "../../shared/domain/roles";
import { ApiError } from "../http/answer";
import { callerOf, type AuthEnv, type Caller } from "./bearer";

export const requireStaff: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isStaffRole(callerOf(c).role)) throw new ApiError(403, "forbidden");
  await next();
};

export const requireAdmin: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isAdminRole(callerOf(c).role)) throw new ApiError(403, "forbidden");
  await next();
};

export const requireDriver: MiddlewareHandler<AuthEnv> = async (c, next) => {
  driverOnly(callerOf(c));
  await next();
};

/** `requireDriver`'s check, for a route that reads its caller within its own statement (the van's positions). */
export function driverOnly(caller: Pick<Caller, "role">): void {
  if (!isDriverRole(caller.role)) throw new ApiError(403, "forbidden");
}
