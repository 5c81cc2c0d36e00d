/**
 * Private event quotes and guests: the organiser paying a private event's quote (or more seats at its price), staff marking a quote
 * invoiced, and the organiser's hands-on guest list.
 * Spread into the shop API's contract (src/shared/api/contract/index.ts).
 */
import * as z from "zod/mini";
import { pathRowId, rowIdPath, type RouteSpec } from "../route-spec";
import { addGuestSchema, guestExportQuery, payQuoteSchema } from "../../schemas/private-event-quotes";
import { guestStatusSchema, reviewedPrivateEventSchema } from "../../schemas/answers/private-events";
import { paymentStartAnswerSchema } from "../../schemas/answers/orders";

const route = <const R extends RouteSpec>(spec: R) => spec;
const idPath = rowIdPath;
const guestPath = z.object({ id: pathRowId, guestId: pathRowId });
const own = { 401: ["unauthorized"], 404: ["not_found"] } as const;
const payRefusals = ["validation_failed", "payment_method_unavailable"] as const;
const gateway = { 502: ["payment_gateway_unavailable", "payment_gateway_refused"] } as const;

export const privateEventQuoteRoutes = {
  "POST /shop-api/event-requests/:id/pay": route({
    tag: "private-events",
    summary: "The organiser pays the approved quote (or `seats` more seats at the quoted price) with one of the country's methods",
    description: "Answers like init-payment: the order that carries the payment and what the method needs (a redirect, transfer details). Invitations go out once it is paid.",
    auth: "bearer",
    params: idPath,
    body: payQuoteSchema,
    status: 201,
    answer: paymentStartAnswerSchema,
    refusals: { ...own, 409: ["quote_not_payable"], 410: ["quote_expired"], 422: [...payRefusals], ...gateway },
  }),
  "POST /shop-api/staff/event-requests/:id/invoiced": route({
    tag: "staff",
    summary: "Staff: a company customer is billed by invoice; the quote counts as settled and the invitations go out (audited)",
    auth: "staff",
    params: idPath,
    answer: reviewedPrivateEventSchema,
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 404: ["not_found"], 409: ["quote_not_payable"] },
  }),
  "POST /shop-api/event-requests/:id/guests": route({
    tag: "private-events",
    summary: "The organiser adds one guest (after approval: within the quoted seats; invited at once when the quote is settled)",
    auth: "bearer",
    params: idPath,
    body: addGuestSchema,
    status: 201,
    answer: guestStatusSchema,
    refusals: { ...own, 409: ["request_not_editable", "guest_seats_over_quote", "guest_already_listed"], 422: ["validation_failed"] },
  }),
  "DELETE /shop-api/event-requests/:id/guests/:guestId": route({
    tag: "private-events",
    summary: "The organiser removes a guest (their invitation link stops working; seats they booked stay booked)",
    auth: "bearer",
    params: guestPath,
    answer: z.object({ removed: z.boolean() }),
    refusals: { ...own, 409: ["request_not_editable"] },
  }),
  "POST /shop-api/event-requests/:id/guests/:guestId/resend": route({
    tag: "private-events",
    summary: "The organiser sends a guest's invitation again (a fresh personal link; the old one stops working)",
    auth: "bearer",
    params: guestPath,
    answer: z.object({ sent: z.boolean() }),
    refusals: { ...own, 409: ["invitations_not_sent"] },
  }),
  "GET /shop-api/event-requests/:id/guests/export": route({
    tag: "private-events",
    summary: "The guest list with claims, booked seats and pick-ups as a spreadsheet (`format=xlsx`, default) or CSV",
    description: "Answers the file, not JSON. Cells that a spreadsheet would read as a formula are written as text.",
    auth: "bearer",
    params: idPath,
    query: guestExportQuery,
    files: [
      { mediaType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", description: "`format=xlsx` (the default): the guest list as an XLSX workbook" },
      { mediaType: "text/csv", description: "`format=csv`: the guest list as CSV (UTF-8, a header line)" },
    ],
    refusals: { ...own, 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
