/**
 * Whether a plan can run, judged from outside the planner: every run has a vehicle of the fleet with its seats
 * and carrying its passengers' needs. And, for the generated wheelchair days (`wheelchairDay`: two plain vans and
 * one wheelchair van), whether some plan that can run exists, worked out by the reference bench's own enumeration
 * of every feasible route (feasible-routes.ts), not by the planner's: a run of the wheelchair van's seats with the
 * wheelchair user, the others in runs of the plain vans' seats, one per plain van, every passenger within their
 * ride limit.
 */
import { rideLimitSeconds } from "../../../src/server/services/dispatch/planner";
import type { Plan, PlanInput } from "../../../src/server/services/dispatch/planner/types";
import { feasibleRoutes } from "./feasible-routes";

/** Why the plan cannot run as it is (a run without a vehicle of the fleet, or one lacking seats or needs), or null. */
export function whyNotRunnable(input: PlanInput, plan: Plan): string | null {
  const vehicles = new Map(input.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  for (const run of plan.runs) {
    const riding = run.stops.flatMap((stop) => stop.groupIds.map((id) => groups.get(id)!));
    const seats = riding.reduce((sum, group) => sum + group.seats, 0);
    const vehicle = run.vehicleId === null ? undefined : vehicles.get(run.vehicleId);
    if (vehicle === undefined) return `a run of ${seats} has no vehicle`;
    if (seats > vehicle.seats) return `${seats} people in ${vehicle.seats} seats`;
    if (riding.some((group) => (group.needs ?? []).some((need) => !(vehicle.carries ?? []).includes(need)))) return `vehicle ${vehicle.id} lacks a need`;
  }
  return null;
}

/** Days of more groups take the enumeration seconds to minutes: not judged (null). */
export const ENUMERATION_MAX_GROUPS = 19;

/**
 * Whether a plan that can run exists for a day with one group with needs, one vehicle carrying them and other
 * vehicles carrying nothing, all of the same seats (a wheelchair day), one run per vehicle; null past
 * `ENUMERATION_MAX_GROUPS` groups.
 */
export function aRunnablePlanExists(input: PlanInput): boolean | null {
  if (input.groups.length > ENUMERATION_MAX_GROUPS) return null;
  const equipped = input.vehicles.filter((vehicle) => (vehicle.carries ?? []).length > 0);
  const plain = input.vehicles.filter((vehicle) => (vehicle.carries ?? []).length === 0);
  const needy = input.groups.findIndex((group) => (group.needs ?? []).length > 0);
  if (equipped.length !== 1 || needy < 0 || plain.some((vehicle) => vehicle.seats !== plain[0]!.seats)) {
    throw new Error("a wheelchair day: one group with needs, one vehicle carrying them, plain vehicles of one size");
  }
  const dwellSeconds = input.settings.dwellMinutes * 60;
  const routes = feasibleRoutes({
    leg: input.leg,
    seconds: input.seconds,
    points: input.groups.map((group) => group.point),
    seats: input.groups.map((group) => group.seats),
    limitSeconds: rideLimitSeconds(input.leg, input.seconds, dwellSeconds, input.settings.maxRideMinutes * 60),
    dwellSeconds,
    maxSeats: Math.max(equipped[0]!.seats, plain[0]?.seats ?? 0),
  });
  const plainSeats = plain[0]?.seats ?? 0;
  const feasible = new Set(routes.filter((route) => route.seats <= plainSeats).map((route) => route.mask));
  const all = (1 << input.groups.length) - 1;
  // The groups of `rest` in at most `runs` plain runs: the run of its lowest group, then the others.
  const split = (rest: number, runs: number): boolean => {
    if (rest === 0) return true;
    if (runs === 0) return false;
    if (feasible.has(rest)) return true;
    if (runs === 1) return false;
    const low = rest & -rest;
    const others = rest & ~low;
    for (let part = others; ; part = (part - 1) & others) {
      if (feasible.has(part | low) && split(others & ~part, runs - 1)) return true;
      if (part === 0) return false;
    }
  };
  return routes.some((route) => route.mask & (1 << needy) && route.seats <= equipped[0]!.seats && split(all & ~route.mask, plain.length));
}
