/**
 * Dates as the spec shows them (dd/MM/yyyy, dd-MM-yyyy HH:mm) in the event's own time zone: times are
 * stored in UTC and an event at 20:00 in Bogotá reads 20:00 wherever the visitor is.
 */
import { localeTag, type Locale } from "../locales";

export const COUNTRY_TIME_ZONES: Record<string, string> = {
  CO: "America/Bogota",
  CL: "America/Santiago",
  ES: "Europe/Madrid",
  PE: "America/Lima",
  MX: "America/Mexico_City",
};

export function timeZoneOf(countryCode: string | undefined): string {
  return COUNTRY_TIME_ZONES[countryCode ?? "CO"] ?? "America/Bogota";
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
export function formatDate(iso: string, timeZone = "America/Bogota"): string {
  const p = parts(iso, timeZone);
  return `${p.day}/${p.month}/${p.year}`;
}

/** dd-MM-yyyy HH:mm */
export function formatDateTime(iso: string, timeZone = "America/Bogota"): string {
  const p = parts(iso, timeZone);
  return `${p.day}-${p.month}-${p.year} ${p.hour}:${p.minute}`;
}

/** HH:mm */
export function formatTime(iso: string, timeZone = "America/Bogota"): string {
  const p = parts(iso, timeZone);
  return `${p.hour}:${p.minute}`;
}

/** Day of the month, month name and weekday in the page's language, for event cards and the venue block. */
export function dateLabels(iso: string, locale: Locale, timeZone = "America/Bogota") {
  const tag = localeTag(locale);
  const date = new Date(iso);
  return {
    day: new Intl.DateTimeFormat(tag, { timeZone, day: "numeric" }).format(date),
    month: new Intl.DateTimeFormat(tag, { timeZone, month: "long" }).format(date),
    weekday: new Intl.DateTimeFormat(tag, { timeZone, weekday: "long" }).format(date),
    year: new Intl.DateTimeFormat(tag, { timeZone, year: "numeric" }).format(date),
  };
}
