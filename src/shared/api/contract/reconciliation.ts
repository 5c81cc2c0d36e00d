/** Finance: the money that moved through each gateway between two days, set against the shop's orders and refunds. */
import { route, type RouteSpec } from "../route-spec";
import { reconciliationQuerySchema } from "../../schemas/reconciliation";
import { reconciliationSchema } from "../../schemas/answers/reconciliation";

export const reconciliationRoutes = {
  "GET /shop-api/staff/reports/reconciliation": route({
    tag: "staff",
    summary: "Staff: every payment that took money and every refund between two days, by gateway, with what does not match",
    description:
      "A day is the wall-clock day of the order's event country. Each movement carries the gateway's id (and Webpay's authorization code, MercadoPago's fee when its answer gives them), the order and its state, and a finding when it does not match: a capture of an order that is not paid, another amount than the order's, money owed back or taken twice and not returned, a gateway refund not confirmed, more refunded than paid. Totals per gateway and currency count captures and confirmed refunds. `format=csv` answers `text/csv`, `format=xlsx` a workbook of typed cells (money in the currency's units, refunds negative, dates); CSV text cells that could run as a formula are quoted with an apostrophe.",
    auth: "staff",
    query: reconciliationQuerySchema,
    answer: reconciliationSchema,
    files: [
      { mediaType: "text/csv", description: "`format=csv`: the movements as CSV (UTF-8, a header line)" },
      { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "`format=xlsx`: the movements as an XLSX workbook" },
    ],
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
