/** Answers of the staff's event-day calls: the order list, a transfer decision, the van manifests. Dates are UTC ISO. */
import { MANIFEST_PAYMENTS } from "../../domain/dispatch";
import * as z from "zod/mini";
import { NEEDS } from "../../domain/needs";

export const staffOrderSchema = z.object({
  id: z.number(),
  state: z.string(),
  paymentCode: z.string(),
  /** When the order was placed. */
  placedAt: z.string(),
  /** Hours left of the 24 h transfer validation promise, counted from placedAt (negative once late). */
  hoursLeft: z.number(),
  currency: z.string(),
  total: z.number(),
  buyer: z.object({ name: z.string(), email: z.string() }),
  /** `timeZone`: the event country's clock (IANA), in which its times are read. */
  event: z.object({ name: z.string(), date: z.nullable(z.string()), timeZone: z.string() }),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

export const staffOrderPageSchema = z.object({
  items: z.array(staffOrderSchema),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
});
export type StaffOrderPage = z.infer<typeof staffOrderPageSchema>;

/** A transfer confirmed or rejected: `changed` is false when it already was (nothing done, no mail). */
export const transferDecisionSchema = z.object({ orderId: z.number(), paymentState: z.string(), changed: z.boolean() });
export type TransferDecision = z.infer<typeof transferDecisionSchema>;

export const manifestPassengerSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  name: z.string(),
  phone: z.string(),
  /** paid, or pending while the order awaits its payment. */
  payment: z.enum(MANIFEST_PAYMENTS),
  checkedIn: z.object({ outbound: z.boolean(), return: z.boolean() }),
  notified: z.object({ outbound: z.boolean(), return: z.boolean() }),
  /** What the passenger needs on board (wheelchair space, child seat, large luggage), shown at their stop. */
  needs: z.array(z.enum(NEEDS)),
});

export const manifestSchema = z.object({
  /** `timeZone`: the event country's clock, in which times are shown. */
  event: z.object({ id: z.number(), name: z.string(), startsAt: z.string(), returnAt: z.string(), venue: z.string(), timeZone: z.string() }),
  /** Some of the sheet's times come from a published dispatch plan (else all are estimates). */
  published: z.boolean(),
  eventDateId: z.number(),
  province: z.object({ id: z.number(), name: z.string() }),
  vanSeats: z.number(),
  runs: z.array(
    z.object({
      number: z.number(),
      countyName: z.string(),
      seats: z.number(),
      stops: z.array(
        z.object({
          key: z.string(),
          address: z.string(),
          countyName: z.string(),
          pickupAt: z.string(),
          /** The return as published for this stop's passengers: the van leaves the venue, and drops them here; null until published. */
          returnDepartsAt: z.nullable(z.string()),
          dropOffAt: z.nullable(z.string()),
          passengers: z.array(manifestPassengerSchema),
        }),
      ),
    }),
  ),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The event dates (recent and upcoming) that have bookings, each with the provinces they were booked from. */
export const manifestOptionsSchema = z.array(
  z.object({
    eventDateId: z.number(),
    startsAt: z.string(),
    eventName: z.string(),
    /** The event country's clock (IANA), in which staff read its times. */
    timeZone: z.string(),
    provinces: z.array(z.object({ id: z.number(), name: z.string() })),
  }),
);
export type ManifestOptions = z.infer<typeof manifestOptionsSchema>;

export const nextStopAnswerSchema = z.object({
  /** Passengers texted now. */
  notified: z.number(),
  /** Passengers of the stop already told on this leg (not texted again). */
  alreadyNotified: z.number(),
  /** Passengers whose phone could not be read as a mobile number. */
  unreachable: z.number(),
});
export type NextStopAnswer = z.infer<typeof nextStopAnswerSchema>;
