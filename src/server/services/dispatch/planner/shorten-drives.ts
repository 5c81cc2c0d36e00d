/**
 * Shorter drives once the runs are pooled: a ruin-and-recreate search (slack induction by string removals) that
 * lowers the vans' minutes with people aboard without ever giving a run more seats than its vehicle has, a group
 * a vehicle that lacks its needs, a passenger a ride past their limit, or the plan one run more.
 *
 * Each run is bound to a vehicle of the fleet (or to a "vehicle needed" van of `fallbackSeats`) and keeps its seats
 * and what it carries; unused vehicles of the fleet stand by as empty runs. A round removes a few strings of
 * consecutive stops from runs near a random group, then puts every removed group back, one at a time, where it adds
 * the least driving (joining a stop at its address when a run has one), skipping a place now and then so the
 * search does not always redo the same plan. The new plan is kept when it is better or, less and less often as the
 * rounds go on (simulated annealing), a little worse; the best plan seen is answered. Plans are compared by, in
 * order: groups whose needs their vehicle lacks, runs used, the vans' minutes, then passengers' minutes aboard.
 *
 * Deterministic: a seeded generator drives every random choice, and the number of rounds is fixed by the number
 * of groups; a time limit (and an optional stop callback) only cut the search short, answering the best plan so
 * far, which then depends on the machine's speed.
 */
import { LEG } from "../../../../shared/domain/legs";
import type { Need } from "../../../../shared/domain/needs";
import { carriesAll } from "./needs";
import { improveRoute, type RouteContext } from "./route";
import type { PickupGroup } from "./types";

export interface SearchRun {
  /** In driving order: stops with the groups picked up or dropped there. */
  stops: { point: number; groups: PickupGroup[] }[];
  /** Seats of the vehicle the run is bound to. */
  capacity: number;
  /** What that vehicle carries (nothing for a "vehicle needed" van). */
  carries: readonly Need[];
}

export interface SearchLimits {
  /** Rounds of ruin and recreate. */
  rounds: number;
  /** The search stops after this many milliseconds, answering its best plan so far. */
  milliseconds: number;
  seed: number;
  /** Asked now and then; true stops the search (best plan so far). */
  shouldStop?: () => boolean;
}

/** Rounds per group: enough for a plan within a few per cent of the best known on benchmark sets of 30–80 groups. */
export const ROUNDS_PER_GROUP = 400;
/** How many of a group's nearest groups a ruin walks through and a recreate looks at. */
const NEAR = 40;
/** Runs beyond which a group is offered only the runs of its nearest groups (and the empty ones). */
const ALL_RUNS_UP_TO = 40;
/** Average groups removed per round, and the longest string of stops removed from one run. */
const AVERAGE_REMOVED = 10;
const LONGEST_STRING = 10;
/** The chance of skipping a place while putting a group back. */
const BLINK = 0.01;
/** Weight of a needs breach and of a run used, against seconds of driving. */
const NEEDS_WEIGHT = 1e12;
const RUN_WEIGHT = 1e8;
/** Weight of a passenger-second aboard against a second of driving: only a tie-breaker. */
const RIDE_WEIGHT = 1e-6;

interface Stop {
  point: number;
  groups: PickupGroup[];
  seats: number;
}

interface Route {
  stops: Stop[];
  capacity: number;
  carries: readonly Need[];
  seats: number;
  duration: number;
  totalRide: number;
  /** Groups whose needs the run's vehicle lacks. */
  breaches: number;
  /** Per stop: its ride, the least slack (limit − ride) of the stops whose ride grows with an insertion there. */
  ride: number[];
  minSlack: number[];
  /** Per stop: the seats whose ride grows with an insertion there. */
  seatsAffected: number[];
}

export function shortenDrives(ctx: RouteContext, runs: readonly SearchRun[], limits: SearchLimits): SearchRun[] {
  const started = performance.now();
  const search = new Search(ctx, runs, limits.seed);
  const groups = search.groupCount;
  if (groups < 2) return runs.filter((run) => run.stops.length > 0).map(copyRun);
  search.repairNeeds();
  const rounds = limits.rounds;
  const unit = search.typicalHop();
  // Temperatures from about the length of a hop between neighbours down to a hundredth of it.
  const hot = unit;
  const cold = unit / 100;
  for (let round = 0; round < rounds; round++) {
    if ((round & 31) === 0 && (performance.now() - started > limits.milliseconds || limits.shouldStop?.() === true)) break;
    const temperature = hot * Math.pow(cold / hot, round / rounds);
    search.round(temperature);
  }
  return search.best();
}

