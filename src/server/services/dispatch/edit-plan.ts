/**
 * The dispatcher's changes to a plan: move a pick-up group or a whole stop to another run (or a new one),
 * reorder a run's stops, give a run its vehicle and driver, lock or unlock it. Each names the version it was
 * made on (refused as `dispatch_version_stale` otherwise); the runs it touches get their times again from the
 * travel times (`scheduleRun`), and no vehicle is given more passengers than it has seats.
 */
import { and, eq } from "drizzle-orm";
import { type Leg, LEG } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { users, vehicles } from "../../db/schema";
import { scheduleRun } from "./planner";
import { expectVersion, loadPlan, savePlan, seatsOf, type PlanState, type RunState } from "./plan-store";
import { venuePlace } from "./places";
import { eventDay } from "./riders";
import { dispatchSettings } from "./settings";
import { travelSeconds } from "./where";
import { ROLE } from "../../../shared/domain/roles";
import { refuseClash } from "./clashes";

interface OnPlan {
  eventDateId: number;
  leg: Leg;
  version: number;
}

async function change(deps: ShopContext, request: OnPlan, edit: (plan: PlanState) => Promise<RunState[]> | RunState[]): Promise<PlanState> {
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  expectVersion(plan, request.version);
  const touched = await edit(plan);
  await retime(deps, plan, touched);
  await savePlan(deps.db, plan, deps.now());
  return plan;
}

/** New stop times for the runs given, in their current stop order. */
export async function retime(deps: ShopContext, plan: PlanState, runs: readonly RunState[]) {
  const live = runs.filter((run) => run.stops.length > 0);
  if (live.length === 0) return;
  const day = await eventDay(deps, plan.eventDateId);
  const venue = await venuePlace(deps, day, live.flatMap((run) => run.stops));
  const settings = dispatchSettings(deps.env).plan;
  for (const run of live) {
    const seconds = await travelSeconds(deps, [venue, ...run.stops]);
    const timed = scheduleRun({
      leg: plan.leg,
      anchor: plan.leg === LEG.outbound ? day.startsAt : day.endsAt,
      seconds,
      settings,
      stops: run.stops.map((stop, index) => ({ point: index + 1, groupIds: stop.groups.map((group) => group.id) })),
    });
    run.stops.forEach((stop, index) => (stop.time = timed.stops[index]!.time));
    run.departsAt = timed.departs;
    run.arrivesAt = timed.arrives;
  }
}

function runOf(plan: PlanState, runId: number): RunState {
  const run = plan.runs.find((candidate) => candidate.id === runId);
  if (!run) throw new ShopError("dispatch_target_invalid", { runId: "errors.invalid_id" });
  return run;
}

/** The target run, or a new one without vehicle (as big as the fallback van) when `toRunId` is null. */
function targetOf(deps: ShopContext, plan: PlanState, toRunId: number | null, from: RunState): RunState {
  if (toRunId !== null) {
    const run = runOf(plan, toRunId);
    if (run === from) throw new ShopError("dispatch_target_invalid", { toRunId: "errors.invalid_id" });
    return run;
  }
  const run: RunState = { id: null, vehicleId: null, driverId: null, locked: false, capacity: dispatchSettings(deps.env).fallbackSeats, departsAt: from.departsAt, arrivesAt: from.arrivesAt, stops: [] };
  plan.runs.push(run);
  return run;
}

function checkRoom(run: RunState, adding: number) {
  if (seatsOf(run) + adding > run.capacity) throw new ShopError("dispatch_over_capacity", undefined, { seats: run.capacity });
}

