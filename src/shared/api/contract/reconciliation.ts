/** Finance: the money that moved through each gateway between two days, set against the shop's orders and refunds. */
import { route, type RouteSpec } from "../route-spec";
import { reconciliationQuerySchema, SETTLEMENT_UPLOAD, settlementQuerySchema } from "../../schemas/reconciliation";
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
  "POST /shop-api/staff/reports/reconciliation/settlement": route({
    tag: "staff",
    summary: "Staff: the reconciliation of a period with a gateway's settlement file laid beside it (multipart/form-data, field `file`)",
    description:
      "The file is the gateway's own settlement: for `gateway=mercadopago`, MercadoPago's released-money report (release report) as CSV, comma or semicolon separated, with its columns DATE, SOURCE_ID, EXTERNAL_REFERENCE, RECORD_TYPE, DESCRIPTION, NET_CREDIT_AMOUNT, NET_DEBIT_AMOUNT, GROSS_AMOUNT and MP_FEE_AMOUNT (FINANCING_FEE_AMOUNT read when present); its `release` lines of payments and refunds are read, amounts in `currency`. Nothing is stored. The answer is the reconciliation of the period (as GET) with each movement of that gateway's settled amount, fee and release time, the file's lines the shop has no payment of (`unknownSettlements`), and the findings `settled_unknown`, `settled_amount_differs` and `not_settled` (a capture older than 21 days before the file's last release that the file does not settle). `format=csv|xlsx` as GET, with the unknown lines last.",
    auth: "staff",
    query: settlementQuerySchema,
    upload: SETTLEMENT_UPLOAD,
    answer: reconciliationSchema,
    files: [
      { mediaType: "text/csv", description: "`format=csv`: the movements and unknown settlement lines as CSV (UTF-8, a header line)" },
      { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "`format=xlsx`: the same as an XLSX workbook" },
    ],
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 413: ["payload_too_large"], 422: ["validation_failed", "upload_missing", "settlement_file_unreadable"] },
  }),
} as const satisfies Record<string, RouteSpec>;
