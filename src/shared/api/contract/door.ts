/** The van-door check-in calls (the QR scanner at /qr-verification; staff only). */
import * as z from "zod/mini";
import { pathRowId, route, type RouteSpec } from "../route-spec";
import { checkCompleteSchema, doorSyncSchema, manifestQuerySchema, progressQuerySchema } from "../../schemas/door";
import * as door from "../../schemas/answers/door";

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const ticketRefusals = ["ticket_not_paid", "ticket_cancelled", "ticket_expired", "ticket_refunded", "ticket_wrong_leg", "wrong_date"] as const;

export const doorRoutes = {
  "POST /shop-api/order/:orderId/check-complete": route({
    tag: "staff",
    summary: "Staff: check a scanned ticket at the van door for one leg (outbound or return)",
    description:
      "`qr` is the scanned text as read: a passenger's code checks in that passenger, the order's code every passenger of the order. Its signature must be the shop's and name the path's order; the order must be paid and not refunded. With `eventDateId` (the date the door works) a ticket of another date is refused with `wrong_date`, whose message names the ticket's date. A repeat scan of the same passenger and leg answers `alreadyCheckedIn: true` with the first scan's time and staff member.",
    auth: "staff",
    params: z.object({ orderId: pathRowId }),
    body: checkCompleteSchema,
    answer: door.checkCompleteAnswerSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ticketRefusals, 422: ["validation_failed", "ticket_invalid", "ticket_other_order"] },
  }),
  "GET /shop-api/staff/ticket-key": route({
    tag: "staff",
    summary: "Staff: the public key (JWK, Ed25519) that checks ticket signatures without the shop",
    auth: "staff",
    answer: door.ticketPublicKeySchema,
    refusals: staffOnly,
  }),
  "GET /shop-api/staff/checkin-dates": route({
    tag: "staff",
    summary: "Staff: the next 20 event dates with paid orders (from yesterday on), soonest first",
    auth: "staff",
    answer: door.doorDatesSchema,
    refusals: staffOnly,
  }),
  "GET /shop-api/staff/checkin-manifest": route({
    tag: "staff",
    summary: "Staff: the paid orders of one event date and the ticket key, for checking tickets offline",
    auth: "staff",
    query: manifestQuerySchema,
    answer: door.offlineManifestSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/check-ins/sync": route({
    tag: "staff",
    summary: "Staff: check-ins recorded offline, sent once the network is back; each nonce is applied once",
    description:
      "A passenger another door had already let in on the same leg is a `conflict`: both scans are kept, the earliest stands, and the answer lists them.",
    auth: "staff",
    body: doorSyncSchema,
    answer: door.doorSyncAnswerSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/checkins/progress": route({
    tag: "staff",
    summary: "Staff: how many of an event date's paid passengers have boarded, per leg and per van run, with who is missing and the conflicts",
    auth: "staff",
    query: progressQuerySchema,
    answer: door.boardingProgressSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
