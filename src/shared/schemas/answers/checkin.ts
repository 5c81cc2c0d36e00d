/** The van-door check-in's answers (storefront spec section 3 "Check-complete response", plus the leg and who scanned first). */
import * as z from "zod/mini";
import { CHECK_IN_LEGS } from "../checkin";

export const ticketPublicKeySchema = z.object({ kty: z.literal("OKP"), crv: z.literal("Ed25519"), x: z.string(), kid: z.string() });

const ticketHolder = {
  customer: z.object({ name: z.string(), email: z.string() }),
  /** The ride's date (the event date, or the day chosen for a date-range event), ISO. */
  date: z.nullable(z.string()),
  event: z.object({ name: z.string(), placeName: z.string() }),
  ticketQuantity: z.number(),
};

/** A leg's check-in: when it was first scanned and by whom (null: a staff account since removed). */
export const checkInRecordSchema = z.object({ leg: z.enum(CHECK_IN_LEGS), at: z.string(), staffName: z.nullable(z.string()) });

export const checkCompleteAnswerSchema = z.object({
  orderId: z.number(),
  ...ticketHolder,
  leg: z.enum(CHECK_IN_LEGS),
  /** The leg's check-in time: this scan's, or on a repeat scan the first scan's. */
  checkedInAt: z.string(),
  /** True on a repeat scan of the same leg: `checkedInAt` and `checkedInBy` are the first scan's. */
  alreadyCheckedIn: z.boolean(),
  checkedInBy: z.nullable(z.string()),
});
export type CheckCompleteAnswer = z.infer<typeof checkCompleteAnswerSchema>;

/** The paid orders of one event date, for checking tickets at the door without network. */
export const checkInManifestSchema = z.object({
  eventDateId: z.number(),
  date: z.string(),
  event: z.object({ name: z.string(), placeName: z.string() }),
  generatedAt: z.string(),
  publicKey: ticketPublicKeySchema,
  orders: z.array(z.object({ orderId: z.number(), ...ticketHolder, checkIns: z.array(checkInRecordSchema) })),
});
export type CheckInManifest = z.infer<typeof checkInManifestSchema>;

/** The next event dates with paid orders (from yesterday on), to choose which manifest to take along. */
export const checkInDatesSchema = z.array(z.object({ eventDateId: z.number(), date: z.string(), eventName: z.string(), paidOrders: z.number() }));

/**
 * What became of each offline check-in: `new` recorded now; `repeat` this nonce was already applied (a replay);
 * `duplicate` the leg had been checked in by another scan (its time and staff given); `refused` with the code.
 */
export const checkInSyncAnswerSchema = z.object({
  results: z.array(
    z.object({
      nonce: z.string(),
      outcome: z.enum(["new", "repeat", "duplicate", "refused"]),
      orderId: z.nullable(z.number()),
      code: z.optional(z.string()),
      checkedInAt: z.optional(z.string()),
      checkedInBy: z.optional(z.nullable(z.string())),
    }),
  ),
});
export type CheckInSyncAnswer = z.infer<typeof checkInSyncAnswerSchema>;
