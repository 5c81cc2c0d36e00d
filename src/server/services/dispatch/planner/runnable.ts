/**
 * A plan that can run, found exactly on small days. Pooling and the search are heuristics: on a small day with a
 * group that needs a vehicle carrying something (a wheelchair in the one 10-seat wheelchair van) they may leave a
 * run without a vehicle of the fleet, or a group in a vehicle lacking its needs, while a plan where every run has a
 * vehicle exists. Then this looks for one: every run one vehicle can take (its seats, the needs of its groups, each
 * passenger within their ride limit, in its best order) is found by dynamic programming over sets of groups, and
 * runs covering every group once are chosen by a depth-first search that keeps a vehicle of the fleet for each
 * (a matching of runs to vehicles with the seats and the needs), fullest runs first. Each vehicle drives one run:
 * a plan that needs a vehicle's second wave is not looked for here.
 *
 * Bounded: days of more than `MAX_GROUPS` groups are not tried, and the search gives up (answering null) past a
 * number of partial runs or of choices, so it costs at most a few hundred milliseconds; the plan then says which
 * groups have no vehicle (`vehicle_needed`, `needs_unmet`).
 */
import { LEG } from "../../../../shared/domain/legs";
import { NEEDS, type Need } from "../../../../shared/domain/needs";
import type { RouteContext } from "./route";
import type { PickupGroup, PlanVehicle } from "./types";

/** Groups beyond which no exact plan is looked for (sets of groups are bit masks). */
export const MAX_GROUPS = 24;
/** Partial runs the dynamic programme may hold, and choices the search may try, before giving up. */
const MAX_STATES = 400_000;
const MAX_CHOICES = 200_000;

export interface RunnableRun {
  /** In driving order: stops with the groups picked up or dropped there. */
  stops: { point: number; groups: PickupGroup[] }[];
  /** The vehicle of the fleet that takes it. */
  vehicle: PlanVehicle;
}

/**
 * Runs covering every group once, each with its own vehicle of `vehicles` that has its seats and carries its
 * needs, every passenger within their ride limit; null when there are none with one run per vehicle, or when the
 * day is too large to tell.
 */
