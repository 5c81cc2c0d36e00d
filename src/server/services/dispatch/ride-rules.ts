/**
 * The rules every run of a plan keeps, whoever made it: each passenger's ride stays within their limit (the
 * planner's own limit, planner/ride-limits.ts: the longest ride, or for a passenger whose direct ride alone is
 * longer, that ride plus the allowance a nearer passenger gets; one rule for plans and edits, so a run the
 * planner made is never refused when a dispatcher touches it), and each driver's
 * working day (first departure to last arrival of runs less than a rest apart) stays within the longest shift.
 * A dispatcher's edit that breaks one is refused naming the passenger or driver and the minutes, unless the
 * dispatcher overrides it; the override is kept on the run (`overrides`) and shown until the run keeps the rule
 * again. Seats are not here: a vehicle's seats are never overridden (edit-plan.ts).
 */
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import { OVERRIDE_RULES, type OverrideRule } from "../../../shared/domain/dispatch";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import { dispatchRuns, passengers, users, type RunOverride } from "../../db/schema";
import { rideLimitSeconds } from "./planner/ride-limits";
import { rideSeconds } from "./planner/schedule-run";
import type { PlanState, RunState } from "./plan-store";

export interface Breach {
  rule: OverrideRule;
  run: RunState;
  passengerId?: number;
  driverId?: number;
  /** The ride's (or shift's) length and the limit, in whole minutes. */
  minutes: number;
  limitMinutes: number;
}

/** Hours off between two runs that make them two working days of a driver rather than one. */
export const REST_HOURS = 8;
const MINUTE_MS = 60_000;
const [RIDE_LIMIT, SHIFT] = OVERRIDE_RULES;

/**
 * The passengers of a run whose ride is longer than their limit. `seconds` is the run's own matrix: point 0 the
 * venue, point k + 1 its k-th stop.
 */
export function rideBreaches(leg: Leg, run: RunState, seconds: number[][], settings: { maxRideMinutes: number; dwellMinutes: number }): Breach[] {
  const dwellSeconds = settings.dwellMinutes * 60;
  const points = run.stops.map((_, index) => index + 1);
  const rides = rideSeconds(leg, seconds, dwellSeconds, points);
  const limits = rideLimitSeconds(leg, seconds, dwellSeconds, settings.maxRideMinutes * 60);
  const breaches: Breach[] = [];
  run.stops.forEach((stop, index) => {
    const limit = limits[index + 1]!;
    const ride = rides[index]!;
    // A minute's grace: times are told in whole minutes, and a limit met to the minute is met.
    if (ride - limit < 60) return;
    for (const group of stop.groups) {
      for (const passengerId of group.passengerIds) {
        breaches.push({ rule: RIDE_LIMIT, run, passengerId, minutes: Math.ceil(ride / 60), limitMinutes: Math.ceil(limit / 60) });
      }
    }
  });
  return breaches;
}

interface Span {
  runId: number | null;
  departsAt: Date;
  arrivesAt: Date;
}

/** The working day containing `run` among a driver's runs: runs chained by gaps shorter than the rest. */
export function shiftOf(run: Span, others: readonly Span[]): { from: Date; until: Date } {
  const all = [run, ...others.filter((other) => other.runId === null || other.runId !== run.runId)].sort((a, b) => a.departsAt.getTime() - b.departsAt.getTime());
  const restMs = REST_HOURS * 60 * MINUTE_MS;
  let from = run.departsAt;
  let until = run.arrivesAt;
  let changed = true;
  while (changed) {
    changed = false;
    for (const other of all) {
      const joins = other.departsAt.getTime() < until.getTime() + restMs && other.arrivesAt.getTime() > from.getTime() - restMs;
      if (!joins) continue;
      if (other.departsAt < from) {
        from = other.departsAt;
        changed = true;
      }
      if (other.arrivesAt > until) {
        until = other.arrivesAt;
        changed = true;
      }
    }
  }
  return { from, until };
}

