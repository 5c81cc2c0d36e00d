/**
 * Dates as the shop shows them (dd/MM/yyyy, dd-MM-yyyy HH:mm) in the event's own time zone: times are
 * stored in UTC and an event at 20:00 in Bogotá reads 20:00 wherever the visitor is.
 */
import { COUNTRY_FACTS, countryFacts } from "../domain/countries";
import { DEFAULT_COUNTRY, localeTag, type Locale } from "../locales";

/** The home country's zone: the default of every formatter. */
const HOME_TIME_ZONE = COUNTRY_FACTS[DEFAULT_COUNTRY].timeZone;

/** A country's time zone (src/shared/domain/countries.ts); the home country's for a code the shop does not serve. */
export function timeZoneOf(countryCode: string | undefined): string {
  return (countryFacts(countryCode ?? DEFAULT_COUNTRY) ?? COUNTRY_FACTS[DEFAULT_COUNTRY]).timeZone;
}

function parts(iso: string, timeZone: string) {
  const formatter = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const out: Record<string, string> = {};
  for (const part of formatter.formatToParts(new Date(iso))) out[part.type] = part.value;
  return out as { day: string; month: string; year: string; hour: string; minute: string };
}

/** dd/MM/yyyy */
export function formatDate(iso: string, timeZone = HOME_TIME_ZONE): string {
  const p = parts(iso, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd-MM-yyyy HH:mm */
export function formatDateTime(iso: string, timeZone = HOME_TIME_ZONE): string {
  const p = parts(iso, timeZone);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** HH:mm */
export function formatTime(iso: string, timeZone = HOME_TIME_ZONE): string {
  const p = parts(iso, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** Day of the month, month name and weekday in the page's language, for event cards and the venue block. */
export function dateLabels(iso: string, locale: Locale, timeZone = HOME_TIME_ZONE) {
  const tag = localeTag(locale);
  const date = new Date(iso);
  return {
    day: new Intl.DateTimeFormat(tag, { timeZone, day: "numeric" }).format(date),
    month: new Intl.DateTimeFormat(tag, { timeZone, month: "long" }).format(date),
    weekday: new Intl.DateTimeFormat(tag, { timeZone, weekday: "long" }).format(date),
    year: new Intl.DateTimeFormat(tag, { timeZone, year: "numeric" }).format(date),
  };
}

/** The ride's day (YYYY-MM-DD) in the event's time zone: an event date's start, or a date-range event's chosen day. */
export function rideDay(date: string | null, countryCode: string): string {
  if (!date) return "";
  if (/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat("en-CA", { timeZone: timeZoneOf(countryCode), year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(date));
}
