/**
 * Every feasible route of a small instance, each in its best order: a set of stops one vehicle can take (seats up
 * to the largest vehicle's) in an order where every passenger rides within their limit, with the least driving
 * time among such orders. Found exactly by dynamic programming over subsets: outbound a route is grown from the
 * venue backwards (a stop put first rides everything after it, so only its own ride is new), return forwards
 * from the venue; keeping, per set and end stop, only the shortest duration is exact because a shorter partial
 * route leaves every later stop a shorter ride. The rules are the planner's (route.ts): the same matrix, dwell
 * and ride limits.
 */
import { LEG, type Leg } from "../../../src/shared/domain/legs";

export interface FeasibleRoute {
  /** Bit k set: stop k (of the instance's stops) is on the route. */
  mask: number;
  seats: number;
  durationSeconds: number;
}

export interface RouteRules {
  leg: Leg;
  /** seconds[i][j] between points; point 0 is the venue, stop k is at point `points[k]`. */
  seconds: number[][];
  points: readonly number[];
  seats: readonly number[];
  limitSeconds: readonly number[];
  dwellSeconds: number;
  maxSeats: number;
}

/** Past this many partial routes the instance is too large to be solved exactly here. */
const MAX_STATES = 4_000_000;

export function feasibleRoutes(rules: RouteRules): FeasibleRoute[] {
  const { leg, seconds, points, seats, limitSeconds, dwellSeconds, maxSeats } = rules;
  const n = points.length;
  if (n > 30) throw new Error("at most 30 stops");
  const outbound = leg === LEG.outbound;
  // layer: mask → best duration per end stop (outbound: the first stop; return: the last), Infinity when none.
  let layer = new Map<number, Float64Array>();
  const routes: FeasibleRoute[] = [];
  let states = 0;
  for (let k = 0; k < n; k++) {
    const p = points[k]!;
    const ride = outbound ? seconds[p]![0]! + dwellSeconds : seconds[0]![p]!;
    if (ride > limitSeconds[p]! || seats[k]! > maxSeats) continue;
    const ends = new Float64Array(n).fill(Infinity);
    ends[k] = ride;
    layer.set(1 << k, ends);
  }
  const seatsOf = (mask: number) => {
    let total = 0;
    for (let k = 0; k < n; k++) if (mask & (1 << k)) total += seats[k]!;
    return total;
  };
  while (layer.size > 0) {
    const next = new Map<number, Float64Array>();
    for (const [mask, ends] of layer) {
      const taken = seatsOf(mask);
      routes.push({ mask: mask >>> 0, seats: taken, durationSeconds: Math.min(...ends) });
      for (let add = 0; add < n; add++) {
        const bit = 1 << add;
        if (mask & bit || taken + seats[add]! > maxSeats) continue;
        const p = points[add]!;
        let best = Infinity;
        for (let end = 0; end < n; end++) {
          const so = ends[end]!;
          if (so === Infinity) continue;
          const q = points[end]!;
          const ride = outbound ? so + seconds[p]![q]! + dwellSeconds : so + dwellSeconds + seconds[q]![p]!;
          if (ride < best) best = ride;
        }
        if (best > limitSeconds[p]!) continue;
        const key = mask | bit;
        let row = next.get(key);
        if (row === undefined) {
          row = new Float64Array(n).fill(Infinity);
          next.set(key, row);
          if (++states > MAX_STATES) throw new Error(`more than ${MAX_STATES} partial routes: use fewer stops`);
        }
        if (best < row[add]!) row[add] = best;
      }
    }
    layer = next;
  }
  return routes;
}
