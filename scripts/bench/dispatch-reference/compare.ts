/**
 * `npm run bench:dispatch -- --reference`: the planner against the proven optimum on small instances
 * (instances.ts, optimum.ts). Per instance and in total: the planner's vehicles ÷ the optimum's and its
 * vehicle-minutes ÷ the optimum's (a vehicle per run; minutes from a run's first stop to the venue outbound, from
 * the venue to its last stop on the return), and the seconds each took; and how many plans cannot run (a run no
 * vehicle of the fleet takes, with seats and needs) where the optimum fits the fleet. Goals: at most 1.05 vehicles
 * and 1.10 vehicle-minutes over the set, no instance above 1.25, no plan that cannot run. The optimum knows no
 * needs on board: with them it is a bound the planner may not reach.
 */
import { planLeg, rideSeconds } from "../../../src/server/services/dispatch/planner";
import type { Plan, PlanInput } from "../../../src/server/services/dispatch/planner/types";
import { LEG } from "../../../src/shared/domain/legs";
import { wheelchairDay } from "../../../src/server/seed/dispatch-sample-day";
import { LEGS } from "../../../src/shared/domain/legs";
import { aRunnablePlanExists, ENUMERATION_MAX_GROUPS, whyNotRunnable } from "./can-run";
import { referenceInstances } from "./instances";
import { optimumOf } from "./optimum";

const GOAL_VEHICLES = 1.05;
const GOAL_MINUTES = 1.1;
const GOAL_WORST = 1.25;

/**
 * `count` reference instances (default all), then `days` generated wheelchair days (default 80 seeds × both legs;
 * with a count, none unless asked).
 */
export async function compareWithOptimum(count?: number, days?: number): Promise<void> {
  const instances = referenceInstances(count);
  let planVehicles = 0;
  let optVehicles = 0;
  let planMinutes = 0;
  let optMinutes = 0;
  let worst = 0;
  // Plans with a run no vehicle of the fleet takes, among instances whose optimum fits the fleet.
  let cannotRun = 0;
  let fitting = 0;
  console.log("instance              stops  vehicles (plan/opt)   vehicle-minutes (plan/opt)     plan s   optimum s (routes)");
  for (const { name, input } of instances) {
    const started = performance.now();
    const plan = planLeg(input);
    const planSeconds = (performance.now() - started) / 1000;
    const minutes = vehicleMinutes(input, plan);
    const optimum = await optimumOf(input);
    const vehicleRatio = plan.runs.length / optimum.vehicles;
    const minuteRatio = minutes / optimum.vehicleMinutes;
    worst = Math.max(worst, vehicleRatio, minuteRatio);
    const runs = whyNotRunnable(input, plan) === null;
    if (optimum.vehicles <= input.vehicles.length) {
      fitting++;
      if (!runs) cannotRun++;
    }
    planVehicles += plan.runs.length;
    optVehicles += optimum.vehicles;
    planMinutes += minutes;
    optMinutes += optimum.vehicleMinutes;
    console.log(
      `${name.padEnd(22)}${String(input.groups.length).padStart(5)}  ` +
        `${`${plan.runs.length}/${optimum.vehicles} = ${vehicleRatio.toFixed(2)}`.padEnd(20)}  ` +
        `${`${minutes.toFixed(0)}/${optimum.vehicleMinutes.toFixed(0)} = ${minuteRatio.toFixed(2)}`.padEnd(29)}  ` +
        `${planSeconds.toFixed(3).padStart(6)}   ${optimum.seconds.toFixed(2).padStart(8)} (${optimum.routes})${runs ? "" : "   cannot run"}`,
    );
  }
  const vehicles = planVehicles / optVehicles;
  const minutes = planMinutes / optMinutes;
  const verdict = (ok: boolean) => (ok ? "goal met" : "goal NOT met");
  console.log(
    `\nover the set: vehicles ${vehicles.toFixed(2)} (goal <= ${GOAL_VEHICLES}, ${verdict(vehicles <= GOAL_VEHICLES)}), ` +
      `vehicle-minutes ${minutes.toFixed(2)} (goal <= ${GOAL_MINUTES}, ${verdict(minutes <= GOAL_MINUTES)}), ` +
      `worst instance ${worst.toFixed(2)} (goal <= ${GOAL_WORST}, ${verdict(worst <= GOAL_WORST)})`,
  );
  console.log(`cannot run: ${cannotRun} of ${fitting} plans whose optimum fits the fleet (goal 0)`);
  const wheelchair = wheelchairDays(days ?? (count === undefined ? 160 : 0));
  console.log(
    `reference: vehicles ${vehicles.toFixed(2)} of optimum, vehicle-minutes ${minutes.toFixed(2)} of optimum, ${instances.length} instances, ` +
      `cannot run ${cannotRun + wheelchair.wrong} (goal 0)`,
  );
}

/**
 * Generated wheelchair days (`wheelchairDay`: 20–34 passengers from 4–9 Bogotá-area counties drawn at random, one
 * in a wheelchair; vans of 15 and 15 and a 10-seat wheelchair van), both legs of seeds 1, 2, …: how many plans
 * cannot run, and of those how many where a plan that can run exists (enumerated outside the planner; days of more
 * than ENUMERATION_MAX_GROUPS groups are not judged) or that do not say so in their notes. Answers the plans that
 * cannot run although one that can exists, or that do not say so.
 */
function wheelchairDays(days: number): { wrong: number } {
  if (days <= 0) return { wrong: 0 };
  let cannot = 0;
  let exists = 0;
  let unjudged = 0;
  let silent = 0;
  let slowest = 0;
  for (let k = 0; k < days; k++) {
    const input = wheelchairDay(1 + Math.floor(k / 2), LEGS[k % 2]!);
    const started = performance.now();
    const plan = planLeg(input);
    slowest = Math.max(slowest, (performance.now() - started) / 1000);
    const why = whyNotRunnable(input, plan);
    if (why === null) continue;
    cannot++;
    const codes = new Set(plan.notes.map((note) => note.code));
    if (!codes.has("vehicle_needed") && !codes.has("needs_unmet")) silent++;
    const found = aRunnablePlanExists(input);
    if (found === null) unjudged++;
    else if (found) {
      exists++;
      console.log(`  wheelchair day ${1 + Math.floor(k / 2)} ${LEGS[k % 2]}: ${why}, yet a plan that can run exists`);
    }
  }
  console.log(
    `wheelchair days: ${days} plans (slowest ${slowest.toFixed(2)} s), ${cannot} cannot run and say so${silent > 0 ? ` (${silent} do NOT say so)` : ""}; ` +
      `a plan that can run exists for ${exists} of them (goal 0; ${unjudged} of more than ${ENUMERATION_MAX_GROUPS} groups not enumerated)`,
  );
  return { wrong: exists + silent };
}

/** Minutes each run drives with passengers: outbound from its first stop to the venue, return to its last stop. */
function vehicleMinutes(input: PlanInput, plan: Plan): number {
  let total = 0;
  for (const run of plan.runs) {
    const rides = rideSeconds(input.leg, input.seconds, input.settings.dwellMinutes * 60, run.stops.map((stop) => stop.point));
    total += (input.leg === LEG.outbound ? rides[0]! : rides[rides.length - 1]!) / 60;
  }
  return total;
}