export function runnableRuns(ctx: RouteContext, groups: readonly PickupGroup[], vehicles: readonly PlanVehicle[]): RunnableRun[] | null {
  const n = groups.length;
  if (n === 0 || n > MAX_GROUPS || vehicles.length === 0) return null;
  const seats = groups.map((group) => group.seats);
  const totalSeats = seats.reduce((sum, value) => sum + value, 0);
  if (totalSeats > vehicles.reduce((sum, vehicle) => sum + vehicle.seats, 0)) return null;
  const needBits = groups.map((group) => needsBits(group.needs ?? []));
  const carryBits = vehicles.map((vehicle) => needsBits(vehicle.carries ?? []));
  // The most seats a run may have with these needs: the largest vehicle carrying all of them.
  const roomFor = Array.from({ length: 1 << NEEDS.length }, (_, bits) =>
    Math.max(0, ...vehicles.filter((_, v) => (carryBits[v]! & bits) === bits).map((vehicle) => vehicle.seats)),
  );
  const routes = feasibleRuns(ctx, groups, needBits, roomFor);
  if (routes === null) return null;

  // For each group, the runs it is in, fullest first, then the shortest.
  const byGroup: number[][] = Array.from({ length: n }, () => []);
  const sorted = [...routes].sort(([, a], [, b]) => b.seats - a.seats || a.duration - b.duration);
  for (const [mask] of sorted) for (let bits = mask; bits !== 0; bits &= bits - 1) byGroup[31 - Math.clz32(bits & -bits)]!.push(mask);

  // Which vehicles a run fits (bit v: vehicles[v]); runs fitting the same vehicles are alike for the rest of the
  // search, so the groups left and the fits of the runs chosen make a state, remembered once it leads nowhere.
  const fitOf = new Map<number, number>();
  const fit = (mask: number) => {
    let bits = fitOf.get(mask);
    if (bits === undefined) {
      const route = routes.get(mask)!;
      bits = 0;
      vehicles.forEach((vehicle, v) => {
        if (vehicle.seats >= route.seats && (carryBits[v]! & route.needs) === route.needs) bits! |= 1 << v;
      });
      fitOf.set(mask, bits);
    }
    return bits;
  };
  const fleetSeats = vehicles.map((vehicle) => vehicle.seats).sort((a, b) => b - a);
  const fleetTotal = fleetSeats.reduce((sum, value) => sum + value, 0);
  const smallestFit = (bits: number) => {
    let least = Infinity;
    vehicles.forEach((vehicle, v) => {
      if (bits & (1 << v)) least = Math.min(least, vehicle.seats);
    });
    return least;
  };
  const chosen: number[] = [];
  const deadEnds = new Set<string>();
  let choices = 0;

  const tryRun = (mask: number, uncovered: number): boolean | null => {
    if (++choices > MAX_CHOICES) return null;
    chosen.push(mask);
    if (matching(chosen.map(fit), vehicles.length) !== null) {
      const found = search(uncovered & ~mask);
      if (found !== false) return found;
    }
    chosen.pop();
    return false;
  };
  const search = (uncovered: number): boolean | null => {
    if (uncovered === 0) return true;
    const runsLeft = vehicles.length - chosen.length;
    if (runsLeft <= 0) return false;
    const key = `${uncovered} ${chosen
      .map(fit)
      .sort((a, b) => a - b)
      .join(" ")}`;
    if (deadEnds.has(key)) return false;
    // The vehicles left could not hold the rest: at most the largest ones, and at most the fleet's seats less
    // those of the smallest vehicle each run chosen fits.
    let room = 0;
    for (let k = 0; k < runsLeft; k++) room += fleetSeats[k]!;
    let taken = 0;
    for (const mask of chosen) taken += smallestFit(fit(mask));
    room = Math.min(room, fleetTotal - taken);
    let seatsLeft = 0;
    for (let bits = uncovered; bits !== 0; bits &= bits - 1) seatsLeft += seats[31 - Math.clz32(bits & -bits)]!;
    const found = seatsLeft > room ? false : branch(uncovered, runsLeft);
    if (found === false) deadEnds.add(key);
    return found;
  };
  const branch = (uncovered: number, runsLeft: number): boolean | null => {
    // Everybody left in one run, when one vehicle can take them: the fewest runs.
    if (routes.has(uncovered)) {
      const found = tryRun(uncovered, uncovered);
      if (found !== false) return found;
    }
    if (runsLeft === 1) return false;
    // The group left in fewest runs (a group with needs, a far one) is placed first: fewer choices to try.
    let first = -1;
    for (let bits = uncovered; bits !== 0; bits &= bits - 1) {
      const k = 31 - Math.clz32(bits & -bits);
      if (first < 0 || byGroup[k]!.length < byGroup[first]!.length) first = k;
    }
    const firstBit = 1 << first;
    const rest = uncovered & ~firstBit;
    // Its runs within the groups left: its list, or every subset of the others when fewer.
    if (popCount(rest) < 31 - Math.clz32(byGroup[first]!.length + 1)) {
      for (let others = (rest - 1) & rest; ; others = (others - 1) & rest) {
        const mask = others | firstBit;
        if (routes.has(mask)) {
          const found = tryRun(mask, uncovered);
          if (found !== false) return found;
        }
        if (others === 0) break;
      }
    } else {
      for (const mask of byGroup[first]!) {
        if ((mask & ~uncovered) !== 0 || mask === uncovered) continue;
        const found = tryRun(mask, uncovered);
        if (found !== false) return found;
      }
    }
    return false;
  };

  if (search((1 << n) - 1) !== true) return null;
  const assigned = matching(chosen.map(fit), vehicles.length)!;
  return chosen.map((mask, r) => ({
    stops: bestOrder(
      ctx,
      groups.filter((_, k) => mask & (1 << k)),
    ),
    vehicle: vehicles[assigned[r]!]!,
  }));
}

