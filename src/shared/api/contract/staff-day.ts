/**
 * The staff's event-day calls (staff validate transfers; passengers are picked up at home and told when the
 * van is near): the order list and transfers
 * to validate, rejecting a transfer, the van loads of a date and province (the answer's `runs`), and "the van is arriving" messages.
 */
import { rowIdPath, type RouteSpec } from "../route-spec";
import { manifestQuerySchema, nextStopSchema, rejectTransferSchema, staffOrdersQuerySchema } from "../../schemas/staff";
import * as staff from "../../schemas/answers/staff-day";

// The same identity as index.ts's `route`, here so this file needs only a type from there (no import cycle).
const route = <const R extends RouteSpec>(spec: R) => spec;

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;

export const staffDayRoutes = {
  "GET /shop-api/staff/orders": route({
    tag: "staff",
    summary: "Staff: orders by state (oldest first) and search, a page at a time",
    description:
      "`state=awaiting_transfer_payment` lists the transfers to validate, each with the hours left of the 24 h promise. `q` searches the order id, the buyer's email and name and the event's name.",
    auth: "staff",
    query: staffOrdersQuerySchema,
    answer: staff.staffOrderPageSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/orders/:id/reject-transfer": route({
    tag: "staff",
    summary: "Staff: a bank transfer never arrived; the order is cancelled, its seats freed, the buyer mailed why once",
    auth: "staff",
    params: rowIdPath,
    body: rejectTransferSchema,
    answer: staff.transferDecisionSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["order_not_awaiting_transfer"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/manifests/options": route({
    tag: "staff",
    summary: "Staff: event dates (from yesterday on) with bookings, and the provinces they were booked from",
    auth: "staff",
    answer: staff.manifestOptionsSchema,
    refusals: staffOnly,
  }),
  "GET /shop-api/staff/manifests": route({
    tag: "staff",
    summary: "Staff: the van runs of an event date and province, stops in pick-up order",
    description: "Answers `text/csv` (one line per passenger) when the Accept header asks for it.",
    auth: "staff",
    query: manifestQuerySchema,
    answer: staff.manifestSchema,
    files: [{ mediaType: "text/csv", description: "`Accept: text/csv`: one line per passenger, in pick-up order" }],
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/manifests/next-stop": route({
    tag: "staff",
    summary: "Staff: the van's next stop; each of its passengers is texted once per leg",
    auth: "staff",
    body: nextStopSchema,
    answer: staff.nextStopAnswerSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
