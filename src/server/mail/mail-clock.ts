/**
 * Times in what the shop sends (mails, texts, refusals): on the event's clock, naming it ("21:00 (hora de Madrid)")
 * when the reader's own clock reads another hour (src/shared/format/event-clock.ts). Whose clock the reader's is:
 * `readerZoneOf` in services/payers/payer.ts (their account country's).
 */
import { eventClockTime, type ClockShape } from "../../shared/format/event-clock";
import { catalogues } from "../../shared/i18n";
import type { Locale } from "../../shared/locales";

/** A writer of times on `eventZone`'s clock for a reader in `readerZone`, the clock's name in `locale`. */
export function mailClock(locale: Locale, eventZone: string, readerZone: string | null | undefined): (iso: string, shape?: ClockShape) => string {
  return (iso, shape = "dateTime") => eventClockTime(iso, eventZone, readerZone, catalogues[locale], shape);
}
