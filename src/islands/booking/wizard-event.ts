/** The part of the event detail the wizard needs, handed over by the event page (prerendered or client shell). */
import { pickTranslation } from "../../views/events/translation";
import type { Locale } from "../../shared/locales";
import type { CalendarEntry, EventDetail, PaymentType, PeriodicityType } from "../../shared/types/catalogue";

export interface WizardEvent {
  id: number;
  slug: string;
  name: string;
  periodicityType: PeriodicityType;
  /** 2: funded by the organiser, booked with `prepagado` and a "Reservar" button. */
  paymentType: PaymentType;
  countryCode: string;
  currency: string;
  calendars: CalendarEntry[];
}

export function wizardEvent(event: EventDetail, locale: Locale): WizardEvent {
  return {
    id: event.id,
    slug: event.slug,
    name: pickTranslation(event.translations, locale)?.name ?? event.slug,
    periodicityType: event.periodicityType,
    paymentType: event.paymentType,
    countryCode: event.countryCode,
    currency: event.currency,
    calendars: event.calendars,
  };
}
