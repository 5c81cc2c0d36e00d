/**
 * Fewer runs: two runs become one when one vehicle can take both, every passenger of both stays within their
 * ride limit, and the fleet still has a vehicle for every run it could carry before. This is what keeps two vans
 * from leaving one far town together with a few passengers each, and what puts a larger vehicle on the road when
 * it saves a run. Among the allowed merges the one adding the least driving is made first, until none is left.
 * Runs are compared with their neighbours in the sweep (close on the map) and, on small days, with every run.
 */
import type { WorkingRun } from "./improve-runs";
import type { PickupGroup } from "./types";
import { bestInsertion, improveRoute, type RouteContext, type RouteScore, type RouteStop } from "./route";

/** How many runs either side in the sweep a run may merge with (all of them when there are at most `ALL_PAIRS`). */
const NEIGHBOURS = 6;
const ALL_PAIRS = 24;

/** Whether the runs after a merge (their seats) are as well served by the fleet as before; see `fleetShortfall`. */
export type SeatsCheck = (before: readonly number[], after: readonly number[]) => boolean;

export function mergeRuns(ctx: RouteContext, runs: WorkingRun[], largestSeats: number, allowed: SeatsCheck): WorkingRun[] {
  const merged = mergePairs(ctx, runs, largestSeats, allowed);
  return shareOut(ctx, merged, largestSeats, allowed);
}

function mergePairs(ctx: RouteContext, runs: WorkingRun[], largestSeats: number, allowed: SeatsCheck): WorkingRun[] {
  const current = [...runs];
  for (;;) {
    const reach = current.length <= ALL_PAIRS ? current.length : NEIGHBOURS;
    const before = current.map((run) => run.seats);
    let best: { i: number; j: number; route: RouteStop[]; score: RouteScore; added: number } | null = null;
    for (let i = 0; i < current.length; i++) {
      for (let j = i + 1; j < current.length && j - i <= reach; j++) {
        const a = current[i]!;
        const b = current[j]!;
        if (a.seats + b.seats > largestSeats) continue;
        const seats = current.filter((_, k) => k !== i && k !== j).map((run) => run.seats);
        if (!allowed(before, [...seats, a.seats + b.seats])) continue;
        const merged = mergedRoute(ctx, a, b);
        if (merged === null) continue;
        const added = merged.score.duration - a.score.duration - b.score.duration;
        if (best !== null && added >= best.added) continue;
        best = { i, j, route: merged.stops, score: merged.score, added };
      }
    }
    if (best === null) return current;
    const a = current[best.i]!;
    const b = current[best.j]!;
    current[best.i] = {
      groups: [...a.groups, ...b.groups],
      route: best.route,
      score: best.score,
      seats: a.seats + b.seats,
      capacity: Math.max(a.capacity, b.capacity, a.seats + b.seats),
    };
    current.splice(best.j, 1);
  }
}

/** One route through both runs' stops with nobody past their limit, or null. */
function mergedRoute(ctx: RouteContext, a: WorkingRun, b: WorkingRun): { stops: RouteStop[]; score: RouteScore } | null {
  let best: { stops: RouteStop[]; score: RouteScore } | null = null;
  for (const [into, from] of [
    [a, b],
    [b, a],
  ] as const) {
    let route = into.route;
    for (const stop of from.route) route = bestInsertion(ctx, route, stop).stops;
    const improved = improveRoute(ctx, route);
    if (improved.score.overLimit > 0) continue;
    if (best === null || improved.score.duration < best.score.duration) best = improved;
  }
  return best;
}

/**
 * Runs emptied into the others, smallest first (equal seats: the later in the sweep); after each success the
 * runs are looked at again, and a run is tried once with the same groups.
 */
function shareOut(ctx: RouteContext, runs: WorkingRun[], largestSeats: number, allowed: SeatsCheck): WorkingRun[] {
  let current = runs;
  const tried = new Set<string>();
  const keyOf = (run: WorkingRun) => run.groups.map((group) => group.id).join(" ");
  for (;;) {
    const order = current
      .map((_, k) => k)
      .sort((a, b) => current[a]!.seats - current[b]!.seats || b - a)
      .filter((k) => !tried.has(keyOf(current[k]!)));
    let next: WorkingRun[] | null = null;
    for (const index of order) {
      tried.add(keyOf(current[index]!));
      next = emptied(ctx, current, index, largestSeats, allowed);
      if (next !== null) break;
    }
    if (next === null) return current;
    current = next;
  }
}

/** The runs with run `index` shared out among its neighbours, or null when one of its groups fits nowhere. */
function emptied(
  ctx: RouteContext,
  current: readonly WorkingRun[],
  index: number,
  largestSeats: number,
  allowed: SeatsCheck,
): WorkingRun[] | null {
  const reach = current.length <= ALL_PAIRS ? current.length : NEIGHBOURS;
  const near = (k: number) => k !== index && Math.abs(k - index) <= reach;
  const others = current.filter((_, k) => near(k)).map((other) => ({ ...other }));
  if (others.length === 0) return null;
  // Largest groups first: they are the hardest to fit.
  const groups = [...current[index]!.groups].sort((a, b) => b.seats - a.seats || (a.id < b.id ? -1 : 1));
  for (const group of groups) {
    const target = cheapestHome(ctx, others, group, largestSeats);
    if (target === null) return null;
    const home = others[target.index]!;
    others[target.index] = {
      groups: [...home.groups, group],
      route: target.route,
      score: target.score,
      seats: home.seats + group.seats,
      capacity: Math.max(home.capacity, home.seats + group.seats),
    };
  }
  let n = 0;
  const next = current.flatMap((one, k) => (k === index ? [] : near(k) ? [others[n++]!] : [one]));
  if (!allowed(current.map((one) => one.seats), next.map((one) => one.seats))) return null;
  return next.map((one) => {
    if (!others.includes(one)) return one;
    const improved = improveRoute(ctx, one.route);
    return { ...one, route: improved.stops, score: improved.score };
  });
}

/** The run a group joins adding the least driving with everybody within their limit, or null. */
function cheapestHome(
  ctx: RouteContext,
  runs: readonly WorkingRun[],
  group: PickupGroup,
  largestSeats: number,
): { index: number; route: RouteStop[]; score: RouteScore } | null {
  let best: { index: number; route: RouteStop[]; score: RouteScore; added: number } | null = null;
  runs.forEach((run, index) => {
    if (run.seats + group.seats > largestSeats) return;
    const insertion = bestInsertion(ctx, run.route, { point: group.point, seats: group.seats });
    if (insertion.score.overLimit > 0) return;
    const added = insertion.score.duration - run.score.duration;
    if (best === null || added < best.added) best = { index, route: insertion.stops, score: insertion.score, added };
  });
  return best;
}
