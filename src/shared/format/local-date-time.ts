/**
 * Wall-clock times in a time zone as instants: "20:00 in Bogotá, two days from today" stored as the right UTC
 * instant, also on a day daylight saving changes. A private event's deadlines and the demo seed's dates use it.
 */
import { dayInZone } from "./today";

/** Minutes the zone is ahead of UTC at the given instant (Bogotá: -300). */
function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The calendar day (y, m, d) it is in `timeZone` at `now`. */
function localDay(now: Date, timeZone: string): [number, number, number] {
  const [y, m, d] = dayInZone(now, timeZone).split("-").map(Number);
  return [y!, m!, d!];
}

/** The instant of `hhmm` local time, `dayOffset` days after today in `timeZone`. */
export function localDateTime(now: Date, timeZone: string, dayOffset: number, hhmm: string): Date {
  const [y, m, d] = localDay(now, timeZone);
  const [hour, minute] = hhmm.split(":").map(Number);
  const wallClock = Date.UTC(y, m - 1, d + dayOffset, hour!, minute!);
  // Two passes settle the offset on days when daylight saving changes.
  let instant = wallClock - zoneOffsetMinutes(new Date(wallClock), timeZone) * 60_000;
  instant = wallClock - zoneOffsetMinutes(new Date(instant), timeZone) * 60_000;
  return new Date(instant);
}

export const HOUR_MS = 3_600_000;
