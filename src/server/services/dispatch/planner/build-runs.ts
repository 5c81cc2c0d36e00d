/**
 * Pooling: a sweep around the venue with cheapest insertion. Each run starts at the first group the sweep has
 * not placed yet and is planned for the largest vehicle still free; it then takes, one at a time, the group
 * among the next ones in the sweep whose best insertion lengthens the van's drive least while every passenger
 * aboard stays within their ride limit, until the vehicle is full or no group fits. Its order is then improved
 * (2-opt, or-opt) and, if that freed time, it tries to take more. Groups it could not take stay first in line for
 * the next run, so nobody is left behind and vehicles leave full wherever the ride limit allows. Rides are then
 * shortened by moving groups between neighbouring runs (improve-runs.ts), and runs one vehicle can take together
 * are merged (merge-runs.ts).
 */
import { improveRuns, type WorkingRun } from "./improve-runs";
import { mergeRuns, type SeatsCheck } from "./merge-runs";
import { bestInsertion, improveRoute, type RouteContext, type RouteScore, type RouteStop } from "./route";
import type { PickupGroup } from "./types";

/** How many groups ahead in the sweep a run looks for passengers to fill its seats. */
const LOOK_AHEAD = 48;

export interface BuiltRun {
  /** In the run's driving order: stops with the groups picked up or dropped there. */
  stops: { point: number; groups: PickupGroup[] }[];
  seats: number;
  /** Seats of the vehicle (or fallback) it was filled for. */
  capacity: number;
  /** Outbound: from reaching the first stop to reaching the venue; return: from the venue to the last stop. */
  durationSeconds: number;
}

/** Which merges of runs are allowed: up to the largest vehicle's seats, and what the fleet can carry. */
export interface MergeRule {
  largestSeats: number;
  allowed: SeatsCheck;
}

/** Seat counts to fill runs for, largest vehicle first, then `fallbackSeats` for ever. */
export interface CapacityQueue {
  /** The next capacity, and whether it is a real vehicle's. */
  next(): { seats: number; vehicle: boolean };
}

export function buildRuns(
  ctx: RouteContext,
  ordered: readonly PickupGroup[],
  capacities: CapacityQueue,
  merge: MergeRule,
): BuiltRun[] {
  const remaining = [...ordered];
  const runs: WorkingRun[] = [];
  while (remaining.length > 0) {
    const { seats, vehicle } = capacities.next();
    let seedIndex = remaining.findIndex((group) => group.seats <= seats);
    let capacity = seats;
    if (seedIndex < 0) {
      // No group left fits this vehicle: try the next one; past the fleet, a group larger than any vehicle
      // rides alone in a run of its own size (its passengers never split).
      if (vehicle) continue;
      seedIndex = 0;
      capacity = remaining[0]!.seats;
    }
    const run = fillRun(ctx, remaining, seedIndex, capacity);
    const taken = new Set(run.groups);
    for (let k = remaining.length - 1; k >= 0; k--) if (taken.has(remaining[k]!)) remaining.splice(k, 1);
    runs.push({ ...run, capacity });
  }
  return mergeRuns(ctx, improveRuns(ctx, runs), merge.largestSeats, merge.allowed).map(toBuiltRun);
}

interface RunInProgress {
  groups: PickupGroup[];
  route: RouteStop[];
  score: RouteScore;
  seats: number;
}

function fillRun(ctx: RouteContext, remaining: readonly PickupGroup[], seedIndex: number, capacity: number): RunInProgress {
  const seed = remaining[seedIndex]!;
  const seedRoute = [{ point: seed.point, seats: seed.seats }];
  const run: RunInProgress = {
    groups: [seed],
    route: seedRoute,
    score: bestInsertion(ctx, [], seedRoute[0]!).score,
    seats: seed.seats,
  };
  for (;;) {
    const added = addWhileAllowed(ctx, remaining, seedIndex, capacity, run);
    if (run.route.length < 2) break;
    const improved = improveRoute(ctx, run.route);
    const changed = improved.score.duration < run.score.duration;
    run.route = improved.stops;
    run.score = improved.score;
    if (!changed || run.seats >= capacity || added === 0) break;
  }
  return run;
}

/** Adds the cheapest allowed group among the next ones in the sweep until none fits; answers how many. */
function addWhileAllowed(
  ctx: RouteContext,
  remaining: readonly PickupGroup[],
  seedIndex: number,
  capacity: number,
  run: RunInProgress,
): number {
  const inRun = new Set(run.groups);
  let added = 0;
  while (run.seats < capacity) {
    let best: { group: PickupGroup; route: RouteStop[]; score: RouteScore } | null = null;
    let looked = 0;
    for (let k = seedIndex + 1; k < remaining.length && looked < LOOK_AHEAD; k++) {
      const group = remaining[k]!;
      if (inRun.has(group)) continue;
      looked++;
      if (run.seats + group.seats > capacity) continue;
      const insertion = bestInsertion(ctx, run.route, { point: group.point, seats: group.seats });
      if (insertion.score.overLimit > 0) continue;
      if (best === null || insertion.score.duration < best.score.duration) {
        best = { group, route: insertion.stops, score: insertion.score };
      }
    }
    if (best === null) break;
    run.groups.push(best.group);
    inRun.add(best.group);
    run.route = best.route;
    run.score = best.score;
    run.seats += best.group.seats;
    added++;
  }
  return added;
}

function toBuiltRun(run: WorkingRun): BuiltRun {
  return {
    stops: run.route.map((stop) => ({
      point: stop.point,
      groups: run.groups.filter((group) => group.point === stop.point),
    })),
    seats: run.seats,
    capacity: run.capacity,
    durationSeconds: run.score.duration,
  };
}
