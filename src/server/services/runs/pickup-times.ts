/**
 * When each stop of a run is picked up, estimated back from the event's start (docs/decisions.md): the van
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

/** An event whose start and end are a day or more apart is a season of dates: each date is taken to last this long. */
export const DEFAULT_EVENT_HOURS = 5;
const HOUR = 60 * MINUTE;

/**
 * When the return leg leaves: the chosen date's start plus the event's own length (an event date stores only
 * its start). An event spanning a day or more is a range of dates, not one long show: DEFAULT_EVENT_HOURS then.
 */
export function returnDeparture(dateStart: Date, eventStart: Date, eventEnd: Date): Date {
  const span = eventEnd.getTime() - eventStart.getTime();
  const length = span > 0 && span < 24 * HOUR ? span : DEFAULT_EVENT_HOURS * HOUR;
  return new Date(dateStart.getTime() + length);
}
