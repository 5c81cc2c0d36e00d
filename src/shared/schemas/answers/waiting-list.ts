/** Places on waiting lists as their owner and staff read them. Times are ISO strings. */
import * as z from "zod/mini";
import { WAITING_SHOWN_STATES } from "../../domain/waiting-list";

/** One place in line, as its owner sees it. */
export const waitingEntrySchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventSlug: z.string(),
  eventName: z.string(),
  eventDateId: z.number(),
  /** When the date starts. */
  date: z.string(),
  productVariantId: z.number(),
  provinceId: z.number(),
  subcategoryName: z.string(),
  seats: z.number(),
  /** Its state, or `lapsed`: bought through its offer, the order ended unpaid. */
  state: z.enum(WAITING_SHOWN_STATES),
  /** People ahead in line (waiting only; 0 once offered). */
  ahead: z.number(),
  /** Until when the offered seats are held (offered only). */
  offerExpiresAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type WaitingEntry = z.infer<typeof waitingEntrySchema>;

export const waitingEntriesSchema = z.array(waitingEntrySchema);

/** One subcategory's list for a date, for staff: everyone in it in line order, with their offers. */
export const staffWaitingListSchema = z.object({
  eventId: z.number(),
  eventName: z.string(),
  eventDateId: z.number(),
  date: z.string(),
  /** The event country's clock (IANA), in which staff read its times. */
  timeZone: z.string(),
  productVariantId: z.number(),
  subcategoryName: z.string(),
  /** Seats on sale now (0 while sold out). */
  seatsLeft: z.number(),
  entries: z.array(
    z.object({
      id: z.number(),
      userId: z.number(),
      name: z.string(),
      email: z.string(),
      seats: z.number(),
      /** Its state, or `lapsed`: bought through its offer, the order ended unpaid. */
      state: z.enum(WAITING_SHOWN_STATES),
      createdAt: z.string(),
      offeredAt: z.nullable(z.string()),
      offerExpiresAt: z.nullable(z.string()),
      endedAt: z.nullable(z.string()),
      orderId: z.nullable(z.number()),
    }),
  ),
});
export type StaffWaitingList = z.infer<typeof staffWaitingListSchema>;
export const staffWaitingListsSchema = z.array(staffWaitingListSchema);
