/**
 * The staff's order desk and refunds: one order with everything about it, correcting a passenger, resending the
 * tickets, a note, cancelling, refunding all or some passengers, and the hand-paid refunds to settle.
 */
import * as z from "zod/mini";
import { pathRowId, route, type RouteSpec } from "../route-spec";
import { cancellationTermsQuerySchema, selfCancelSchema, exportQuerySchema, salesReportQuerySchema, orderNoteSchema, passengerCorrectionSchema, refundPaidSchema, refundRequestSchema, refundsQuerySchema, staffCancelSchema } from "../../schemas/order-desk";
import * as desk from "../../schemas/answers/order-desk";
import * as selfCancel from "../../schemas/answers/self-cancel";

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const rowId = pathRowId;
const orderPath = z.object({ id: rowId });

const pdfFile = { mediaType: "application/pdf", description: "The document as a PDF" } as const;
const refundPath = z.object({ id: rowId, refundId: rowId });

export const orderDeskRoutes = {
  "GET /shop-api/orders/:id/invoice": route({
    tag: "orders",
    summary: "The owner's invoice of a paid order, as a PDF",
    description: "Numbered from the country's gapless sequence when the order was paid; the shop's legal details, the buyer's name and document, the lines, discounts, tax and totals.",
    auth: "bearer",
    params: orderPath,
    files: [pdfFile],
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/orders/:id/credit-notes/:refundId": route({
    tag: "orders",
    summary: "The owner's credit note of a refund, as a PDF (it names the invoice it corrects)",
    auth: "bearer",
    params: refundPath,
    files: [pdfFile],
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/staff/orders/:id/invoice": route({
    tag: "staff",
    summary: "Staff: an order's invoice, as a PDF",
    auth: "staff",
    params: orderPath,
    files: [pdfFile],
    refusals: { ...staffOnly, 404: ["not_found"] },
  }),
  "GET /shop-api/staff/orders/:id/credit-notes/:refundId": route({
    tag: "staff",
    summary: "Staff: a refund's credit note, as a PDF",
    auth: "staff",
    params: refundPath,
    files: [pdfFile],
    refusals: { ...staffOnly, 404: ["not_found"] },
  }),
  "GET /shop-api/orders/:id/cancellation": route({
    tag: "orders",
    summary: "The owner's cancellation terms now: whether it is open, until when, and what would be refunded",
    auth: "bearer",
    params: orderPath,
    query: cancellationTermsQuerySchema,
    answer: selfCancel.cancellationTermsSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"], 422: ["validation_failed", "refund_splits_ticket"] },
  }),
  "POST /shop-api/orders/:id/cancel": route({
    tag: "orders",
    summary: "The owner cancels the booking or some passengers within the event's policy; the refund follows",
    auth: "bearer",
    params: orderPath,
    body: selfCancelSchema,
    answer: selfCancel.selfCancelAnswerSchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"], 409: ["cancellation_closed", "order_not_refundable", "already_refunded"], 422: ["validation_failed", "refund_splits_ticket"] },
  }),
  "GET /shop-api/staff/orders/:id": route({
    tag: "staff",
    summary: "Staff: one order with its buyer, tickets, passengers, payments, check-ins, messages, refunds and history",
    auth: "staff",
    params: orderPath,
    answer: desk.orderDeskSchema,
    refusals: { ...staffOnly, 404: ["not_found"] },
  }),
  "PUT /shop-api/staff/orders/:id/passengers/:passengerId": route({
    tag: "staff",
    summary: "Staff: correct a passenger's name, email, phone or pick-up address (audited)",
    auth: "staff",
    params: z.object({ id: rowId, passengerId: rowId }),
    body: passengerCorrectionSchema,
    answer: desk.deskActionSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/orders/:id/resend": route({
    tag: "staff",
    summary: "Staff: mail the confirmation and tickets again (or a waiting transfer's instructions)",
    auth: "staff",
    params: orderPath,
    answer: desk.deskActionSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["order_not_resendable"] },
  }),
  "POST /shop-api/staff/orders/:id/notes": route({
    tag: "staff",
    summary: "Staff: a note in the order's history",
    auth: "staff",
    params: orderPath,
    body: orderNoteSchema,
    status: 201,
    answer: desk.deskActionSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/orders/:id/cancel": route({
    tag: "staff",
    summary: "Staff: cancel an order (a waiting one ends; a paid one is refunded whole)",
    auth: "staff",
    params: orderPath,
    body: staffCancelSchema,
    answer: desk.deskActionSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["order_not_cancellable", "order_not_refundable", "already_refunded"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/orders/:id/refund": route({
    tag: "staff",
    summary: "Staff: refund a paid order whole or some passengers' tickets; their seats go back on sale",
    description:
      "A card payment is refunded through its gateway (an outbox job); a bank transfer becomes a refund to pay by hand (GET /shop-api/staff/refunds). The same `idempotencyKey` answers the same refund (`created: false`).",
    auth: "staff",
    params: orderPath,
    body: refundRequestSchema,
    status: 201,
    answer: desk.refundAnswerSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["order_not_refundable", "already_refunded"], 422: ["validation_failed", "refund_splits_ticket", "refund_too_large"] },
  }),
  "GET /shop-api/staff/refunds": route({
    tag: "staff",
    summary: "Staff: refunds (by state), with the buyer to ask for bank details when paid by hand",
    auth: "staff",
    query: refundsQuerySchema,
    answer: desk.refundDeskSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/refunds/:id/paid": route({
    tag: "staff",
    summary: "Staff: a refund paid by hand is done; the buyer is mailed",
    auth: "staff",
    params: orderPath,
    body: refundPaidSchema,
    answer: desk.refundAnswerSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["refund_not_manual"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/exports": route({
    tag: "staff",
    summary: "Staff: orders or their passengers of an event date or a search, as JSON, CSV or XLSX",
    description:
      "`format=csv` answers `text/csv`, `format=xlsx` a workbook (typed cells: numbers, money in the currency's units, dates; a frozen header with filters). In CSV every text cell that begins with =, +, -, @, a tab or a carriage return is quoted with an apostrophe so no spreadsheet runs it as a formula; XLSX writes text as string cells, which no spreadsheet runs.",
    auth: "staff",
    query: exportQuerySchema,
    answer: desk.exportTableSchema,
    files: [
      { mediaType: "text/csv", description: "`format=csv`: the table as CSV (UTF-8, a header line)" },
      { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "`format=xlsx`: the table as an XLSX workbook" },
    ],
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/reports/sales": route({
    tag: "staff",
    summary: "Staff: an event's sales (or one date's): tickets, passengers, revenue by method and currency, discounts, refunds, seats left, check-ins, sales by day",
    description: "Without `eventId` only the events with orders are listed (`report: null`).",
    auth: "staff",
    query: salesReportQuerySchema,
    answer: desk.salesReportSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
