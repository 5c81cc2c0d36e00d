/**
 * The van-door check-in (the staff QR scanner at /qr-verification): the staff scanner sends the scanned text as
 * it read it, the leg of the ride it is checking (home to the event, or back home) and, when it works one event
 * date, that date. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { NOT_BLANK, databaseId } from "./fields";

import { LEGS as CHECK_IN_LEGS, type Leg as CheckInLeg } from "../domain/legs";
export { CHECK_IN_LEGS, type CheckInLeg };

export const legSchema = z.enum(CHECK_IN_LEGS, { error: "scanner.leg_required" });
/** The scanned text: a ticket code is about 150 characters; anything far longer is not one. */
export const scannedTextSchema = z
  .string({ error: "scanner.code_required" })
  .check(z.trim(), z.minLength(1, "scanner.code_required"), z.maxLength(2000, "form.too_long"))
  .register(z.globalRegistry, NOT_BLANK);

/** POST /shop-api/order/{orderId}/check-complete. */
export const checkCompleteSchema = z.object({
  qr: scannedTextSchema,
  leg: legSchema,
  /** The event date the door works: a ticket for another date is refused (`wrong_date`). */
  eventDateId: z.optional(databaseId("errors.invalid_id")),
});
export type CheckComplete = z.infer<typeof checkCompleteSchema>;

/** One check-in the scanner recorded without network, sent later; the nonce makes a replay harmless. */
export const offlineCheckInSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, "scanner.nonce_invalid")),
  qr: scannedTextSchema,
  leg: legSchema,
  /** When the door scanned it (ISO); kept as the check-in time unless it is in the future. */
  scannedAt: z.iso.datetime({ offset: true, error: "form.required" }),
});
export type OfflineCheckIn = z.infer<typeof offlineCheckInSchema>;

/** POST /shop-api/staff/check-ins/sync: up to 500 scans per call (a full day of vans at one door). */
export const checkInSyncSchema = z.object({ checkIns: z.array(offlineCheckInSchema).check(z.minLength(1, "form.required"), z.maxLength(500, "form.too_long")) });
export type CheckInSync = z.infer<typeof checkInSyncSchema>;

/** GET /shop-api/staff/checkin-manifest?eventDateId=. */
export const manifestQuerySchema = z.object({ eventDateId: databaseId("errors.invalid_id") });

/** GET /shop-api/staff/checkins/progress?eventDateId=&leg=: the runs count the leg given (outbound by default). */
export const progressQuerySchema = z.object({ eventDateId: databaseId("errors.invalid_id"), leg: z.optional(legSchema) });