export function moveGroup(deps: ShopContext, request: OnPlan & { passengerId: number; toRunId: number | null }) {
  return change(deps, request, (plan) => {
    for (const from of plan.runs) {
      for (const [index, stop] of from.stops.entries()) {
        const group = stop.groups.find((candidate) => candidate.passengerIds.includes(request.passengerId));
        if (!group) continue;
        const to = targetOf(deps, plan, request.toRunId, from);
        checkRoom(to, group.passengerIds.length);
        stop.groups.splice(stop.groups.indexOf(group), 1);
        if (stop.groups.length === 0) from.stops.splice(index, 1);
        // Same place in the target run: one stop; otherwise a new stop at the end of its driving order.
        const same = to.stops.find((candidate) => candidate.address === stop.address && candidate.countyId === stop.countyId);
        if (same) same.groups.push(group);
        else to.stops.push({ ...stop, groups: [group] });
        return [from, to];
      }
    }
    throw new ShopError("dispatch_target_invalid", { passengerId: "errors.invalid_id" });
  });
}

export function moveStop(deps: ShopContext, request: OnPlan & { runId: number; position: number; toRunId: number | null }) {
  return change(deps, request, (plan) => {
    const from = runOf(plan, request.runId);
    const stop = from.stops[request.position];
    if (!stop) throw new ShopError("dispatch_target_invalid", { position: "errors.invalid_number" });
    const to = targetOf(deps, plan, request.toRunId, from);
    checkRoom(to, stop.groups.reduce((sum, group) => sum + group.passengerIds.length, 0));
    from.stops.splice(request.position, 1);
    to.stops.push(stop);
    return [from, to];
  });
}

export function reorderStops(deps: ShopContext, request: OnPlan & { runId: number; order: number[] }) {
  return change(deps, request, (plan) => {
    const run = runOf(plan, request.runId);
    const sorted = [...request.order].sort((a, b) => a - b);
    if (sorted.length !== run.stops.length || sorted.some((position, index) => position !== index)) {
      throw new ShopError("dispatch_target_invalid", { order: "errors.invalid_value" });
    }
    run.stops = request.order.map((position) => run.stops[position]!);
    return [run];
  });
}

export function assignRun(deps: ShopContext, request: OnPlan & { runId: number; vehicleId: number | null; driverId: number | null }) {
  return change(deps, request, async (plan) => {
    const run = runOf(plan, request.runId);
    if (request.vehicleId !== null && request.vehicleId !== run.vehicleId) {
      const [vehicle] = await deps.db.select({ seats: vehicles.seats }).from(vehicles).where(and(eq(vehicles.id, request.vehicleId), eq(vehicles.active, true)));
      if (!vehicle) throw new ShopError("dispatch_target_invalid", { vehicleId: "errors.invalid_id" });
      if (plan.runs.some((other) => other !== run && other.vehicleId === request.vehicleId)) throw new ShopError("dispatch_target_invalid", { vehicleId: "errors.invalid_id" });
      if (seatsOf(run) > vehicle.seats) throw new ShopError("dispatch_over_capacity", undefined, { seats: vehicle.seats });
      run.capacity = vehicle.seats;
    }
    if (request.driverId !== null && request.driverId !== run.driverId) {
      const [driver] = await deps.db.select({ id: users.id }).from(users).where(and(eq(users.id, request.driverId), eq(users.role, ROLE.driver)));
      if (!driver) throw new ShopError("dispatch_target_invalid", { driverId: "errors.invalid_id" });
    }
    const previous = { vehicleId: run.vehicleId, driverId: run.driverId };
    run.vehicleId = request.vehicleId;
    run.driverId = request.driverId;
    // Only what this change adds is checked: a vehicle or driver kept as it was may already clash (shown on the board).
    const added = { ...run, vehicleId: request.vehicleId === previous.vehicleId ? null : request.vehicleId, driverId: request.driverId === previous.driverId ? null : request.driverId };
    await refuseClash(deps.db, plan, added);
    return [];
  });
}

export function lockRun(deps: ShopContext, request: OnPlan & { runId: number; locked: boolean }) {
  return change(deps, request, (plan) => {
    runOf(plan, request.runId).locked = request.locked;
    return [];
  });
}
