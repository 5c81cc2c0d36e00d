/** The purchase detail's words in the page's locale, plus the payment-method names. */
import { paymentMessages } from "../../../shared/i18n/messages/payments";
import { purchaseMessages } from "../../../shared/i18n/messages/purchases";
import { isLocale, type Locale } from "../../../shared/locales";

const METHOD_KEYS = ["payments.method.webpay", "payments.method.mercadopago", "payments.method.transferencia", "payments.method.prepagado"] as const;

export type PurchaseTexts = Record<keyof (typeof purchaseMessages)["es_CO"] | (typeof METHOD_KEYS)[number], string>;

export function purchaseTexts(locale: string): PurchaseTexts {
  const code: Locale = isLocale(locale) ? locale : "es_CO";
  const methods = Object.fromEntries(METHOD_KEYS.map((key) => [key, paymentMessages[code][key]])) as Record<(typeof METHOD_KEYS)[number], string>;
  return { ...methods, ...purchaseMessages[code] };
}

export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
