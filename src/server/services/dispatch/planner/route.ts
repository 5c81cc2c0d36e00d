/**
 * The order of one run's stops. A route is judged, in this order, by the passenger-seconds ridden beyond each
 * passenger's limit (zero when the run is allowed), by how long the van drives with people aboard, and by the
 * passenger-seconds ridden in all, so that an allowed route always beats a forbidden one and, among allowed
 * ones, the van is freed soonest and then people sit least. Orders are improved by 2-opt (reverse a stretch of
 * stops) and or-opt (move one to three consecutive stops elsewhere) until neither helps.
 */
import type { Leg } from "../../../../shared/domain/legs";

export interface RouteContext {
  leg: Leg;
  seconds: number[][];
  dwellSeconds: number;
  /** The longest ride allowed to the passengers of each point, in seconds (index: the point). */
  limitSeconds: readonly number[];
}

/** One stop of a route: a point and the seats taken by the passengers picked up or dropped there. */
export interface RouteStop {
  point: number;
  seats: number;
}

export interface RouteScore {
  overLimit: number;
  duration: number;
  totalRide: number;
}

export const EMPTY_SCORE: RouteScore = { overLimit: 0, duration: 0, totalRide: 0 };

export function scoreRoute(ctx: RouteContext, stops: readonly RouteStop[]): RouteScore {
  const { seconds, dwellSeconds, limitSeconds } = ctx;
  let overLimit = 0;
  let totalRide = 0;
  let duration = 0;
  if (ctx.leg === "outbound") {
    let next = 0;
    let ride = 0;
    for (let k = stops.length - 1; k >= 0; k--) {
      const stop = stops[k]!;
      ride += seconds[stop.point]![next]! + dwellSeconds;
      totalRide += ride * stop.seats;
      const over = ride - limitSeconds[stop.point]!;
      if (over > 0) overLimit += over * stop.seats;
      next = stop.point;
    }
    duration = ride;
  } else {
    let previous = 0;
    let ride = 0;
    for (let k = 0; k < stops.length; k++) {
      const stop = stops[k]!;
      ride += (k === 0 ? 0 : dwellSeconds) + seconds[previous]![stop.point]!;
      totalRide += ride * stop.seats;
      const over = ride - limitSeconds[stop.point]!;
      if (over > 0) overLimit += over * stop.seats;
      previous = stop.point;
    }
    duration = ride;
  }
  return { overLimit, duration, totalRide };
}

/** Whether score `a` is strictly better than `b`. */
export function isBetter(a: RouteScore, b: RouteScore): boolean {
  if (a.overLimit !== b.overLimit) return a.overLimit < b.overLimit;
  if (a.duration !== b.duration) return a.duration < b.duration;
  return a.totalRide < b.totalRide;
}

export interface Insertion {
  stops: RouteStop[];
  score: RouteScore;
}

/**
 * The best route with `added` put in: joined to the stop at the same point if there is one (one point, one
 * stop), else placed where the route scores best.
 */
export function bestInsertion(ctx: RouteContext, stops: readonly RouteStop[], added: RouteStop): Insertion {
  const same = stops.findIndex((stop) => stop.point === added.point);
  if (same >= 0) {
    const joined = stops.map((stop, k) => (k === same ? { point: stop.point, seats: stop.seats + added.seats } : stop));
    return { stops: joined, score: scoreRoute(ctx, joined) };
  }
  let best: Insertion | null = null;
  for (let position = 0; position <= stops.length; position++) {
    const candidate = [...stops.slice(0, position), added, ...stops.slice(position)];
    const score = scoreRoute(ctx, candidate);
    if (best === null || isBetter(score, best.score)) best = { stops: candidate, score };
  }
  return best!;
}

/** Improves the order by 2-opt and or-opt moves until none helps; never returns a worse order. */
export function improveRoute(ctx: RouteContext, stops: readonly RouteStop[]): Insertion {
  let current = [...stops];
  let score = scoreRoute(ctx, current);
  if (current.length < 2) return { stops: current, score };
  // Each accepted move strictly improves a finite score, so this ends; the cap only bounds pathological inputs.
  for (let round = 0; round < 200; round++) {
    const moved = twoOpt(ctx, current, score) ?? orOpt(ctx, current, score);
    if (moved === null) break;
    current = moved.stops;
    score = moved.score;
  }
  return { stops: current, score };
}

function twoOpt(ctx: RouteContext, stops: RouteStop[], score: RouteScore): Insertion | null {
  for (let i = 0; i < stops.length - 1; i++) {
    for (let j = i + 1; j < stops.length; j++) {
      const candidate = [...stops.slice(0, i), ...stops.slice(i, j + 1).reverse(), ...stops.slice(j + 1)];
      const candidateScore = scoreRoute(ctx, candidate);
      if (isBetter(candidateScore, score)) return { stops: candidate, score: candidateScore };
    }
  }
  return null;
}

function orOpt(ctx: RouteContext, stops: RouteStop[], score: RouteScore): Insertion | null {
  for (let length = 1; length <= Math.min(3, stops.length - 1); length++) {
    for (let from = 0; from + length <= stops.length; from++) {
      const segment = stops.slice(from, from + length);
      const rest = [...stops.slice(0, from), ...stops.slice(from + length)];
      for (let to = 0; to <= rest.length; to++) {
        if (to === from) continue;
        const candidate = [...rest.slice(0, to), ...segment, ...rest.slice(to)];
        const candidateScore = scoreRoute(ctx, candidate);
        if (isBetter(candidateScore, score)) return { stops: candidate, score: candidateScore };
      }
    }
  }
  return null;
}
