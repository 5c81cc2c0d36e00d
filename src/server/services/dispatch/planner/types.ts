/**
 * What the dispatch planner is given and what it answers. The planner is pure: the same input gives the same
 * plan. Travel times are looked up beforehand (the travel-time port answers a matrix) so the planner never waits
 * on the network; index 0 of every matrix is the venue, index i + 1 is `stops[i]` of the input.
 */
import type { PlanNoteCode } from "../../../../shared/domain/dispatch";
import type { Leg } from "../../../../shared/domain/legs";
import type { Need } from "../../../../shared/domain/needs";

export interface LatLon {
  lat: number;
  lon: number;
}

/** People who must ride together: one ticket's passengers picked up at one address. */
export interface PickupGroup {
  /** Stable id of the group across plans (e.g. `t<ticketId>`). */
  id: string;
  passengerIds: number[];
  /** Seats the group takes (its passenger count). */
  seats: number;
  /** Index into `PlanInput.points` (0 is the venue, so always >= 1). Groups at one point form one stop. */
  point: number;
  /** What its passengers need on board (needs.ts): only a vehicle carrying all of it takes the group. */
  needs?: Need[];
}

export interface PlanVehicle {
  id: number;
  seats: number;
  /**
   * When the vehicle's driver is already at work that day (its runs of the date's other leg): a shift counts from
   * the earliest of these and the plan's runs to the latest, and never goes past `maxShiftMinutes`.
   */
  busy?: { from: Date; until: Date };
  /** What it carries for passengers' needs (none when absent). */
  carries?: Need[];
}

/** A run already fixed by a dispatcher: the planner keeps it as it is and plans the rest around it. */
export interface LockedRun {
  vehicleId: number | null;
  /** Group ids in stop order (groups at one point are one stop). */
  groupIds: string[];
  /** Minutes it was moved from the usual time as a vehicle's later wave (`PlannedRun.waveMinutes`), kept. */
  waveMinutes?: number;
}

export interface PlanSettings {
  /** Longest a passenger may ride, in minutes (default 90). */
  maxRideMinutes: number;
  /** Outbound: the van reaches the venue this long before the start (default 30). */
  arrivalMarginMinutes: number;
  /** Return: the van leaves the venue this long after the end (default 15). */
  departureMarginMinutes: number;
  /** Minutes spent at each stop loading or unloading (default 3). */
  dwellMinutes: number;
  /** Seats of a "vehicle needed" run when the fleet has run out (default: the largest vehicle's, else 15). */
  fallbackSeats: number;
  /**
   * A vehicle's second wave of a leg: outbound, its first wave reaches the venue at most this much earlier than
   * usual; return, its second wave leaves the venue at most this much later than the first (default 60).
   */
  waveWaitMinutes: number;
  /** Longest driver's shift a plan gives a vehicle's waves of one leg, in minutes (default 600, 10 hours). */
  maxShiftMinutes: number;
  /**
   * Milliseconds the search for shorter drives may take at most (default: 10 per group, between 200 and 2,000);
   * past it the best plan found so far is kept. 0 skips the search (groups with needs are still moved to a vehicle carrying them).
   */
  searchMilliseconds?: number;
  /** Rounds of that search (default: `ROUNDS_PER_GROUP` per group, at most 100,000); the same rounds, the same plan. */
  searchRounds?: number;
  /** Seed of the search's random choices (default 1). */
  searchSeed?: number;
}

export interface PlanInput {
  leg: Leg;
  /** Outbound: the event date's start; return: the event date's end. */
  anchor: Date;
  /** points[0] is the venue; every other point is a pick-up (outbound) or drop-off (return) place. */
  points: LatLon[];
  /** Seconds of driving from points[i] to points[j]: seconds[i][j]. */
  seconds: number[][];
  groups: PickupGroup[];
  vehicles: PlanVehicle[];
  locked: LockedRun[];
  settings: PlanSettings;
  /** Asked now and then while searching for shorter drives: true stops the search, keeping the best plan so far. */
  shouldStop?: () => boolean;
}

export interface PlannedStop {
  point: number;
  groupIds: string[];
  /** Outbound: pick-up time; return: drop-off time. */
  time: Date;
}

export interface PlannedRun {
  /** null: "vehicle needed" (the fleet has no free vehicle left). */
  vehicleId: number | null;
  /** The seats this run needs (its passengers). */
  seats: number;
  /** Seats of the vehicle it is planned for (the vehicle's, or `fallbackSeats`). */
  capacity: number;
  /** In driving order (outbound: first pick-up first; return: first drop-off first). */
  stops: PlannedStop[];
  /** Outbound: leaves the first stop; return: leaves the venue. */
  departs: Date;
  /** Outbound: reaches the venue; return: reaches the last stop. */
  arrives: Date;
  locked: boolean;
  /** 1 for the vehicle's first run of the leg, 2 for its second wave, ... (locked runs: 1). */
  wave: number;
  /** Whole minutes the run is moved from the usual time so its vehicle drives its waves: outbound earlier, return later. */
  waveMinutes: number;
}

export interface Plan {
  runs: PlannedRun[];
  /** Why the plan is not as tight as it could be, with the groups concerned. */
  notes: { code: PlanNoteCode; groupIds: string[] }[];
}
