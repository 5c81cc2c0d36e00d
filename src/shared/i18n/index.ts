/**
 * Flat dotted message catalogues per locale, assembled from one file per area of the shop; es_CO is the
 * reference every other locale must match, and es_CL, es_ES and es_MX fall back to it for what they do not
 * say differently (define.ts). Message keys the API and forms have always used (`email_is_required` ...) are keys here as they are.
 */
import { DEFAULT_LOCALE, LOCALES, localeTag, type Locale } from "../locales";
import { formatMessage } from "./message-format";
import { accountMessages } from "./messages/account";
import { adminMenuMessages, adminMessages } from "./messages/admin";
import { adminFleetMenuMessages, adminFleetMessages } from "./messages/admin-fleet";
import { adminSeatsMenuMessages, adminSeatsMessages } from "./messages/admin-seats";
import { dispatchMessages } from "./messages/dispatch";
import { staffDispatchMessages } from "./messages/staff-dispatch";
import { driverPhoneMessages, noShowMessages } from "./messages/driver-phone";
import { dispatchRulesMessages } from "./messages/dispatch-rules";
import { dispatchBoardMessages } from "./messages/dispatch-board";
import { accountSecurityMessages } from "./messages/account-security";
import { authMessages } from "./messages/auth";
import { bookingMessages } from "./messages/booking";
import { catalogueMessages } from "./messages/catalogue";
import { reconciliationMessages } from "./messages/reconciliation";
import { clockMessages } from "./messages/clock";
import { commonMessages } from "./messages/common";
import {
  accountErrorMessages,
  accountSecurityErrorMessages,
  adminErrorMessages,
  authErrorMessages,
  doorErrorMessages,
  errorMessages,
  orderErrorMessages,
  paymentErrorMessages,
  staffDayErrorMessages,
  waitingListErrorMessages,
  trackingErrorMessages,
  paymentAttemptErrorMessages,
} from "./messages/errors";
import { liveDayMessages } from "./messages/live-day";
import { dayRatingMessages, dayReportStaffMessages } from "./messages/day-report";
import { formMessages } from "./messages/forms";
import { privateEventQuoteMessages } from "./messages/private-event-quotes";
import { orderMessages } from "./messages/orders";
import { orderDeskMessages } from "./messages/order-desk";
import { pagesMessages } from "./messages/pages";
import { paymentMessages } from "./messages/payments";
import { purchaseMessages } from "./messages/purchases";
import { privateEventMessages } from "./messages/private-events";
import { staffMessages } from "./messages/staff";
import { staffDoorMessages } from "./messages/staff-door";
import { staffDayMessages } from "./messages/staff-day";
import { storefrontMessages } from "./messages/storefront";
import { ticketMessages } from "./messages/tickets";
import { tripNoticeMessages } from "./messages/trip-notices";
import { staffWaitingListMessages, waitingListMessages } from "./messages/waiting-list";

export const messageAreas = [commonMessages, clockMessages, errorMessages, formMessages, authMessages, accountMessages, storefrontMessages, paymentMessages, catalogueMessages, pagesMessages, bookingMessages, orderMessages, purchaseMessages, staffMessages, staffDoorMessages, staffDayMessages, privateEventMessages, tripNoticeMessages, accountSecurityMessages, adminMessages, adminMenuMessages, authErrorMessages, accountErrorMessages, accountSecurityErrorMessages, orderErrorMessages, paymentErrorMessages, doorErrorMessages, staffDayErrorMessages, adminErrorMessages, adminFleetMessages, adminFleetMenuMessages, adminSeatsMessages, adminSeatsMenuMessages, dispatchMessages, staffDispatchMessages, ticketMessages, orderDeskMessages, privateEventQuoteMessages, waitingListMessages, staffWaitingListMessages, waitingListErrorMessages, trackingErrorMessages, liveDayMessages, paymentAttemptErrorMessages, driverPhoneMessages, noShowMessages, dispatchRulesMessages, dispatchBoardMessages, dayRatingMessages, dayReportStaffMessages, reconciliationMessages] as const;

type Area = (typeof messageAreas)[number];
type KeysOf<A> = A extends Record<Locale, Record<infer K, string>> ? K : never;
export type MessageKey = KeysOf<Area>;
export type Messages = Record<MessageKey, string>;

export const catalogues = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.assign({}, ...messageAreas.map((area) => area[locale])) as Messages]),
) as Record<Locale, Messages>;

export type Params = Record<string, string | number | Date>;

export function translate(locale: Locale, key: MessageKey, params?: Params): string {
  const text = catalogues[locale]?.[key] ?? catalogues[DEFAULT_LOCALE][key] ?? key;
  return formatMessage(text, params, localeTag(locale));
}

/** A translator bound to one locale: a page calls this once (`const t = useTranslations(locale)`). */
export function useTranslations(locale: Locale) {
  return (key: MessageKey, params?: Params) => translate(locale, key, params);
}
export type Translate = ReturnType<typeof useTranslations>;

export function isMessageKey(value: string): value is MessageKey {
  return value in catalogues[DEFAULT_LOCALE];
}
