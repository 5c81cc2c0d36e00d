/** The request's dates as the form and the lists show them, in the event country's time zone (dd/MM/yyyy, HH:mm). */
import { formatDate, formatTime, timeZoneOf } from "../../../shared/format/dates";

export function shownWhen(request: { startDate: string; endDate: string; countryCode?: string }, countryCode: string) {
  const zone = timeZoneOf(request.countryCode ?? countryCode);
  return { date: formatDate(request.startDate, zone), start: formatTime(request.startDate, zone), end: formatTime(request.endDate, zone) };
}

/** yyyy-mm-dd of an instant in the zone, for the form's date input. */
export function isoDayIn(iso: string, countryCode: string): string {
  const [d, m, y] = formatDate(iso, timeZoneOf(countryCode)).split("/");
  return `${y}-${m}-${d}`;
}
