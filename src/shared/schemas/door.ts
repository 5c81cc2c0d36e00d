/**
 * The van-door check-in (the staff QR scanner at /qr-verification): the staff scanner sends the scanned text as
 * it read it, the leg of the ride it is checking (home to the event, or back home) and, when it works one event
 * date, that date. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { NOT_BLANK, databaseId } from "./fields";

import { LEGS as BOARDING_LEGS, type Leg as BoardingLeg } from "../domain/legs";
export { BOARDING_LEGS, type BoardingLeg };

export const legSchema = z.enum(BOARDING_LEGS, { error: "scanner.leg_required" });
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
export const offlineScanSchema = z.object({
  nonce: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, "scanner.nonce_invalid")),
  qr: scannedTextSchema,
  leg: legSchema,
  /** When the door scanned it (ISO); kept as the check-in time unless it is in the future. */
  scannedAt: z.iso.datetime({ offset: true, error: "form.required" }),
});
export type OfflineScan = z.infer<typeof offlineScanSchema>;

/** POST /shop-api/staff/check-ins/sync: up to 500 scans per call (a full day of vans at one door). */
export const doorSyncSchema = z.object({ checkIns: z.array(offlineScanSchema).check(z.minLength(1, "form.required"), z.maxLength(500, "form.too_long")) });
export type DoorSync = z.infer<typeof doorSyncSchema>;

/** GET /shop-api/staff/checkin-manifest?eventDateId=. */
export const manifestQuerySchema = z.object({ eventDateId: databaseId("errors.invalid_id") });

/** GET /shop-api/staff/checkins/progress?eventDateId=&leg=: the runs count the leg given (outbound by default). */
export const progressQuerySchema = z.object({ eventDateId: databaseId("errors.invalid_id"), leg: z.optional(legSchema) });
