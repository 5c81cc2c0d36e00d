import { COUNTRY_FACTS } from "../domain/countries";
import { DEFAULT_COUNTRY } from "../locales";

/** The calendar day (yyyy-mm-dd) an instant falls on in a time zone: the one place that reads a day in a zone. */
export function dayInZone(instant: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** The day in the home country (Bogotá) as yyyy-mm-dd, so "today" does not flip at 19:00 local time. */
export function todayIso(now = new Date(), timeZone = COUNTRY_FACTS[DEFAULT_COUNTRY].timeZone): string {
  return dayInZone(now, timeZone);
}
