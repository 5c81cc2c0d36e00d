/**
 * The wizard's words, picked by the page (which knows its locale) and passed to the island as a prop, so an
 * event page ships one language: the booking area, the form messages and the payment-method texts.
 */
import { bookingMessages } from "../../shared/i18n/messages/booking";
import { commonMessages } from "../../shared/i18n/messages/common";
import { errorMessages } from "../../shared/i18n/messages/errors";
import { formMessages } from "../../shared/i18n/messages/forms";
import { paymentMessages } from "../../shared/i18n/messages/payments";
import type { Locale } from "../../shared/locales";

type PaymentKey = keyof (typeof paymentMessages)["es_CO"];
type WizardPaymentKey = Exclude<PaymentKey, `payments.sim.${string}` | `errors.${string}`>;
type BookingKey = keyof (typeof bookingMessages)["es_CO"];
type FormKey = keyof (typeof formMessages)["es_CO"];
const EXTRA_KEYS = ["common.loading", "errors.invalid_id", "errors.unknown_event_date"] as const;

export type BookingTexts = Record<BookingKey | FormKey | WizardPaymentKey | (typeof EXTRA_KEYS)[number], string>;

export function bookingTexts(locale: Locale): BookingTexts {
  const payments = Object.fromEntries(
    Object.entries(paymentMessages[locale]).filter(([key]) => !key.startsWith("payments.sim.") && !key.startsWith("errors.")),
  ) as Record<WizardPaymentKey, string>;
  const common = { ...commonMessages[locale], ...errorMessages[locale] } as Record<string, string>;
  const extra = Object.fromEntries(EXTRA_KEYS.map((key) => [key, common[key] ?? key])) as Record<(typeof EXTRA_KEYS)[number], string>;
  return { ...formMessages[locale], ...payments, ...extra, ...bookingMessages[locale] };
}

/** A text with its {placeholders} filled. */
export function fill(text: string, params: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** A schema message (a catalogue key) in words; unknown keys are shown as they are. */
export function messageOf(texts: Record<string, string>, key: string | undefined): string | undefined {
  if (!key) return undefined;
  return texts[key] ?? key;
}
