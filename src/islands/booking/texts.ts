/**
 * The wizard's words: the booking area, the form messages and the payment-method texts. Build-time only
 * (see ui/pick-texts.ts): an event page picks them for its locale and passes them as a prop; the wizard in
 * the client-side event shell fetches the static file built from them (src/islands/text-files.ts).
 */
import type { MessageKey } from "../../shared/i18n";
import { bookingMessages } from "../../shared/i18n/messages/booking";
import { formMessages } from "../../shared/i18n/messages/forms";
import { paymentMessages } from "../../shared/i18n/messages/payments";
import { waitingListErrorMessages } from "../../shared/i18n/messages/errors";
import { waitingListMessages } from "../../shared/i18n/messages/waiting-list";
import { dispatchRulesMessages } from "../../shared/i18n/messages/dispatch-rules";
import { areaKeys } from "../ui/pick-texts";
import type { Texts } from "../ui/texts";

type PaymentKey = keyof (typeof paymentMessages)["es_CO"];
/** The simulators' pages and the payment errors are not the wizard's. */
type WizardPaymentKey = Exclude<PaymentKey, `payments.sim.${string}` | `errors.${string}`>;
const isWizardPaymentKey = (key: PaymentKey): key is WizardPaymentKey => !key.startsWith("payments.sim.") && !key.startsWith("errors.");
const EXTRA_KEYS = ["common.loading", "errors.invalid_id", "errors.unknown_event_date", "shares.option", "shares.hint", "shares.buyer_own", "shares.buyer_none", "shares.sent_title", "shares.sent_body", "shares.sent_button", "shares.send_links"] as const satisfies readonly MessageKey[];

export const BOOKING_KEYS = [...areaKeys(formMessages), ...areaKeys(paymentMessages).filter(isWizardPaymentKey), ...EXTRA_KEYS, ...areaKeys(bookingMessages), ...waitingKeys(), ...areaKeys(waitingListErrorMessages), ...needKeys()];

/** Needs on board, as the passenger step offers them. */
function needKeys() {
  return areaKeys(dispatchRulesMessages).filter((key): key is Extract<typeof key, `need.${string}` | `booking.${string}`> => key.startsWith("need.") || key.startsWith("booking."));
}

/** The waiting list's words in the wizard (not its mail's). */
function waitingKeys() {
  return areaKeys(waitingListMessages).filter((key): key is Extract<typeof key, `waiting.${string}`> => key.startsWith("waiting."));
}
export type BookingTexts = Texts<(typeof BOOKING_KEYS)[number]>;