function popCount(bits: number): number {
  let count = 0;
  for (let rest = bits; rest !== 0; rest &= rest - 1) count++;
  return count;
}

function needsBits(needs: readonly Need[]): number {
  let bits = 0;
  for (const need of needs) bits |= 1 << NEEDS.indexOf(need);
  return bits;
}

interface FeasibleRun {
  seats: number;
  needs: number;
  duration: number;
}

/**
 * Every set of groups one vehicle can take within every ride limit (by mask), with its least driving; null past
 * `MAX_STATES` partial runs. Outbound a run grows from the venue backwards (a stop put first rides everything
 * after it), return forwards; per set and end group only the shortest is kept, which is exact as a shorter
 * partial run leaves every later stop a shorter ride. Groups at one address are one stop: no second dwell.
 */
function feasibleRuns(
  ctx: RouteContext,
  groups: readonly PickupGroup[],
  needBits: readonly number[],
  roomFor: readonly number[],
): Map<number, FeasibleRun> | null {
  const { seconds, dwellSeconds, limitSeconds } = ctx;
  const n = groups.length;
  const outbound = ctx.leg === LEG.outbound;
  // hop[add * n + end]: what putting group `add` next to the run's end group adds to its ride.
  const hop = new Float64Array(n * n);
  const limit = groups.map((group) => limitSeconds[group.point]!);
  for (let add = 0; add < n; add++) {
    for (let end = 0; end < n; end++) {
      const p = groups[add]!.point;
      const q = groups[end]!.point;
      hop[add * n + end] = p === q ? 0 : outbound ? seconds[p]![q]! + dwellSeconds : dwellSeconds + seconds[q]![p]!;
    }
  }
  const runs = new Map<number, FeasibleRun>();
  // One layer of partial runs (all of one size): their masks, seats, needs and, per end group, the least ride.
  let layer = { masks: [] as number[], seats: [] as number[], needs: [] as number[], ends: new Float64Array(n * 64).fill(Infinity) };
  for (let k = 0; k < n; k++) {
    const p = groups[k]!.point;
    const ride = outbound ? seconds[p]![0]! + dwellSeconds : seconds[0]![p]!;
    if (ride > limit[k]! || groups[k]!.seats > roomFor[needBits[k]!]!) continue;
    const at = layer.masks.length;
    if ((at + 1) * n > layer.ends.length) layer.ends = grown(layer.ends);
    layer.masks.push(1 << k);
    layer.seats.push(groups[k]!.seats);
    layer.needs.push(needBits[k]!);
    layer.ends[at * n + k] = ride;
  }
  let states = layer.masks.length;
  while (layer.masks.length > 0) {
    const next = { masks: [] as number[], seats: [] as number[], needs: [] as number[], ends: new Float64Array(n * Math.max(64, layer.masks.length * 2)).fill(Infinity) };
    const indexOf = new Map<number, number>();
    const { ends } = layer;
    for (let i = 0; i < layer.masks.length; i++) {
      const mask = layer.masks[i]!;
      const seats = layer.seats[i]!;
      const needs = layer.needs[i]!;
      const base = i * n;
      let duration = Infinity;
      for (let bits = mask; bits !== 0; bits &= bits - 1) duration = Math.min(duration, ends[base + 31 - Math.clz32(bits & -bits)]!);
      runs.set(mask, { seats, needs, duration });
      for (let add = 0; add < n; add++) {
        const bit = 1 << add;
        if (mask & bit) continue;
        const addedSeats = seats + groups[add]!.seats;
        const addedNeeds = needs | needBits[add]!;
        if (addedSeats > roomFor[addedNeeds]!) continue;
        let best = Infinity;
        const row = add * n;
        for (let bits = mask; bits !== 0; bits &= bits - 1) {
          const end = 31 - Math.clz32(bits & -bits);
          const ride = ends[base + end]! + hop[row + end]!;
          if (ride < best) best = ride;
        }
        if (best > limit[add]!) continue;
        const key = mask | bit;
        let at = indexOf.get(key);
        if (at === undefined) {
          if (++states > MAX_STATES) return null;
          at = next.masks.length;
          indexOf.set(key, at);
          next.masks.push(key);
          next.seats.push(addedSeats);
          next.needs.push(addedNeeds);
          if ((at + 1) * n > next.ends.length) next.ends = grown(next.ends);
        }
        if (best < next.ends[at * n + add]!) next.ends[at * n + add] = best;
      }
    }
    layer = next;
  }
  return runs;
}