function copyRun(run: SearchRun): SearchRun {
  return { ...run, stops: run.stops.map((stop) => ({ point: stop.point, groups: [...stop.groups] })) };
}

class Search {
  readonly groupCount: number;
  private readonly routes: Route[];
  private readonly groups: PickupGroup[];
  private readonly index = new Map<PickupGroup, number>();
  /** Run of each group (by index), -1 while removed. */
  private readonly runOf: number[];
  private readonly near: number[][];
  private readonly random: () => number;
  private cost: number;
  private bestRoutes: Stop[][];
  private bestCost: number;

  constructor(
    private readonly ctx: RouteContext,
    runs: readonly SearchRun[],
    seed: number,
  ) {
    this.random = mulberry32(seed);
    this.routes = runs.map((run) => this.route(run.stops.map((stop) => makeStop(stop.point, stop.groups)), run.capacity, run.carries));
    this.groups = runs.flatMap((run) => run.stops.flatMap((stop) => stop.groups));
    this.groupCount = this.groups.length;
    this.groups.forEach((group, k) => this.index.set(group, k));
    this.runOf = new Array<number>(this.groups.length).fill(-1);
    this.routes.forEach((route, r) => route.stops.forEach((stop) => stop.groups.forEach((group) => (this.runOf[this.index.get(group)!] = r))));
    this.near = this.nearest();
    this.cost = this.total();
    this.bestRoutes = this.routes.map((route) => route.stops);
    this.bestCost = this.cost;
  }

  /** The mean driving time from each group's address to the nearest other address. */
  typicalHop(): number {
    const { seconds } = this.ctx;
    let sum = 0;
    let count = 0;
    this.groups.forEach((group, k) => {
      const other = this.near[k]!.find((h) => this.groups[h]!.point !== group.point);
      if (other === undefined) return;
      const point = this.groups[other]!.point;
      sum += Math.min(seconds[group.point]![point]!, seconds[point]![group.point]!);
      count++;
    });
    return Math.max(1, count === 0 ? 60 : sum / count);
  }

  /**
   * Each group whose needs its run's vehicle lacks is moved to a run whose vehicle carries them: where it fits, or
   * else into such a run emptied of the groups without needs, which then go wherever they fit best. When neither
   * works the group stays, and the plan says its run lacks a vehicle for it.
   */
  repairNeeds(): void {
    for (let r = 0; r < this.routes.length; r++) {
      for (const group of this.routes[r]!.stops.flatMap((stop) => stop.groups)) {
        if (carriesAll(this.routes[r]!.carries, group.needs ?? [])) continue;
        const saved = new Map<number, Route>();
        const g = this.index.get(group)!;
        this.replace(r, this.without(this.routes[r]!.stops, [group]), saved);
        this.runOf[g] = -1;
        if (!this.insert(g, false, saved) && !this.makeRoom(g, saved)) this.restore(saved);
      }
    }
    this.cost = this.total();
    this.bestRoutes = this.routes.map((route) => route.stops);
    this.bestCost = this.cost;
  }

  /** Group `g` in a run carrying its needs, that run's groups without needs put elsewhere; false if none works. */
  private makeRoom(g: number, saved: Map<number, Route>): boolean {
    const group = this.groups[g]!;
    for (let target = 0; target < this.routes.length; target++) {
      const route = this.routes[target]!;
      if (!carriesAll(route.carries, group.needs ?? []) || route.capacity < group.seats) continue;
      const before = new Map(saved);
      const moved = route.stops.flatMap((stop) => stop.groups).filter((other) => (other.needs ?? []).length === 0);
      this.replace(target, this.without(route.stops, moved), saved);
      for (const other of moved) this.runOf[this.index.get(other)!] = -1;
      const kept = this.routes[target]!;
      if (kept.seats + group.seats <= kept.capacity && this.cheapest(kept, group, false) !== null && this.insert(g, false, saved, target)) {
        if (moved.every((other) => this.insert(this.index.get(other)!, false, saved))) return true;
      }
      // Undo this try only: the group leaves its run again, the target gets its groups back.
      for (const [r, old] of saved) if (!before.has(r)) this.routes[r] = old;
      for (const [r] of saved) if (!before.has(r)) saved.delete(r);
      this.runOf.fill(-1);
      this.routes.forEach((one, r) => one.stops.forEach((stop) => stop.groups.forEach((other) => (this.runOf[this.index.get(other)!] = r))));
    }
    return false;
  }

