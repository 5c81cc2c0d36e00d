/**
 * When each stop of a load is picked up, estimated back from the event's start (docs/decisions.md): the van
 * arrives ARRIVE_BEFORE_MINUTES before the start and spends MINUTES_PER_STOP driving to and loading at each
 * stop, so the last of n stops is picked up 30 + 10 minutes before the start and the first 30 + 10 x n.
 * The return leaves the venue when the event ends and drops passengers in the reverse order.
 */
export const ARRIVE_BEFORE_MINUTES = 30;
export const MINUTES_PER_STOP = 10;

const MINUTE = 60_000;

/** The pick-up time of each of `stopCount` stops, in pick-up order. */
export function pickupTimes(eventStart: Date, stopCount: number): Date[] {
  return Array.from(
    { length: stopCount },
    (_, index) => new Date(eventStart.getTime() - (ARRIVE_BEFORE_MINUTES + MINUTES_PER_STOP * (stopCount - index)) * MINUTE),
  );
}

/** A date of an event whose daily end cannot be told (it ends at the time it starts) is taken to last this long. */
export const DEFAULT_EVENT_HOURS = 5;
const HOUR = 60 * MINUTE;
const DAY_MINUTES = 24 * 60;

/** Minutes past midnight of an instant on the clock of `timeZone`. */
function minuteOfDay(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return value("hour") * 60 + value("minute");
}

/**
 * When the return leg leaves when the date has no end of its own: the chosen date's start plus the event's own
 * length when the event is one show (start and end less than a day apart). An event spanning a day or more is a
 * run of dates, each ending at the event's daily end time (the time of day of its end, on the event's clock):
 * that day at that time, or the next day when the show runs past midnight. An event whose end is at the same time
 * of day as its start says no daily end: DEFAULT_EVENT_HOURS then.
 */
export function returnDeparture(dateStart: Date, eventStart: Date, eventEnd: Date, timeZone = "UTC"): Date {
  const span = eventEnd.getTime() - eventStart.getTime();
  if (span > 0 && span < 24 * HOUR) return new Date(dateStart.getTime() + span);
  const minutes = (((minuteOfDay(eventEnd, timeZone) - minuteOfDay(dateStart, timeZone)) % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return new Date(dateStart.getTime() + (minutes === 0 ? DEFAULT_EVENT_HOURS * HOUR : minutes * MINUTE));
}
