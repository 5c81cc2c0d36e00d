/**
 * Stop times of one run in a fixed order. Outbound, the van reaches the venue a margin before the start and each
 * earlier stop's time is worked back from the driving time plus the dwell of every stop from it on; return, the
 * van leaves the venue a margin after the end and drop-off times run forward. Outbound times are rounded down to
 * the minute (a passenger told 13:20 is ready when the van comes at 13:20:40), return times up (nobody is
 * promised home earlier than the van can make it), so times never go backwards along a run.
 */
import { LEG, type Leg } from "../../../../shared/domain/legs";
import type { PlanSettings, PlannedStop } from "./types";

export interface StopToSchedule {
  point: number;
  groupIds: string[];
}

export interface RunToSchedule {
  leg: Leg;
  /** Outbound: the event date's start; return: its end. */
  anchor: Date;
  /** seconds[i][j]: driving from point i to point j; point 0 is the venue. */
  seconds: number[][];
  settings: Pick<PlanSettings, "arrivalMarginMinutes" | "departureMarginMinutes" | "dwellMinutes">;
  /** In driving order. */
  stops: StopToSchedule[];
}

export interface ScheduledRun {
  stops: PlannedStop[];
  departs: Date;
  arrives: Date;
}

const MINUTE_MS = 60_000;

/**
 * Each stop's ride in seconds, in the run's order: outbound from the van's arrival at the stop (boarding
 * included) to the venue; return from leaving the venue to reaching the stop.
 */
export function rideSeconds(leg: Leg, seconds: number[][], dwellSeconds: number, points: readonly number[]): number[] {
  const rides = new Array<number>(points.length);
  if (leg === LEG.outbound) {
    let next = 0; // the venue
    let toVenue = 0;
    for (let k = points.length - 1; k >= 0; k--) {
      const here = points[k]!;
      toVenue += seconds[here]![next]! + dwellSeconds;
      rides[k] = toVenue;
      next = here;
    }
  } else {
    let previous = 0;
    let fromVenue = 0;
    for (let k = 0; k < points.length; k++) {
      const here = points[k]!;
      fromVenue += (k === 0 ? 0 : dwellSeconds) + seconds[previous]![here]!;
      rides[k] = fromVenue;
      previous = here;
    }
  }
  return rides;
}

/** A passenger's ride with nobody else aboard, in seconds (outbound boarding included). */
export function directRideSeconds(leg: Leg, seconds: number[][], dwellSeconds: number, point: number): number {
  return leg === LEG.outbound ? seconds[point]![0]! + dwellSeconds : seconds[0]![point]!;
}

/**
 * The anchor of a run moved `waveMinutes` from the usual time as a vehicle's other wave: outbound earlier (it
 * reaches the venue sooner), return later (it leaves the venue later).
 */
export function waveAnchor(leg: Leg, anchor: Date, waveMinutes: number): Date {
  return new Date(anchor.getTime() + waveMinutes * MINUTE_MS * (leg === LEG.outbound ? -1 : 1));
}

/** Stop times, departure and arrival of a run whose stops are already in driving order. */
export function scheduleRun(run: RunToSchedule): ScheduledRun {
  const dwellSeconds = run.settings.dwellMinutes * 60;
  const points = run.stops.map((stop) => stop.point);
  const rides = rideSeconds(run.leg, run.seconds, dwellSeconds, points);
  if (run.leg === LEG.outbound) {
    const arrives = new Date(run.anchor.getTime() - run.settings.arrivalMarginMinutes * MINUTE_MS);
    const stops = run.stops.map((stop, k) => ({
      point: stop.point,
      groupIds: [...stop.groupIds],
      time: new Date(floorToMinute(arrives.getTime() - rides[k]! * 1000)),
    }));
    const departs = stops.length > 0 ? new Date(stops[0]!.time.getTime() + dwellSeconds * 1000) : arrives;
    return { stops, departs, arrives };
  }
  const departs = new Date(run.anchor.getTime() + run.settings.departureMarginMinutes * MINUTE_MS);
  const stops = run.stops.map((stop, k) => ({
    point: stop.point,
    groupIds: [...stop.groupIds],
    time: new Date(ceilToMinute(departs.getTime() + rides[k]! * 1000)),
  }));
  const arrives = stops.length > 0 ? stops[stops.length - 1]!.time : departs;
  return { stops, departs, arrives };
}

function floorToMinute(ms: number): number {
  return Math.floor(ms / MINUTE_MS) * MINUTE_MS;
}

function ceilToMinute(ms: number): number {
  return Math.ceil(ms / MINUTE_MS) * MINUTE_MS;
}
