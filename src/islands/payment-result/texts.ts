/** The payment result views' words, picked by the page and passed to the island (see forms/texts.ts). */
import type { MessageKey, Translate } from "../../shared/i18n";

export const PAYMENT_RESULT_KEYS = [
  "pages.payment.title",
  "pages.payment.loading",
  "pages.payment.success_title",
  "pages.payment.success_text",
  "pages.payment.cancelled_title",
  "pages.payment.cancelled_subtitle",
  "pages.payment.cancelled_text",
  "pages.payment.error_title",
  "pages.payment.error_subtitle",
  "pages.payment.error_text",
  "pages.payment.order",
  "pages.payment.note",
  "pages.payment.my_purchases",
  "pages.payment.back_to_event",
  "pages.payment.contact",
  "common.back_to_main",
] as const satisfies readonly MessageKey[];

export type PaymentResultTexts = Record<(typeof PAYMENT_RESULT_KEYS)[number], string>;

export function paymentResultTexts(t: Translate): PaymentResultTexts {
  return Object.fromEntries(PAYMENT_RESULT_KEYS.map((key) => [key, t(key)])) as PaymentResultTexts;
}
