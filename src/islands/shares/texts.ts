/** The share payment page's words, picked by the page for its locale and passed as a prop. */
import type { MessageKey } from "../../shared/i18n";
import type { Texts } from "../ui/texts";

export const SHARE_KEYS = [
  "groups.share.title",
  "groups.share.amount",
  "groups.share.from",
  "groups.share.pay",
  "groups.share.paid",
  "groups.share.released",
  "groups.share.not_found",
  "groups.shares.deadline",
  "groups.quote.method",
  "groups.quote.pay_failed",
  "groups.quote.transfer_started",
  "payments.method.webpay",
  "payments.method.mercadopago",
  "payments.method.transferencia",
  "payments.method.prepagado",
  "common.loading",
] as const satisfies readonly MessageKey[];

export type ShareTexts = Texts<(typeof SHARE_KEYS)[number]>;
