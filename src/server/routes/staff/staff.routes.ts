/**
 * Staff-only calls (DESIGN.md "Roles": staff validate transfers). POST /shop-api/staff/orders/{id}/confirm-transfer
 * marks a bank-transfer order paid and mails "payment received"; callers without the staff or admin role get 403.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ApiError, ok } from "../../http/answer";
import { confirmTransfer } from "../../services/orders/confirm-transfer";
import { orderIdParam } from "../orders/path-id";

export const STAFF_ROLES = ["staff", "admin"] as const;

const requireStaff: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!(STAFF_ROLES as readonly string[]).includes(callerOf(c).role)) throw new ApiError(403, "forbidden");
  await next();
};

export const staffRoutes = new Hono<AuthEnv>();
staffRoutes.use("*", requireCaller, requireStaff);

staffRoutes.post("/orders/:id/confirm-transfer", async (c) => {
  const id = orderIdParam(c.req.param("id"));
  return ok(c, await confirmTransfer(c.get("deps"), id, callerOf(c).id));
});
