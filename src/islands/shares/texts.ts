/** The share payment page's words, picked by the page for its locale and passed as a prop. */
import type { MessageKey } from "../../shared/i18n";
import type { Texts } from "../ui/texts";

export const SHARE_KEYS = [
  "share.title",
  "share.amount",
  "share.from",
  "share.pay",
  "share.paid",
  "share.released",
  "share.not_found",
  "shares.deadline",
  "private_events.quote.method",
  "private_events.quote.pay_failed",
  "private_events.quote.transfer_started",
  "payments.method.webpay",
  "payments.method.mercadopago",
  "payments.method.transferencia",
  "payments.method.prepagado",
  "common.loading",
] as const satisfies readonly MessageKey[];

export type ShareTexts = Texts<(typeof SHARE_KEYS)[number]>;