  private without(stops: readonly Stop[], groups: readonly PickupGroup[]): Stop[] {
    const leaving = new Set(groups);
    return stops.map((stop) => makeStop(stop.point, stop.groups.filter((one) => !leaving.has(one)))).filter((stop) => stop.groups.length > 0);
  }

  round(temperature: number): void {
    const saved = new Map<number, Route>();
    const removed = this.ruin(saved);
    if (!this.recreate(removed, saved)) {
      this.restore(saved);
      return;
    }
    const cost = this.total();
    if (cost < this.cost - temperature * Math.log(this.random())) {
      this.cost = cost;
      if (cost < this.bestCost) {
        this.bestCost = cost;
        this.bestRoutes = this.routes.map((route) => route.stops);
      }
    } else {
      this.restore(saved);
    }
  }

  best(): SearchRun[] {
    return this.bestRoutes.flatMap((stops, r) => {
      if (stops.length === 0) return [];
      const route = this.routes[r]!;
      const ordered = improveRoute(
        this.ctx,
        stops.map((stop) => ({ point: stop.point, seats: stop.seats })),
      ).stops;
      const byPoint = new Map(stops.map((stop) => [stop.point, stop.groups]));
      return [{ capacity: route.capacity, carries: route.carries, stops: ordered.map((stop) => ({ point: stop.point, groups: [...byPoint.get(stop.point)!] })) }];
    });
  }

  private total(): number {
    let cost = 0;
    for (const route of this.routes) {
      if (route.stops.length === 0) continue;
      cost += route.breaches * NEEDS_WEIGHT + RUN_WEIGHT + route.duration + route.totalRide * RIDE_WEIGHT;
    }
    return cost;
  }

  private restore(saved: Map<number, Route>): void {
    for (const [r, route] of saved) this.routes[r] = route;
    for (const r of saved.keys()) {
      for (const stop of this.routes[r]!.stops) for (const group of stop.groups) this.runOf[this.index.get(group)!] = r;
    }
  }

  private replace(r: number, stops: Stop[], saved: Map<number, Route>): void {
    const route = this.routes[r]!;
    if (!saved.has(r)) saved.set(r, route);
    this.routes[r] = this.route(stops, route.capacity, route.carries);
  }

  /** Strings of stops removed from runs near a random group; answers the removed groups. */
  private ruin(saved: Map<number, Route>): number[] {
    const used = this.routes.filter((route) => route.stops.length > 0);
    const meanStops = used.reduce((sum, route) => sum + route.stops.length, 0) / Math.max(1, used.length);
    const longest = Math.max(1, Math.min(LONGEST_STRING, meanStops));
    const removing = Math.min(AVERAGE_REMOVED, Math.max(2, Math.floor(this.groupCount / 4)));
    const mostStrings = Math.max(1, (4 * removing) / (1 + longest) - 1);
    const strings = Math.floor(this.random() * mostStrings) + 1;
    const seed = Math.floor(this.random() * this.groupCount);
    const ruined = new Set<number>();
    const removed: number[] = [];
    for (const g of [seed, ...this.near[seed]!]) {
      if (ruined.size >= strings) break;
      const r = this.runOf[g]!;
      if (r < 0 || ruined.has(r)) continue;
      ruined.add(r);
      const stops = this.routes[r]!.stops;
      const at = stops.findIndex((stop) => stop.groups.includes(this.groups[g]!));
      const length = Math.floor(this.random() * Math.min(stops.length, longest)) + 1;
      const first = Math.max(0, Math.min(stops.length - length, at - Math.floor(this.random() * length)));
      for (const stop of stops.slice(first, first + length)) {
        for (const group of stop.groups) {
          const k = this.index.get(group)!;
          this.runOf[k] = -1;
          removed.push(k);
        }
      }
      this.replace(r, [...stops.slice(0, first), ...stops.slice(first + length)], saved);
    }
    return removed;
  }

