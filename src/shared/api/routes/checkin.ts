/** The van-door check-in calls (storefront spec sections 2-5 "QR scanner"; staff only). */
import * as z from "zod/mini";
import { route, type RouteSpec } from "../route-spec";
import { checkCompleteSchema, checkInSyncSchema, manifestQuerySchema } from "../../schemas/checkin";
import * as checkin from "../../schemas/answers/checkin";

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const ticketRefusals = ["ticket_not_paid", "ticket_cancelled", "ticket_expired"] as const;

export const checkinRoutes = {
  "POST /shop-api/order/:orderId/check-complete": route({
    tag: "staff",
    summary: "Staff: check a scanned ticket at the van door for one leg (outbound or return)",
    description:
      "`qr` is the scanned text as read. Its signature must be the shop's and name the path's order; the order must be paid. A repeat scan of the same leg answers `alreadyCheckedIn: true` with the first scan's time and staff member.",
    auth: "staff",
    params: z.object({ orderId: z.string().check(z.regex(/^\d+$/)) }),
    body: checkCompleteSchema,
    answer: checkin.checkCompleteAnswerSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ticketRefusals, 422: ["validation_failed", "ticket_invalid", "ticket_other_order"] },
  }),
  "GET /shop-api/staff/ticket-key": route({
    tag: "staff",
    summary: "Staff: the public key (JWK, Ed25519) that checks ticket signatures without the shop",
    auth: "staff",
    answer: checkin.ticketPublicKeySchema,
    refusals: staffOnly,
  }),
  "GET /shop-api/staff/checkin-dates": route({
    tag: "staff",
    summary: "Staff: the next 20 event dates with paid orders (from yesterday on), soonest first",
    auth: "staff",
    answer: checkin.checkInDatesSchema,
    refusals: staffOnly,
  }),
  "GET /shop-api/staff/checkin-manifest": route({
    tag: "staff",
    summary: "Staff: the paid orders of one event date and the ticket key, for checking tickets offline",
    auth: "staff",
    query: manifestQuerySchema,
    answer: checkin.checkInManifestSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/check-ins/sync": route({
    tag: "staff",
    summary: "Staff: check-ins recorded offline, sent once the network is back; each nonce is applied once",
    auth: "staff",
    body: checkInSyncSchema,
    answer: checkin.checkInSyncAnswerSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
