/**
 * One clock: the event's (docs/decisions.md). Every time a person reads about an event — its date, a pick-up, a
 * transfer's hold, a deadline — is written in the event's time zone (its country's, `timeZoneOf`), whoever reads it
 * and from wherever; and when the reader's own clock would show another time, the text says whose clock it is
 * ("hora de Madrid"). The reader is the browser's zone on a page and the account country's zone in a mail or PDF.
 */
import { COUNTRY_FACTS } from "../domain/countries";
import { COUNTRIES, type CountryCode } from "../locales";
import { formatDate, formatDateTime, formatTime } from "./dates";

/**
 * The catalogue keys naming each country's clock ("hora de Madrid"), one per country the shop sells in, and the
 * line a screen of one event opens with when the reader's clock differs ("Horas en hora de Madrid, la del evento.").
 */
export const CLOCK_KEYS = ["clock.zone.CO", "clock.zone.CL", "clock.zone.ES", "clock.zone.PE", "clock.zone.MX", "clock.note"] as const;
export type ClockKey = (typeof CLOCK_KEYS)[number];
/** The texts an island or mail needs to name a clock. */
export type ClockTexts = Record<ClockKey, string>;

/** Minutes east of UTC that `timeZone` reads at `at`. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at);
  const name = parts.find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  if (!match) return 0;
  return (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/**
 * Whether a reader in `readerZone` would read another wall-clock time than the event's at `at` (now by default):
 * Bogotá and Lima read the same (UTC−5 all year), Madrid and Bogotá do not. An unknown reader (a page still
 * rendering on the server, a mail to someone without an account) is not told: the event's clock is the rule.
 */
export function clockDiffers(eventZone: string, readerZone: string | null | undefined, at: Date | string = new Date()): boolean {
  if (!readerZone || readerZone === eventZone) return false;
  const instant = typeof at === "string" ? new Date(at) : at;
  try {
    return offsetMinutes(eventZone, instant) !== offsetMinutes(readerZone, instant);
  } catch {
    return false; // a zone the runtime does not know: nothing trustworthy to compare
  }
}

/** The country whose clock `timeZone` is, when it is one of the shop's. */
export function countryOfZone(timeZone: string): CountryCode | undefined {
  return COUNTRIES.find((country) => COUNTRY_FACTS[country].timeZone === timeZone);
}

/** The clock's name in the reader's language ("hora de Madrid", "Madrid time"); the zone's own city for another zone. */
export function clockName(timeZone: string, texts: ClockTexts): string {
  const country = countryOfZone(timeZone);
  return country ? texts[`clock.zone.${country}` as const] : (timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ");
}

/** "hora de Madrid" when the reader's clock differs from the event's at `at`; "" when it reads the same. */
export function clockLabel(eventZone: string, readerZone: string | null | undefined, texts: ClockTexts, at?: Date | string): string {
  return clockDiffers(eventZone, readerZone, at) ? clockName(eventZone, texts) : "";
}

/** How a time is written: with its date (dd-MM-yyyy HH:mm), its date alone (dd/MM/yyyy) or its hour alone (HH:mm). */
export type ClockShape = "dateTime" | "date" | "time";

const SHAPES: Record<ClockShape, (iso: string, timeZone: string) => string> = { dateTime: formatDateTime, date: formatDate, time: formatTime };

/**
 * A time as the event reads it, named for a reader elsewhere: "25-12-2026 21:00 (hora de Madrid)" for a reader in
 * Bogotá, "25-12-2026 21:00" for one in Madrid. A date alone is never labelled: a day is the event's day.
 */
export function eventClockTime(iso: string, eventZone: string, readerZone: string | null | undefined, texts: ClockTexts, shape: ClockShape = "dateTime"): string {
  const text = SHAPES[shape](iso, eventZone);
  if (shape === "date") return text;
  const label = clockLabel(eventZone, readerZone, texts, iso);
  return label ? `${text} (${label})` : text;
}
