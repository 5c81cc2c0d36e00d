/**
 * MercadoPago Checkout Pro as the adapter and the simulator both speak it (Mercado Pago Developers, Checkout Pro
 * "create preference", "back_urls", "get payment"): paths, the fields the shop sends and reads.
 */
import { z } from "zod";

export const PREFERENCES_PATH = "/checkout/preferences";
export const PAYMENTS_PATH = "/v1/payments";
/** Where the simulator serves init_point (the real host's Checkout Pro path). */
export const CHECKOUT_REDIRECT_PATH = "/checkout/v1/redirect";

export const preferenceItemSchema = z.object({
  id: z.string().optional(),
  title: z.string().min(1).max(256),
  description: z.string().optional(),
  quantity: z.number().int().positive(),
  unit_price: z.number().positive(),
  /** Optional, as MercadoPago takes it: an item without one is in the seller account's currency. */
  currency_id: z.string().length(3).optional(),
});

export const createPreferenceSchema = z.object({
  items: z.array(preferenceItemSchema).min(1),
  payer: z.object({ email: z.email().optional() }).optional(),
  back_urls: z.object({ success: z.url(), failure: z.url(), pending: z.url() }).partial().optional(),
  auto_return: z.enum(["approved", "all"]).optional(),
  notification_url: z.url().optional(),
  external_reference: z.string().max(256).optional(),
  expires: z.boolean().optional(),
  expiration_date_from: z.string().optional(),
  expiration_date_to: z.string().optional(),
  statement_descriptor: z.string().max(22).optional(),
});
export type CreatePreferenceRequest = z.infer<typeof createPreferenceSchema>;

export const preferenceAnswerSchema = z.object({
  id: z.string().min(1),
  init_point: z.url(),
  sandbox_init_point: z.url().optional(),
  external_reference: z.string().optional(),
});

/** Payment statuses (GET /v1/payments/{id}). */
export const PAYMENT_STATUSES = [
  "pending",
  "approved",
  "authorized",
  "in_process",
  "in_mediation",
  "rejected",
  "cancelled",
  "refunded",
  "charged_back",
] as const;
export type MercadoPagoPaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const paymentAnswerSchema = z.object({
  id: z.union([z.number(), z.string()]),
  status: z.string(),
  status_detail: z.string().optional(),
  external_reference: z.string().nullable().optional(),
  transaction_amount: z.number(),
  currency_id: z.string(),
});
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** POST /v1/payments/{id}/refunds (no amount: the whole payment), with X-Idempotency-Key. */
export const refundRequestSchema = z.object({ amount: z.number().positive().optional() });
export const refundAnswerSchema = z.object({
  id: z.union([z.number(), z.string()]),
  payment_id: z.union([z.number(), z.string()]),
  amount: z.number(),
  status: z.string(),
});

/** The query parameters Checkout Pro appends to a back_url ("null" when the buyer left without paying). */
export interface BackUrlParams {
  collection_id: string;
  collection_status: string;
  payment_id: string;
  status: string;
  external_reference: string;
  payment_type: string;
  merchant_order_id: string;
  preference_id: string;
  site_id: string;
  processing_mode: string;
  merchant_account_id: string;
}

/** MercadoPago writes absent values as the string "null" in back_url queries. */
export function presentParam(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed && trimmed !== "null" && trimmed !== "undefined" ? trimmed : undefined;
}