/** The runs given whose driver's working day, with their runs in this plan and in others, is over the shift. */
export async function shiftBreaches(db: Db, plan: PlanState, runs: readonly RunState[], maxShiftHours: number): Promise<Breach[]> {
  const driven = runs.filter((run) => run.driverId !== null && run.stops.length > 0);
  if (driven.length === 0) return [];
  const driverIds = [...new Set(driven.map((run) => run.driverId!))];
  const from = new Date(Math.min(...driven.map((run) => run.departsAt.getTime())) - 48 * 60 * MINUTE_MS);
  const until = new Date(Math.max(...driven.map((run) => run.arrivesAt.getTime())) + 48 * 60 * MINUTE_MS);
  const elsewhere = await db
    .select({ runId: dispatchRuns.id, driverId: dispatchRuns.driverId, departsAt: dispatchRuns.departsAt, arrivesAt: dispatchRuns.arrivesAt })
    .from(dispatchRuns)
    .where(
      and(
        plan.planId === null ? undefined : ne(dispatchRuns.planId, plan.planId),
        inArray(dispatchRuns.driverId, driverIds),
        lt(dispatchRuns.departsAt, until),
        gt(dispatchRuns.arrivesAt, from),
      ),
    );
  const breaches: Breach[] = [];
  for (const run of driven) {
    const others: Span[] = [
      ...elsewhere.filter((row) => row.driverId === run.driverId),
      ...plan.runs.filter((other) => other !== run && other.driverId === run.driverId && other.stops.length > 0).map((other) => ({ runId: other.id ?? -1, departsAt: other.departsAt, arrivesAt: other.arrivesAt })),
    ];
    const day = shiftOf({ runId: run.id, departsAt: run.departsAt, arrivesAt: run.arrivesAt }, others);
    const minutes = Math.ceil((day.until.getTime() - day.from.getTime()) / MINUTE_MS);
    if (minutes > maxShiftHours * 60) breaches.push({ rule: SHIFT, run, driverId: run.driverId!, minutes, limitMinutes: Math.round(maxShiftHours * 60) });
  }
  return breaches;
}

const subjectOf = (one: { passengerId?: number; driverId?: number }) => one.passengerId ?? one.driverId ?? 0;

/** Whether the run already carries the dispatcher's override of this breach (same rule and person, as long or longer). */
export function isOverridden(breach: Breach): boolean {
  return breach.run.overrides.some((kept) => kept.rule === breach.rule && subjectOf(kept) === subjectOf(breach) && kept.minutes >= breach.minutes);
}

/** Refuses the first breach, naming the passenger (or driver) and the minutes. */
export async function refuseBreach(db: Db, breach: Breach): Promise<never> {
  if (breach.rule === RIDE_LIMIT) {
    const [row] = await db.select({ name: passengers.name }).from(passengers).where(eq(passengers.id, breach.passengerId!));
    throw new ShopError("ride_limit_exceeded", { passengerId: "errors.ride_limit_exceeded" }, { name: row?.name ?? "", minutes: breach.minutes, limit: breach.limitMinutes, passengerId: breach.passengerId! });
  }
  const [row] = await db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, breach.driverId!));
  throw new ShopError("shift_limit_exceeded", { driverId: "errors.shift_limit_exceeded" }, { name: row?.name ?? "", minutes: breach.minutes, limit: breach.limitMinutes, driverId: breach.driverId! });
}

/** The override kept on a run for a breach the dispatcher accepted. */
export function overrideOf(breach: Breach, by: string, at: Date): RunOverride {
  return {
    rule: breach.rule,
    ...(breach.passengerId === undefined ? {} : { passengerId: breach.passengerId }),
    ...(breach.driverId === undefined ? {} : { driverId: breach.driverId }),
    minutes: breach.minutes,
    limitMinutes: breach.limitMinutes,
    by,
    at: at.toISOString(),
  };
}

/** Drops a run's overrides of rules it keeps again (the ride got short enough, the driver changed). */
export function keepStandingOverrides(run: RunState, breaches: readonly Breach[]) {
  run.overrides = run.overrides.filter((kept) => breaches.some((breach) => breach.run === run && breach.rule === kept.rule && subjectOf(breach) === subjectOf(kept)));
}
