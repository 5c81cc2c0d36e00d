/** The private event's dates as the form and the lists show them, in the event country's time zone (dd/MM/yyyy, HH:mm). */
import { formatDate, formatTime, timeZoneOf } from "../../../shared/format/dates";

export function shownWhen(privateEvent: { startDate: string; endDate: string; countryCode?: string }, countryCode: string) {
  const zone = timeZoneOf(privateEvent.countryCode ?? countryCode);
  return { date: formatDate(privateEvent.startDate, zone), start: formatTime(privateEvent.startDate, zone), end: formatTime(privateEvent.endDate, zone) };
}

/** yyyy-mm-dd of an instant in the zone, for the form's date input. */
export function isoDayIn(iso: string, countryCode: string): string {
  const [d, m, y] = formatDate(iso, timeZoneOf(countryCode)).split("/");
  return `${y}-${m}-${d}`;
}
