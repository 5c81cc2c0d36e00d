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
import { referenceInstances } from "./instances";
import { optimumOf } from "./optimum";

const GOAL_VEHICLES = 1.05;
const GOAL_MINUTES = 1.1;
const GOAL_WORST = 1.25;

export async function compareWithOptimum(count?: number): Promise<void> {
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
    const runs = !cannotRunPlan(input, plan);
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
  console.log(`reference: vehicles ${vehicles.toFixed(2)} of optimum, vehicle-minutes ${minutes.toFixed(2)} of optimum, ${instances.length} instances`);
}

/**
 * Whether a plan cannot run as published: a run without a vehicle of the fleet (when the fleet could carry the
 * day: see the caller), or a vehicle lacking a passenger's needs or seats.
 */
function cannotRunPlan(input: PlanInput, plan: Plan): boolean {
  const vehicles = new Map(input.vehicles.map((vehicle) => [vehicle.id, vehicle]));
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  return plan.runs.some((run) => {
    const vehicle = run.vehicleId === null ? undefined : vehicles.get(run.vehicleId);
    if (vehicle === undefined) return true;
    const riding = run.stops.flatMap((stop) => stop.groupIds.map((id) => groups.get(id)!));
    const seats = riding.reduce((sum, group) => sum + group.seats, 0);
    return seats > vehicle.seats || riding.some((group) => (group.needs ?? []).some((need) => !(vehicle.carries ?? []).includes(need)));
  });
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