/** The same rides in an array twice as long, the new half unreached. */
function grown(values: Float64Array<ArrayBuffer>): Float64Array<ArrayBuffer> {
  const larger = new Float64Array(values.length * 2).fill(Infinity);
  larger.set(values);
  return larger;
}

/**
 * A vehicle for each run (`fits[r]`: bit v set when vehicle v can take run r), no vehicle twice, or null:
 * augmenting paths (Kuhn), exact and quick for a fleet of a few vehicles.
 */
function matching(fits: readonly number[], vehicleCount: number): number[] | null {
  const owner = new Array<number>(vehicleCount).fill(-1);
  const augment = (r: number, seen: boolean[]): boolean => {
    for (let v = 0; v < vehicleCount; v++) {
      if (seen[v] || (fits[r]! & (1 << v)) === 0) continue;
      seen[v] = true;
      if (owner[v] === -1 || augment(owner[v]!, seen)) {
        owner[v] = r;
        return true;
      }
    }
    return false;
  };
  for (let r = 0; r < fits.length; r++) if (!augment(r, new Array<boolean>(vehicleCount).fill(false))) return null;
  const vehicleOf = new Array<number>(fits.length).fill(-1);
  owner.forEach((r, v) => {
    if (r >= 0) vehicleOf[r] = v;
  });
  return vehicleOf;
}

/** The run's groups in the order with the least driving that keeps every ride limit (one stop per address). */
function bestOrder(ctx: RouteContext, groups: readonly PickupGroup[]): { point: number; groups: PickupGroup[] }[] {
  const { seconds, dwellSeconds, limitSeconds } = ctx;
  const n = groups.length;
  const outbound = ctx.leg === LEG.outbound;
  const size = 1 << n;
  const value = new Float64Array(size * n).fill(Infinity);
  const parent = new Int32Array(size * n).fill(-1);
  for (let k = 0; k < n; k++) {
    const p = groups[k]!.point;
    const ride = outbound ? seconds[p]![0]! + dwellSeconds : seconds[0]![p]!;
    if (ride <= limitSeconds[p]!) value[(1 << k) * n + k] = ride;
  }
  for (let mask = 1; mask < size; mask++) {
    for (let end = 0; end < n; end++) {
      const so = value[mask * n + end]!;
      if (so === Infinity) continue;
      const q = groups[end]!.point;
      for (let add = 0; add < n; add++) {
        if (mask & (1 << add)) continue;
        const p = groups[add]!.point;
        const hop = p === q ? 0 : outbound ? seconds[p]![q]! + dwellSeconds : dwellSeconds + seconds[q]![p]!;
        const ride = so + hop;
        if (ride > limitSeconds[p]!) continue;
        const at = (mask | (1 << add)) * n + add;
        if (ride < value[at]!) {
          value[at] = ride;
          parent[at] = end;
        }
      }
    }
  }
  const full = size - 1;
  let end = 0;
  for (let k = 1; k < n; k++) if (value[full * n + k]! < value[full * n + end]!) end = k;
  // Walked back from the last group added: outbound that is the first stop, return the last.
  const order: number[] = [];
  for (let mask = full, at = end; at >= 0; ) {
    order.push(at);
    const before = parent[mask * n + at]!;
    mask &= ~(1 << at);
    at = before;
  }
  if (!outbound) order.reverse();
  const stops: { point: number; groups: PickupGroup[] }[] = [];
  for (const k of order) {
    const group = groups[k]!;
    const last = stops[stops.length - 1];
    if (last !== undefined && last.point === group.point) last.groups.push(group);
    else stops.push({ point: group.point, groups: [group] });
  }
  return stops;
}
