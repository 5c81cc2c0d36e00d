/**
 * Staff-only calls (staff, not the buyer, confirm that a transfer arrived). POST /shop-api/staff/orders/{id}/confirm-transfer
 * marks a bank-transfer order paid and mails "payment received"; callers without the staff or admin role get 403.
 */
import { Hono } from "hono";
import { callerOf, requireCaller, type AuthEnv } from "../../auth/bearer";
import { requireStaff } from "../../auth/role-checks";
import { confirmTransferByStaff } from "../../services/purchase/transfer-decisions";
import { manifestRoutes } from "./manifests.routes";
import { staffOrderRoutes } from "./staff-orders.routes";
import { orderDeskRoutes } from "./order-desk.routes";
import { staffInvoiceRoutes } from "../orders/invoices.routes";
import { documented } from "../contract";
import { staffPrivateEventRoutes } from "./private-events.routes";
import { dispatchRoutes } from "./dispatch.routes";
import { liveRoutes } from "./live.routes";
import { staffWaitingListRoutes } from "./waiting-lists.routes";
import { dayReportRoutes } from "./day-report.routes";
import { reconciliationRoutes } from "./reconciliation.routes";

const confirm = documented("POST /shop-api/staff/orders/:id/confirm-transfer");

export const staffRoutes = new Hono<AuthEnv>();
staffRoutes.use("*", requireCaller, requireStaff);

staffRoutes.post("/orders/:id/confirm-transfer", confirm.describe, async (c) => {
  const id = confirm.params(c).id;
  return confirm.ok(c, await confirmTransferByStaff(c.get("deps"), id, { id: callerOf(c).id, email: callerOf(c).email }));
});

staffRoutes.route("/", staffOrderRoutes);
staffRoutes.route("/", orderDeskRoutes);
staffRoutes.route("/", staffInvoiceRoutes);
staffRoutes.route("/", manifestRoutes);
staffRoutes.route("/", staffWaitingListRoutes);
staffRoutes.route("/", dayReportRoutes);
staffRoutes.route("/", reconciliationRoutes);
staffRoutes.route("/event-requests", staffPrivateEventRoutes);
staffRoutes.route("/dispatch/live", liveRoutes);
staffRoutes.route("/dispatch", dispatchRoutes);
