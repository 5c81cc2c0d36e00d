/**
 * What staff send at the order desk: a passenger corrected, a note, a cancellation, a refund of all or some
 * passengers, a hand-paid refund marked done. Messages are catalogue keys.
 */
import * as z from "zod/mini";
import { REFUND_STATES, STAFF_REFUND_REASONS } from "../domain/refunds";
import { databaseId, requiredText } from "./fields";
import { passengerSchema } from "./purchase";

/** PUT /shop-api/staff/orders/{id}/passengers/{passengerId}: the same rules as at the purchase. */
export const passengerCorrectionSchema = passengerSchema;
export type PassengerCorrection = z.infer<typeof passengerCorrectionSchema>;

export const orderNoteSchema = z.object({ text: requiredText(1000) });
export type OrderNote = z.infer<typeof orderNoteSchema>;

/** POST /shop-api/staff/orders/{id}/cancel: why, kept in the order's history. */
export const staffCancelSchema = z.object({ reason: requiredText(500) });
export type StaffCancel = z.infer<typeof staffCancelSchema>;

const idempotencyKeyField = z.optional(z.string().check(z.trim(), z.regex(/^[A-Za-z0-9_-]{8,80}$/, "errors.invalid_value")));

/**
 * POST /shop-api/staff/orders/{id}/refund: the whole order, or the tickets of some passengers; `amount` (minor
 * units) gives back less than their value. Same `idempotencyKey`, same refund: a retried request never pays twice.
 * `reasonCode` is the reason chosen from the list (the buyer's mail says it in their language; absent: the buyer
 * asked), `reason` staff's own words, which the buyer's mail quotes and the order's history keeps.
 */
export const refundRequestSchema = z.object({
  reasonCode: z.optional(z.enum(STAFF_REFUND_REASONS, { error: "errors.invalid_value" })),
  reason: requiredText(500),
  passengerIds: z.optional(z.array(databaseId("errors.invalid_id")).check(z.minLength(1, "form.required"), z.maxLength(200, "form.too_long"))),
  amount: z.optional(z.number({ error: "errors.invalid_number" }).check(z.int("errors.invalid_number"), z.positive("errors.invalid_number"))),
  idempotencyKey: idempotencyKeyField,
});
export type RefundRequestBody = z.infer<typeof refundRequestSchema>;

/** POST /shop-api/staff/refunds/{id}/paid: where the money was sent, as the buyer gave it. */
export const refundPaidSchema = z.object({ bankDetails: requiredText(500) });
export type RefundPaid = z.infer<typeof refundPaidSchema>;

export const refundsQuerySchema = z.object({ state: z.optional(z.enum(REFUND_STATES, { error: "errors.invalid_state" })) });
export type RefundsQuery = z.infer<typeof refundsQuerySchema>;

export const EXPORT_KINDS = ["orders", "passengers"] as const;
export const EXPORT_FORMATS = ["json", "csv", "xlsx"] as const;

/**
 * GET /shop-api/staff/exports: the orders (one line each) or their passengers (one line each) of an event date,
 * of a search (as the order list searches), or both, as JSON, CSV or XLSX.
 */
export const exportQuerySchema = z.object({
  kind: z.optional(z.enum(EXPORT_KINDS, { error: "errors.invalid_value" })),
  format: z.optional(z.enum(EXPORT_FORMATS, { error: "errors.invalid_value" })),
  eventDateId: z.optional(databaseId("errors.invalid_id")),
  q: z.optional(z.string().check(z.trim(), z.maxLength(120, "form.too_long"))),
});
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** GET /shop-api/staff/reports/sales: one event (all its dates, or one). */
export const salesReportQuerySchema = z.object({
  eventId: z.optional(databaseId("errors.invalid_id")),
  eventDateId: z.optional(databaseId("errors.invalid_id")),
});
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

/** POST /shop-api/orders/{id}/cancel: the whole booking, or these passengers' tickets. */
export const selfCancelSchema = z.object({
  passengerIds: z.optional(z.array(databaseId("errors.invalid_id")).check(z.minLength(1, "form.required"), z.maxLength(200, "form.too_long"))),
});
export type SelfCancel = z.infer<typeof selfCancelSchema>;

/** GET /shop-api/orders/{id}/cancellation: `passengerIds=1,2` (none: the whole booking). */
export const cancellationTermsQuerySchema = z.object({
  passengerIds: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d{1,10}(,\d{1,10}){0,199}$/, "errors.invalid_id")),
      z.transform((value: string) => value.split(",").map(Number)),
    ),
  ),
});
