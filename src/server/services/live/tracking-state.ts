/**
 * The one state of a passenger's leg on their tracking page, and the time it counts down to, from the run's live
 * state, the passenger's boarding record and what they were told. Pure, so each rule is tested on its own:
 * - The driver's no-show mark is "missed"; so is a van that passed their stop (going out) or left the venue
 *   (coming back) while they were not aboard.
 * - Aboard going out until the van, every stop done, is at the venue ("dropped off"); aboard coming back until the
 *   van reaches their stop.
 * - Going out and not aboard: "waiting" while the van sends no position, "arriving" once it is at their stop or
 *   ARRIVING_MS from it, else "on the way".
 * - Coming back and not aboard: "arriving" while the van is at the venue, "on the way" while it drives there.
 * - The page counts down only to a time the passenger waits for now: their pick-up while the van comes (going out),
 *   their drop-off once the return run has left the venue. Before that it shows the published time, the one they
 *   were texted (`published`), and how late the van runs against it.
 */
import { LEG, type Leg } from "../../../shared/domain/legs";
import { PASSENGER_STATE, type PassengerState } from "../../../shared/domain/dispatch";
import { TRACKING_STATE, type TrackingState } from "../../../shared/domain/tracking";
import { straightLineKm } from "../../../shared/geo/straight-line";
import type { LiveRun } from "../../../shared/schemas/answers/live";
import type { LatLon } from "../../geo/types";
import { STOP_REACHED_METRES, VENUE_REACHED_METRES } from "../dispatch/run-over";

/** Within this of the van's expected time at their stop the page says it is arriving. */
export const ARRIVING_MS = 2 * 60_000;

export interface TrackingStateInput {
  leg: Leg;
  passenger: PassengerState;
  run: Pick<LiveRun, "position" | "stopsDone" | "stopsTotal" | "venueExpected">;
  stop: LatLon & { done: boolean; expected: string | null };
  venue: LatLon;
  /** What the passenger was texted: the pick-up going out, the departure from the venue coming back. */
  published: Date;
  /** Coming back: the drop-off at their stop the same text named; null going out. */
  publishedArrival: Date | null;
  now: Date;
}

export interface LegState {
  state: TrackingState;
  /** The time the page counts down to, or null while it shows the published time instead. */
  expected: string | null;
  /** Whole minutes late (negative: early) against what the passenger was told, or null when nothing is expected. */
  delayMinutes: number | null;
}

const metres = (a: LatLon, b: LatLon) => straightLineKm(a, b) * 1000;
const minutesAfter = (later: string, earlier: Date) => Math.round((Date.parse(later) - earlier.getTime()) / 60_000);

/**
 * Whether the return run has left the venue: a stop of it is done, or its departure time passed and the van is away
 * from the venue (a van still standing there after its time has not left anyone behind yet).
 */
export function returnLeft(run: TrackingStateInput["run"], venue: LatLon): boolean {
  if (run.stopsDone > 0) return true;
  return run.venueExpected === null && run.position !== null && metres(run.position, venue) > VENUE_REACHED_METRES;
}

export function legState(input: TrackingStateInput): LegState {
  const { leg, passenger, run, stop, venue, published, publishedArrival, now } = input;
  const still = (state: TrackingState): LegState => ({ state, expected: null, delayMinutes: null });
  if (passenger === PASSENGER_STATE.noShow) return still(TRACKING_STATE.missed);
  const aboard = passenger === PASSENGER_STATE.boarded;
  if (leg === LEG.outbound) {
    if (aboard) {
      const atVenue = run.stopsDone >= run.stopsTotal && run.position !== null && metres(run.position, venue) <= VENUE_REACHED_METRES;
      return still(atVenue ? TRACKING_STATE.droppedOff : TRACKING_STATE.aboard);
    }
    if (stop.done) return still(TRACKING_STATE.missed);
    if (!run.position) return still(TRACKING_STATE.waiting);
    const expected = stop.expected;
    const near = metres(run.position, stop) <= STOP_REACHED_METRES || (expected !== null && Date.parse(expected) - now.getTime() <= ARRIVING_MS);
    return { state: near ? TRACKING_STATE.arriving : TRACKING_STATE.onTheWay, expected, delayMinutes: expected ? minutesAfter(expected, published) : null };
  }
  const left = returnLeft(run, venue);
  if (aboard) {
    if (stop.done) return still(TRACKING_STATE.droppedOff);
    if (!left || !stop.expected) return { state: TRACKING_STATE.aboard, expected: null, delayMinutes: run.venueExpected ? minutesAfter(run.venueExpected, published) : null };
    return { state: TRACKING_STATE.aboard, expected: stop.expected, delayMinutes: minutesAfter(stop.expected, publishedArrival ?? published) };
  }
  if (left) return still(TRACKING_STATE.missed);
  const delayMinutes = run.venueExpected ? minutesAfter(run.venueExpected, published) : null;
  if (!run.position) return { state: TRACKING_STATE.waiting, expected: null, delayMinutes };
  return { state: metres(run.position, venue) <= VENUE_REACHED_METRES ? TRACKING_STATE.arriving : TRACKING_STATE.onTheWay, expected: null, delayMinutes };
}
