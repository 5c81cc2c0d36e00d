/** The waiting list of sold-out subcategories: a customer's own places in line, and the staff's reading of every list. */
import * as z from "zod/mini";
import { pathRowId, route, type RouteSpec } from "../route-spec";
import { joinWaitingListSchema, waitingListsQuerySchema } from "../../schemas/waiting-list";
import * as answers from "../../schemas/answers/waiting-list";

const rowId = pathRowId;

export const waitingListRoutes = {
  "POST /shop-api/waiting-list": route({
    tag: "orders",
    summary: "Join a sold-out subcategory's waiting list for a date, for a number of seats",
    description:
      "Allowed while fewer seats than asked are on sale. When seats come back the first in line whose seats fit is mailed an offer: the seats are held for them for WAITING_OFFER_HOURS (default 12) and the mail's link opens the booking wizard on them.",
    auth: "bearer",
    body: joinWaitingListSchema,
    status: 201,
    answer: answers.waitingEntrySchema,
    refusals: {
      401: ["unauthorized"],
      404: ["not_found"],
      409: ["waiting_list_seats_on_sale", "waiting_list_already_joined"],
      410: ["event_gone"],
      422: ["validation_failed", "unknown_event_date", "variant_not_in_event"],
    },
  }),
  "GET /shop-api/waiting-list": route({
    tag: "orders",
    summary: "The caller's places on waiting lists, with their offers",
    auth: "bearer",
    answer: answers.waitingEntriesSchema,
    refusals: { 401: ["unauthorized"] },
  }),
  "DELETE /shop-api/waiting-list/:id": route({
    tag: "orders",
    summary: "Leave a waiting list (an offer held for the caller goes to the next in line)",
    auth: "bearer",
    params: z.object({ id: rowId }),
    answer: answers.waitingEntrySchema,
    refusals: { 401: ["unauthorized"], 404: ["not_found"] },
  }),
  "GET /shop-api/staff/waiting-lists": route({
    tag: "staff",
    summary: "Staff: every waiting list (or one event's) with the people in line and their offers",
    auth: "staff",
    query: waitingListsQuerySchema,
    answer: answers.staffWaitingListsSchema,
    refusals: { 401: ["unauthorized"], 403: ["forbidden"], 422: ["validation_failed"] },
  }),
} as const satisfies Record<string, RouteSpec>;
