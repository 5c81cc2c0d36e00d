/**
 * What the event view shows, computed from the API's event detail
 * so the prerendered page and the client-side shell show the same thing.
 */
import { PERIODICITY_TYPE } from "../../shared/domain/event-kinds";
import { dateLabels, formatDate, formatTime, timeZoneOf } from "../../shared/format/dates";
import type { Locale } from "../../shared/locales";
import type { EventDetail } from "../../shared/types/catalogue";
import { pickTranslation } from "./translation";

export const EVENT_VIEW_KEYS = [
  "card.hours",
  "event.choose_date",
  "event.date_range",
  "event.dates_available",
  "event.venue",
  "event.time",
  "event.stops.title",
  "event.services.title",
  "event.services.pickup",
  "event.services.event",
  "event.services.return",
] as const;
export type EventViewLabels = Record<(typeof EVENT_VIEW_KEYS)[number], string>;

export interface EventViewData {
  id: number;
  slug: string;
  name: string;
  description: string;
  imagePath: string;
  venueName: string;
  venueAddress: string;
  time: string;
  /** periodicityType 1: the one date with its weekday. */
  fixedDate: { iso: string; weekday: string; day: string; month: string; year: string } | null;
  /** periodicityType 2: the range any day can be picked from. */
  range: { start: string; end: string } | null;
  /** periodicityType 3: the calendar dates to choose among (dd/MM/yyyy). */
  dates: string[];
  stops: { id: number; address: string; time: string }[];
}

export function eventViewData(event: EventDetail, locale: Locale): EventViewData {
  const text = pickTranslation(event.translations, locale);
  const timeZone = timeZoneOf(event.countryCode);
  const first = event.calendars[0]?.startDate ?? event.startDate;
  const labels = dateLabels(first, locale, timeZone);
  return {
    id: event.id,
    slug: event.slug,
    name: text?.name ?? event.slug,
    description: text?.description ?? "",
    imagePath: text?.imagePath ?? "",
    venueName: pickTranslation(event.place.translations, locale, false)?.name ?? event.place.name,
    venueAddress: event.place.address,
    time: formatTime(first, timeZone),
    fixedDate: event.periodicityType === PERIODICITY_TYPE.fixed ? { iso: first, ...labels } : null,
    range: event.periodicityType === PERIODICITY_TYPE.range ? { start: formatDate(event.startDate, timeZone), end: formatDate(event.endDate, timeZone) } : null,
    dates: event.periodicityType === PERIODICITY_TYPE.calendar ? event.calendars.map((entry) => formatDate(entry.startDate, timeZone)) : [],
    stops: event.additionalStops.map((stop) => ({ id: stop.id, address: stop.address, time: stop.time })),
  };
}