  /** Every removed group back in a run, in one of four orders; false when one fits nowhere. */
  private recreate(removed: number[], saved: Map<number, Route>): boolean {
    const pick = this.random() * 11;
    const { seconds } = this.ctx;
    const far = (g: number) => {
      const point = this.groups[g]!.point;
      return seconds[point]![0]! + seconds[0]![point]!;
    };
    if (pick < 4) shuffle(removed, this.random);
    else if (pick < 8) removed.sort((a, b) => this.groups[b]!.seats - this.groups[a]!.seats || a - b);
    else if (pick < 10) removed.sort((a, b) => far(b) - far(a) || a - b);
    else removed.sort((a, b) => far(a) - far(b) || a - b);
    for (const g of removed) if (!this.insert(g, true, saved)) return false;
    return true;
  }

  /** Puts group `g` where it costs least (a needs breach never allowed); false when it fits nowhere. */
  private insert(g: number, blink: boolean, saved?: Map<number, Route>, only?: number): boolean {
    const group = this.groups[g]!;
    const needs = group.needs ?? [];
    const candidates = only !== undefined ? [only] : this.routes.length <= ALL_RUNS_UP_TO ? null : this.nearRuns(g);
    let best: { r: number; position: number; join: boolean; cost: number } | null = null;
    const consider = (r: number) => {
      const route = this.routes[r]!;
      if (route.seats + group.seats > route.capacity) return;
      if (needs.length > 0 && !carriesAll(route.carries, needs)) return;
      const opening = route.stops.length === 0 ? RUN_WEIGHT : 0;
      if (best !== null && opening > best.cost) return;
      const found = this.cheapest(route, group, blink);
      if (found === null) return;
      const cost = found.cost + opening;
      if (best === null || cost < best.cost) best = { r, position: found.position, join: found.join, cost };
    };
    if (candidates === null) for (let r = 0; r < this.routes.length; r++) consider(r);
    else for (const r of candidates) consider(r);
    if (best === null) return false;
    const { r, position, join } = best;
    const stops = [...this.routes[r]!.stops];
    if (join) stops[position] = makeStop(group.point, [...stops[position]!.groups, group]);
    else stops.splice(position, 0, makeStop(group.point, [group]));
    if (saved) this.replace(r, stops, saved);
    else this.routes[r] = this.route(stops, this.routes[r]!.capacity, this.routes[r]!.carries);
    this.runOf[g] = r;
    return true;
  }

  /** The runs of the group's nearest groups, and the empty runs. */
  private nearRuns(g: number): number[] {
    const runs = new Set<number>();
    for (const h of this.near[g]!) {
      const r = this.runOf[h]!;
      if (r >= 0) runs.add(r);
    }
    this.routes.forEach((route, r) => {
      if (route.stops.length === 0) runs.add(r);
    });
    return [...runs].sort((a, b) => a - b);
  }

  /** The cheapest allowed place for the group in the run: join the stop at its address, or a new stop. */
  private cheapest(route: Route, group: PickupGroup, blink: boolean): { position: number; join: boolean; cost: number } | null {
    const { seconds, dwellSeconds, limitSeconds } = this.ctx;
    const q = group.point;
    const s = group.seats;
    const stops = route.stops;
    const n = stops.length;
    const same = stops.findIndex((stop) => stop.point === q);
    if (same >= 0) return { position: same, join: true, cost: s * route.ride[same]! * RIDE_WEIGHT };
    const limit = limitSeconds[q]!;
    let best: { position: number; join: boolean; cost: number } | null = null;
    const outbound = this.ctx.leg === LEG.outbound;
    for (let i = 0; i <= n; i++) {
      if (blink && this.random() < BLINK) continue;
      let rideNew: number;
      let delta: number;
      let affected: number;
      if (outbound) {
        const next = i < n ? stops[i]!.point : 0;
        rideNew = seconds[q]![next]! + dwellSeconds + (i < n ? route.ride[i]! : 0);
        if (rideNew > limit) continue;
        if (i === 0) {
          delta = rideNew - (n > 0 ? route.ride[0]! : 0);
          affected = 0;
        } else {
          const prev = stops[i - 1]!.point;
          delta = seconds[prev]![q]! + dwellSeconds + seconds[q]![next]! - seconds[prev]![next]!;
          if (route.minSlack[i - 1]! < delta) continue;
          affected = route.seatsAffected[i - 1]!;
        }
      } else {
        const prev = i > 0 ? stops[i - 1]!.point : 0;
        rideNew = (i > 0 ? route.ride[i - 1]! + dwellSeconds : 0) + seconds[prev]![q]!;
        if (rideNew > limit) continue;
        if (i === n) {
          delta = rideNew - (n > 0 ? route.ride[n - 1]! : 0);
          affected = 0;
        } else {
          const next = stops[i]!.point;
          delta = seconds[prev]![q]! + dwellSeconds + seconds[q]![next]! - seconds[prev]![next]!;
          if (route.minSlack[i]! < delta) continue;
          affected = route.seatsAffected[i]!;
        }
      }
      const cost = delta + (Math.max(0, delta) * affected + s * rideNew) * RIDE_WEIGHT;
      if (best === null || cost < best.cost) best = { position: i, join: false, cost };
    }
    return best;
  }

