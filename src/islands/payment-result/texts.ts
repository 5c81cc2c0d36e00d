/** The payment result views' words, picked by the page for its locale (ui/pick-texts.ts) and passed as a prop. */
import type { MessageKey } from "../../shared/i18n";
import type { Texts } from "../ui/texts";

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
  "pages.payment.rejected_sold_out",
  "pages.payment.rejected_discount",
  "pages.payment.rejected_payment",
  "pages.payment.choose_again",
  "common.back_to_main",
] as const satisfies readonly MessageKey[];

export type PaymentResultTexts = Texts<(typeof PAYMENT_RESULT_KEYS)[number]>;
