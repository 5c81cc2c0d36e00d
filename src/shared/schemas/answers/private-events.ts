/**
 * The private-event calls' answers. Dates are UTC ISO strings; the browser
 * reads these as types only.
 */
import * as z from "zod/mini";
import { REQUEST_STATES } from "../../domain/request-states";

const stopSchema = z.object({ address: z.string(), countyId: z.number(), time: z.string() });

/** One private event request, as its owner (and staff) see it. */
export const eventRequestAnswerSchema = z.object({
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
  state: z.enum(REQUEST_STATES),
  rejectionReason: z.nullable(z.string()),
  eventSlug: z.nullable(z.string()),
  claimHours: z.number(),
  claimDeadline: z.string(),
});
export type EventRequestAnswer = z.infer<typeof eventRequestAnswerSchema>;

export const createdRequestSchema = z.object({ id: z.number() });

/** A list by state: the rows, or a `message` field alone, which means there are no events. */
export const eventRequestListSchema = z.union([
  z.array(eventRequestAnswerSchema),
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
});
export type GuestStatus = z.infer<typeof guestStatusSchema>;

export const invitedEventSchema = z.object({
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
});
export type InvitedEvent = z.infer<typeof invitedEventSchema>;

/** Staff review: the request, its owner and its guest list. */
export const staffEventRequestSchema = z.object({
  request: eventRequestAnswerSchema,
  owner: z.object({ id: z.number(), name: z.string(), email: z.string() }),
  guests: z.array(guestStatusSchema),
});

export const reviewedRequestSchema = z.object({ id: z.number(), state: z.enum(REQUEST_STATES), eventSlug: z.nullable(z.string()) });

export const claimedSchema = z.object({ eventSlug: z.string(), seats: z.number() });
