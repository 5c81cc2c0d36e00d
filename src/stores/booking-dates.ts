/**
 * The date picker's rules: periodicityType 1 is one fixed date,
 * 2 any day of the range (each day is a calendar entry, whose id the purchase names), otherwise a choice
 * among the calendar dates. Days are read in the event's own time zone.
 */
import { dayInZone } from "../shared/format/today";
import type { CalendarEntry } from "../shared/types/catalogue";

/** Calendar entries still ahead (a prerendered page may list dates that have passed since its build). */
export function upcomingCalendars(calendars: readonly CalendarEntry[], now = Date.now()): CalendarEntry[] {
  return calendars
    .filter((entry) => new Date(entry.startDate).getTime() > now)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** yyyy-mm-dd of an instant in a time zone. */
export function localDay(iso: string, timeZone: string): string {
  return dayInZone(iso, timeZone);
}

/** periodicityType 2: the calendar entry of a chosen day, or null when no trip runs that day. */
export function calendarForDay(calendars: readonly CalendarEntry[], day: string, timeZone: string): CalendarEntry | null {
  return calendars.find((entry) => localDay(entry.startDate, timeZone) === day) ?? null;
}

/** periodicityType 2: the first and last day a person may pick (yyyy-mm-dd), or null without dates. */
export function dayRange(calendars: readonly CalendarEntry[], timeZone: string): { min: string; max: string } | null {
  const first = calendars[0];
  const last = calendars[calendars.length - 1];
  if (!first || !last) return null;
  return { min: localDay(first.startDate, timeZone), max: localDay(last.startDate, timeZone) };
}
