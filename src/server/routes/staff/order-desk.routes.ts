/**
 * The staff's order desk and refunds (GET /staff/orders/{id}, passenger corrections, resend, notes, cancel,
 * refund; GET /staff/refunds and POST /staff/refunds/{id}/paid). Mounted behind the staff check of staff.routes.ts.
 */
import { Hono } from "hono";
import { REFUND_REASON } from "../../../shared/domain/refunds";
import { callerOf, type AuthEnv } from "../../auth/bearer";
import { requestRefund } from "../../services/refunds/refunds";
import { addOrderNote, cancelByStaff, correctPassenger, orderDesk, resendTickets } from "../../services/order-desk/order-desk";
import { listRefunds, markRefundPaid } from "../../services/refunds/refund-desk";
import { exportCsv, exportTable, exportXlsx } from "../../services/order-desk/order-exports";
import { salesReport } from "../../services/reports/sales-report";
import { documented } from "../contract";
import { readingDeps } from "../../context";

const detail = documented("GET /shop-api/staff/orders/:id");
const passenger = documented("PUT /shop-api/staff/orders/:id/passengers/:passengerId");
const resend = documented("POST /shop-api/staff/orders/:id/resend");
const note = documented("POST /shop-api/staff/orders/:id/notes");
const cancel = documented("POST /shop-api/staff/orders/:id/cancel");
const refund = documented("POST /shop-api/staff/orders/:id/refund");
const refundList = documented("GET /shop-api/staff/refunds");
const refundPaid = documented("POST /shop-api/staff/refunds/:id/paid");
const exports = documented("GET /shop-api/staff/exports");
const sales = documented("GET /shop-api/staff/reports/sales");
const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const actorOf = (c: Parameters<typeof callerOf>[0]) => {
  const caller = callerOf(c);
  return { id: caller.id, email: caller.email };
};

export const orderDeskRoutes = new Hono<AuthEnv>();

orderDeskRoutes.get("/orders/:id", detail.describe, async (c) => {
  return detail.ok(c, await orderDesk(c.get("deps"), detail.params(c).id, c.get("locale")));
});

orderDeskRoutes.put("/orders/:id/passengers/:passengerId", passenger.describe, async (c) => {
  const orderId = passenger.params(c).id;
  const passengerId = passenger.params(c).passengerId;
  const { body: fields } = await passenger.input(c);
  return passenger.ok(c, await correctPassenger(c.get("deps"), actorOf(c), orderId, passengerId, fields));
});

orderDeskRoutes.post("/orders/:id/resend", resend.describe, async (c) => {
  return resend.ok(c, await resendTickets(c.get("deps"), actorOf(c), resend.params(c).id));
});

orderDeskRoutes.post("/orders/:id/notes", note.describe, async (c) => {
  const orderId = note.params(c).id;
  const { body: { text } } = await note.input(c);
  return note.ok(c, await addOrderNote(c.get("deps"), actorOf(c), orderId, text));
});

orderDeskRoutes.post("/orders/:id/cancel", cancel.describe, async (c) => {
  const orderId = cancel.params(c).id;
  const { body: { reason } } = await cancel.input(c);
  return cancel.ok(c, await cancelByStaff(c.get("deps"), actorOf(c), orderId, reason));
});

orderDeskRoutes.post("/orders/:id/refund", refund.describe, async (c) => {
  const orderId = refund.params(c).id;
  const { body } = await refund.input(c);
  return refund.ok(
    c,
    await requestRefund(c.get("deps"), {
      orderId,
      reason: body.reasonCode ?? REFUND_REASON.requested,
      note: body.reason,
      passengerIds: body.passengerIds,
      amount: body.amount,
      idempotencyKey: body.idempotencyKey,
      actor: actorOf(c),
    }),
  );
});

orderDeskRoutes.get("/refunds", refundList.describe, async (c) => {
  const query = refundList.query(c);
  return refundList.ok(c, await listRefunds(c.get("deps"), query, c.get("locale")));
});

orderDeskRoutes.post("/refunds/:id/paid", refundPaid.describe, async (c) => {
  const refundId = refundPaid.params(c).id;
  const { body: { bankDetails } } = await refundPaid.input(c);
  return refundPaid.ok(c, await markRefundPaid(c.get("deps"), actorOf(c), refundId, bankDetails));
});

orderDeskRoutes.get("/exports", exports.describe, async (c) => {
  const query = exports.query(c);
  const table = await exportTable(readingDeps(c.get("deps")), query, c.get("locale"));
  const name = `rodamos-${query.kind ?? "orders"}${query.eventDateId ? `-${query.eventDateId}` : ""}`;
  c.header("cache-control", "no-store");
  if (query.format === "csv") {
    c.header("content-disposition", `attachment; filename="${name}.csv"`);
    return c.body(exportCsv(table), 200, { "content-type": "text/csv; charset=utf-8" });
  }
  if (query.format === "xlsx") {
    c.header("content-disposition", `attachment; filename="${name}.xlsx"`);
    return c.body(exportXlsx(table, query.kind ?? "orders"), 200, { "content-type": XLSX_TYPE });
  }
  return exports.ok(c, table);
});

orderDeskRoutes.get("/reports/sales", sales.describe, async (c) => {
  return sales.ok(c, await salesReport(readingDeps(c.get("deps")), sales.query(c), c.get("locale")));
});
