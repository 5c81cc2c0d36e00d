/**
 * Staff-only calls (staff, not the buyer, confirm that a transfer arrived). POST /shop-api/staff/orders/{id}/confirm-transfer
 * marks a bank-transfer order paid and mails "payment received"; callers without the staff or admin role get 403.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { ApiError } from "../../http/answer";
import { confirmTransferByStaff } from "../../services/staff/transfer-decisions";
import { manifestRoutes } from "./manifests.routes";
import { staffOrderRoutes } from "./staff-orders.routes";
import { orderDeskRoutes } from "./order-desk.routes";
import { pathId as orderIdParam } from "../../http/path-id";
import { documented } from "../contract";
import { staffEventRequestRoutes } from "./event-requests.routes";
import { dispatchRoutes } from "./dispatch.routes";
import { staffWaitingListRoutes } from "./waiting-lists.routes";
import { isStaffRole } from "../../../shared/domain/roles";

const confirm = documented("POST /shop-api/staff/orders/:id/confirm-transfer");

export const requireStaff: MiddlewareHandler<AuthEnv> = async (c, next) => {
  if (!isStaffRole(callerOf(c).role)) throw new ApiError(403, "forbidden");
  await next();
};

export const staffRoutes = new Hono<AuthEnv>();
staffRoutes.use("*", requireCaller, requireStaff);

staffRoutes.post("/orders/:id/confirm-transfer", confirm.describe, async (c) => {
  const id = orderIdParam(c.req.param("id"));
  return confirm.ok(c, await confirmTransferByStaff(c.get("deps"), id, { id: callerOf(c).id, email: callerOf(c).email }));
});

staffRoutes.route("/", staffOrderRoutes);
staffRoutes.route("/", orderDeskRoutes);
staffRoutes.route("/", manifestRoutes);
staffRoutes.route("/", staffWaitingListRoutes);
staffRoutes.route("/event-requests", staffEventRequestRoutes);
staffRoutes.route("/dispatch", dispatchRoutes);
