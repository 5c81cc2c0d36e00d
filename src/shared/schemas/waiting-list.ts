/**
 * The waiting list of a sold-out subcategory: joining it for a number of seats on one date, and the staff's
 * reading of the lists. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { WAITING_MAX_SEATS } from "../domain/waiting-list";
import { databaseId } from "./fields";

/** POST /shop-api/waiting-list: a place in line for `seats` seats of a subcategory on a date. */
export const joinWaitingListSchema = z.object({
  eventDateId: databaseId("errors.invalid_id"),
  productVariantId: databaseId("errors.invalid_id"),
  seats: z
    .number({ error: "errors.invalid_number" })
    .check(z.int("errors.invalid_number"), z.minimum(1, "errors.waiting_seats_range"), z.maximum(WAITING_MAX_SEATS, "errors.waiting_seats_range")),
});
export type JoinWaitingList = z.infer<typeof joinWaitingListSchema>;
export type JoinWaitingListInput = z.input<typeof joinWaitingListSchema>;

/** GET /shop-api/staff/waiting-lists: every list, or one event's. */
export const waitingListsQuerySchema = z.object({ eventId: z.optional(databaseId("errors.invalid_id")) });
export type WaitingListsQuery = z.infer<typeof waitingListsQuerySchema>;
