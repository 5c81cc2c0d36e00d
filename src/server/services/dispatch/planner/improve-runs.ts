/**
 * Shorter rides once the vehicles are fixed: a group moves to a neighbouring run (runs are built in sweep order,
 * so runs close in that order are close on the map) when that lowers the passenger-seconds ridden by the two runs
 * together, the receiving vehicle has the seats and nobody in either run rides past their limit. The last group
 * of a run moves whenever it can, even if rides get longer: the emptied run is dropped, one vehicle fewer. Passes repeat until none moves a group, at most `MAX_PASSES` times.
 */
import { bestInsertion, improveRoute, scoreRoute, type RouteContext, type RouteScore, type RouteStop } from "./route";
import type { PickupGroup } from "./types";

/** How many runs either side in the sweep a group may move to. */
const NEIGHBOURS = 4;
const MAX_PASSES = 6;

export interface WorkingRun {
  groups: PickupGroup[];
  route: RouteStop[];
  score: RouteScore;
  seats: number;
  capacity: number;
}

export function improveRuns(ctx: RouteContext, runs: WorkingRun[]): WorkingRun[] {
  let current = runs;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let moved = false;
    for (let from = 0; from < current.length; from++) {
      const source = current[from]!;
      // Groups in a fixed order (as they joined the run); a moved group leaves the list it was read from.
      for (const group of [...source.groups]) {
        const target = bestMove(ctx, current, from, group);
        if (target === null) continue;
        apply(ctx, source, current[target.index]!, group, target);
        moved = true;
      }
    }
    current = current.filter((run) => run.groups.length > 0);
    if (!moved) break;
  }
  return current;
}

interface Move {
  index: number;
  sourceRoute: RouteStop[];
  sourceScore: RouteScore;
  targetRoute: RouteStop[];
  targetScore: RouteScore;
}

function bestMove(ctx: RouteContext, runs: readonly WorkingRun[], from: number, group: PickupGroup): Move | null {
  const source = runs[from]!;
  const sourceRoute = without(source, group);
  const sourceScore = scoreRoute(ctx, sourceRoute);
  let best: Move | null = null;
  // Emptying a run saves a vehicle, which comes before shorter rides: the last group leaves even at a loss.
  let bestGain = source.groups.length === 1 ? -Infinity : 0;
  for (let offset = -NEIGHBOURS; offset <= NEIGHBOURS; offset++) {
    const index = from + offset;
    if (offset === 0 || index < 0 || index >= runs.length) continue;
    const target = runs[index]!;
    if (target.groups.length === 0 || target.seats + group.seats > target.capacity) continue;
    const insertion = bestInsertion(ctx, target.route, { point: group.point, seats: group.seats });
    if (insertion.score.overLimit > 0) continue;
    const gain = source.score.totalRide + target.score.totalRide - sourceScore.totalRide - insertion.score.totalRide;
    if (gain > bestGain) {
      bestGain = gain;
      best = { index, sourceRoute, sourceScore, targetRoute: insertion.stops, targetScore: insertion.score };
    }
  }
  return best;
}

function apply(ctx: RouteContext, source: WorkingRun, target: WorkingRun, group: PickupGroup, move: Move): void {
  source.groups = source.groups.filter((candidate) => candidate !== group);
  source.seats -= group.seats;
  const reordered = improveRoute(ctx, move.sourceRoute);
  source.route = reordered.stops;
  source.score = reordered.score;
  target.groups = [...target.groups, group];
  target.seats += group.seats;
  const improved = improveRoute(ctx, move.targetRoute);
  target.route = improved.stops;
  target.score = improved.score;
}

/** The run's route with the group's seats taken off its stop (and the stop gone if no other group is there). */
function without(run: WorkingRun, group: PickupGroup): RouteStop[] {
  const othersThere = run.groups.some((other) => other !== group && other.point === group.point);
  return run.route
    .filter((stop) => stop.point !== group.point || othersThere)
    .map((stop) => (stop.point === group.point ? { point: stop.point, seats: stop.seats - group.seats } : stop));
}
