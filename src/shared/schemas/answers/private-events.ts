/**
 * The private-event calls' answers. Dates are UTC ISO strings; the browser
 * reads these as types only.
 */
import * as z from "zod/mini";
import { PRIVATE_EVENT_STATES } from "../../domain/private-event-states";
import { QUOTE_STATES, PRIVATE_EVENT_PAYERS } from "../../domain/private-events";

const stopSchema = z.object({ address: z.string(), countyId: z.number(), time: z.string() });

export const quoteAnswerSchema = z.object({
  currency: z.string(),
  perSeat: z.nullable(z.number()),
  total: z.number(),
  seats: z.number(),
  validUntil: z.string(),
  provinces: z.array(z.object({ provinceId: z.number(), perSeat: z.number() })),
});

/** One private event, as its owner (and staff) see it. */
export const privateEventAnswerSchema = z.object({
  id: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  address: z.string(),
  countyId: z.number(),
  county: z.object({ id: z.number(), name: z.string() }),
  countryCode: z.string(),
  additionalStops: z.array(stopSchema),
  invitation: z.string(),
  imagePath: z.nullable(z.string()),
  cardImagePath: z.nullable(z.string()),
  hasGuests: z.boolean(),
  guestCount: z.number(),
  state: z.enum(PRIVATE_EVENT_STATES),
  rejectionReason: z.nullable(z.string()),
  eventSlug: z.nullable(z.string()),
  claimHours: z.number(),
  claimDeadline: z.string(),
  guestsExpected: z.nullable(z.number()),
  pickupProvinceIds: z.array(z.number()),
  payer: z.enum(PRIVATE_EVENT_PAYERS),
  /** Staff's quote once approved (minor units of its currency); what it costs the organiser in `total`. */
  quote: z.nullable(quoteAnswerSchema),
  quoteState: z.nullable(z.enum(QUOTE_STATES)),
  /** Seats the event carries: the quoted ones plus any bought since. */
  quotedSeats: z.nullable(z.number()),
  /** Seats the guest list gives in all. */
  guestSeats: z.number(),
});
export type PrivateEventAnswer = z.infer<typeof privateEventAnswerSchema>;

export const createdPrivateEventSchema = z.object({ id: z.number() });

/** A list by state: the rows, or a `message` field alone, which means there are no events. */
export const privateEventListSchema = z.union([
  z.array(privateEventAnswerSchema),
  z.object({ message: z.string() }),
]);

export const uploadedImageSchema = z.object({ imagePath: z.string(), cardImagePath: z.string(), width: z.number(), height: z.number() });

export const refusedRowSchema = z.object({ line: z.number(), email: z.string(), reason: z.string() });
/** The guest list as read: rows kept, duplicates merged, refused rows with their line and reason. */
export const uploadedGuestsSchema = z.object({
  saved: z.number(),
  seats: z.number(),
  merged: z.number(),
  refused: z.array(refusedRowSchema),
});

/** One guest, with whether the seat is taken (claimed or booked) or released at the deadline. */
export const guestStatusSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  seats: z.number(),
  status: z.enum(["claimed", "not_claimed", "released"]),
  /** Seats the guest has booked (paid or being paid). */
  booked: z.number(),
  /**
   * Where the guest is picked up (the address they booked; null before they book) and, once the dispatcher has
   * published the date's plan, when: `time` the outbound pick-up, `returnAt` the return's departure from the
   * venue, each null while that leg's plan is not published.
   */
  pickup: z.nullable(z.object({ address: z.string(), time: z.nullable(z.string()), returnAt: z.nullable(z.string()) })),
});
export type GuestStatus = z.infer<typeof guestStatusSchema>;

export const invitedEventSchema = z.object({
  /** The private event's id (the contract names it `requestId`). */
  requestId: z.number(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  address: z.string(),
  invitation: z.string(),
  imagePath: z.nullable(z.string()),
  eventSlug: z.string(),
  seats: z.number(),
  claimed: z.boolean(),
  claimDeadline: z.string(),
  /** The event's country: its dates and the claim deadline read on that country's clock. */
  countryCode: z.string(),
});
export type InvitedEvent = z.infer<typeof invitedEventSchema>;

/** Staff review: the private event (the contract's `request`), its owner and its guest list. */
export const staffPrivateEventSchema = z.object({
  request: privateEventAnswerSchema,
  owner: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  guests: z.array(guestStatusSchema),
});

export const reviewedPrivateEventSchema = z.object({ id: z.number(), state: z.enum(PRIVATE_EVENT_STATES), eventSlug: z.nullable(z.string()) });

export const claimedSchema = z.object({ eventSlug: z.string(), seats: z.number() });
