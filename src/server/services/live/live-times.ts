/**
 * The live times of one run, computed without a database or a network: which stops are done, and when the van is
 * expected at each one still to come, from its last position through the travel times plus the dwell at each stop,
 * with the delay against the published time. The service (live-state.ts) reads the rows and asks the travel-time
 * port; this module only decides, so every rule here is unit-tested.
 *
 * The rules, as a dispatcher reads a van's day:
 * - A stop is done once the driver heads to a later one, or (going out) every passenger of it boarded or did not
 *   come, or (coming back) the van came within ARRIVED_METRES of it.
 * - Going out, a van early at a stop waits for the published pick-up time: passengers were told that time.
 * - Coming back, a van not yet gone from the venue leaves it at the published departure at the earliest.
 * - A van whose last position is old is expected no earlier than now: it has not arrived, so it is late.
 */
import { LEG, type Leg } from "../../../shared/domain/legs";
import { straightLineKm } from "../../geo/travel-time-estimate";
import { STOP_REACHED_METRES } from "../dispatch/run-over";
import type { LatLon } from "../../geo/types";

/** How near a stop the van must be for it to count as reached (the driver's phone stops sharing by the same measure). */
export const ARRIVED_METRES = STOP_REACHED_METRES;

export interface LiveStopInput extends LatLon {
  /** Names the stop across re-plans (its address). */
  key: string;
  planned: Date;
  passengerIds: number[];
}

export interface VehiclePosition extends LatLon {
  at: Date;
}

export interface LiveRunInput {
  leg: Leg;
  departsAt: Date;
  arrivesAt: Date;
  venue: LatLon;
  stops: LiveStopInput[];
  position: VehiclePosition | null;
  /** The stop the driver said the van heads to ("next stop"), or null. */
  heading: number | null;
  /** Passengers boarded or marked as not come on this leg. */
  settled: ReadonlySet<number>;
  now: Date;
  dwellMinutes: number;
}

export interface LiveStopTimes {
  key: string;
  planned: Date;
  done: boolean;
  /** null once done. */
  expected: Date | null;
  /** Whole minutes late (negative: early); null once done. */
  delayMinutes: number | null;
}

export interface LiveRunTimes {
  done: number;
  stops: LiveStopTimes[];
  /** Going out: the expected arrival at the venue; coming back: the expected departure from it (null once gone). */
  venueExpected: Date | null;
  /** The delay at the next place the van is expected (a stop, or the venue going out once every stop is done). */
  delayMinutes: number;
}

/** How many stops are done, by the rules above. */
export function stopsDone(input: LiveRunInput): number {
  let done = input.heading !== null ? Math.max(0, Math.min(input.heading, input.stops.length)) : 0;
  input.stops.forEach((stop, index) => {
    if (input.leg === LEG.outbound && stop.passengerIds.length > 0 && stop.passengerIds.every((id) => input.settled.has(id))) done = Math.max(done, index + 1);
    if (input.leg === LEG.return && input.position && straightLineKm(input.position, stop) * 1000 <= ARRIVED_METRES) done = Math.max(done, index + 1);
  });
  return done;
}

/** Whether the return van is still to leave the venue: no stop done and not yet past its departure far from it. */
function stillAtVenue(input: LiveRunInput, done: number): boolean {
  return input.leg === LEG.return && done === 0 && (input.position === null || input.now < input.departsAt);
}

/**
 * The places whose travel times the live times need, in driving order: where the van starts from (its position, or
 * the venue when it has none), the venue again when a return van must still reach it, the stops to go, and the
 * venue at the end going out. `liveTimes` reads `seconds[i]` as the drive from `points[i]` to `points[i + 1]`.
 */
export function routeAhead(input: LiveRunInput, done = stopsDone(input)): LatLon[] {
  const start: LatLon = input.position ?? (input.leg === LEG.return ? input.venue : (input.stops[done] ?? input.venue));
  const points: LatLon[] = [start];
  if (stillAtVenue(input, done)) points.push(input.venue);
  points.push(...input.stops.slice(done));
  if (input.leg === LEG.outbound) points.push(input.venue);
  return points;
}

const minutesBetween = (later: Date, earlier: Date) => Math.round((later.getTime() - earlier.getTime()) / 60_000);

/** The expected times along `routeAhead(input)`, given the drive in seconds between each point and the next. */
export function liveTimes(input: LiveRunInput, seconds: readonly number[]): LiveRunTimes {
  const done = stopsDone(input);
  const dwell = input.dwellMinutes * 60_000;
  const stops: LiveStopTimes[] = input.stops.map((stop, index) => ({ key: stop.key, planned: stop.planned, done: index < done, expected: null, delayMinutes: null }));
  // Without a position the published times stand: nothing says the van is late.
  if (!input.position) {
    for (const stop of stops.slice(done)) {
      stop.expected = stop.planned;
      stop.delayMinutes = 0;
    }
    const venueExpected = input.leg === LEG.outbound ? input.arrivesAt : done === 0 ? input.departsAt : null;
    return { done, stops, venueExpected, delayMinutes: 0 };
  }
  const now = input.now.getTime();
  let leg = 0;
  let clock = input.position.at.getTime();
  const drive = () => (seconds[leg++] ?? 0) * 1000;
  let venueExpected: Date | null = null;
  let first = true;
  // The first arrival is never before now: a van that has not reported arriving is still on its way.
  const arrive = () => {
    clock += drive();
    if (first) clock = Math.max(clock, now);
    first = false;
  };
  if (stillAtVenue(input, done)) {
    arrive();
    clock = Math.max(clock, input.departsAt.getTime());
    venueExpected = new Date(clock);
  }
  for (const stop of stops.slice(done)) {
    arrive();
    stop.expected = new Date(clock);
    stop.delayMinutes = minutesBetween(stop.expected, stop.planned);
    clock = (input.leg === LEG.outbound ? Math.max(clock, stop.planned.getTime()) : clock) + dwell;
  }
  if (input.leg === LEG.outbound) {
    arrive();
    venueExpected = new Date(clock);
  }
  const next = stops.find((stop) => !stop.done);
  const delayMinutes = next ? next.delayMinutes! : input.leg === LEG.outbound && venueExpected ? minutesBetween(venueExpected, input.arrivesAt) : 0;
  return { done, stops, venueExpected, delayMinutes };
}
