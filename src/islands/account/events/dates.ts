/** The private event's dates as the form and the lists show them, in the event country's time zone (dd/MM/yyyy, HH:mm). */
import { formatDate, formatTime, timeZoneOf } from "../../../shared/format/dates";
import { clockLabel, type ClockTexts } from "../../../shared/format/event-clock";

/**
 * Date, start and end on the event's clock; the end names that clock ("23:00 (hora de Madrid)") when the reader's
 * (`readerZone`, the browser's) reads another hour.
 */
export function shownWhen(privateEvent: { startDate: string; endDate: string; countryCode: string }, readerZone: string | undefined, texts: ClockTexts) {
  const zone = timeZoneOf(privateEvent.countryCode);
  const label = clockLabel(zone, readerZone, texts, privateEvent.startDate);
  const end = formatTime(privateEvent.endDate, zone);
  return { date: formatDate(privateEvent.startDate, zone), start: formatTime(privateEvent.startDate, zone), end: label ? `${end} (${label})` : end };
}

/** yyyy-mm-dd of an instant in the zone, for the form's date input. */
export function isoDayIn(iso: string, countryCode: string): string {
  const [d, m, y] = formatDate(iso, timeZoneOf(countryCode)).split("/");
  return `${y}-${m}-${d}`;
}