  private route(stops: Stop[], capacity: number, carries: readonly Need[]): Route {
    const { seconds, dwellSeconds, limitSeconds } = this.ctx;
    const n = stops.length;
    const ride = new Array<number>(n);
    const minSlack = new Array<number>(n);
    const seatsAffected = new Array<number>(n);
    let seats = 0;
    let totalRide = 0;
    let breaches = 0;
    for (const stop of stops) {
      seats += stop.seats;
      for (const group of stop.groups) if (!carriesAll(carries, group.needs ?? [])) breaches++;
    }
    if (this.ctx.leg === LEG.outbound) {
      let next = 0;
      let acc = 0;
      for (let k = n - 1; k >= 0; k--) {
        acc += seconds[stops[k]!.point]![next]! + dwellSeconds;
        ride[k] = acc;
        totalRide += acc * stops[k]!.seats;
        next = stops[k]!.point;
      }
      // An insertion after stop k makes every stop up to k ride longer.
      let low = Infinity;
      let affected = 0;
      for (let k = 0; k < n; k++) {
        low = Math.min(low, limitSeconds[stops[k]!.point]! - ride[k]!);
        affected += stops[k]!.seats;
        minSlack[k] = low;
        seatsAffected[k] = affected;
      }
    } else {
      let previous = 0;
      let acc = 0;
      for (let k = 0; k < n; k++) {
        acc += (k === 0 ? 0 : dwellSeconds) + seconds[previous]![stops[k]!.point]!;
        ride[k] = acc;
        totalRide += acc * stops[k]!.seats;
        previous = stops[k]!.point;
      }
      // An insertion before stop k makes every stop from k on ride longer.
      let low = Infinity;
      let affected = 0;
      for (let k = n - 1; k >= 0; k--) {
        low = Math.min(low, limitSeconds[stops[k]!.point]! - ride[k]!);
        affected += stops[k]!.seats;
        minSlack[k] = low;
        seatsAffected[k] = affected;
      }
    }
    const duration = n === 0 ? 0 : this.ctx.leg === LEG.outbound ? ride[0]! : ride[n - 1]!;
    return { stops, capacity, carries, seats, duration, totalRide, breaches, ride, minSlack, seatsAffected };
  }

  /** For each group, the nearest other groups (by the shorter way between their addresses), nearest first. */
  private nearest(): number[][] {
    const { seconds } = this.ctx;
    const count = this.groups.length;
    const keep = Math.min(NEAR, count - 1);
    return this.groups.map((group, k) => {
      // The `keep` nearest so far, nearest first (ties: the earlier group), kept by insertion.
      const chosen: number[] = [];
      const gaps: number[] = [];
      for (let h = 0; h < count; h++) {
        if (h === k) continue;
        const point = this.groups[h]!.point;
        const gap = Math.min(seconds[group.point]![point]!, seconds[point]![group.point]!);
        if (chosen.length === keep && gap >= gaps[keep - 1]!) continue;
        let at = chosen.length;
        while (at > 0 && gaps[at - 1]! > gap) at--;
        chosen.splice(at, 0, h);
        gaps.splice(at, 0, gap);
        if (chosen.length > keep) {
          chosen.pop();
          gaps.pop();
        }
      }
      return chosen;
    });
  }
}

function makeStop(point: number, groups: PickupGroup[]): Stop {
  return { point, groups, seats: groups.reduce((sum, group) => sum + group.seats, 0) };
}

function shuffle(values: number[], random: () => number): void {
  for (let k = values.length - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [values[k], values[j]] = [values[j]!, values[k]!];
  }
}

/** A small seeded pseudo-random generator (mulberry32): the same seed, the same numbers. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
