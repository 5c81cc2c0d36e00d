/**
 * The dispatcher's changes to a plan: move a pick-up group or a whole stop to another run (or a new one),
 * reorder a run's stops, give a run its vehicle and driver, lock or unlock it. Each names the version it was
 * made on (refused as `dispatch_version_stale` otherwise); the runs it touches get their times again from the
 * travel times (`scheduleRun`), and no vehicle is given more passengers than it has seats. A change that would
 * make a passenger's ride longer than their limit or a driver's day longer than the shift is refused
 * (`ride_limit_exceeded`, `shift_limit_exceeded`) unless it says `override: true`: then the run keeps the
 * override, shown on the board, and the audit log says who broke which rule by how much.
 */
import { and, eq } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { passengers, provinces, users, vehicles } from "../../db/schema";
import { writeAudit, type Actor } from "../audit/write-audit";
import { scheduleRun, waveAnchor } from "./planner";
import { expectVersion, loadPlan, savePlan, seatsOf, type PlanState, type RunState } from "./plan-store";
import { venuePlace } from "./plan-places";
import { eventDay } from "./day-passengers";
import { dispatchSettings } from "./settings";
import { travelSeconds } from "./travel-times";
import { ROLE } from "../../../shared/domain/roles";
import { refuseClash } from "./clashes";
import { anchorOf } from "./day-anchor";
import { carriesAll, needsOfPassengers, vehicleCarries } from "./needs";
import { isOverridden, keepStandingOverrides, overrideOf, refuseBreach, rideBreaches, shiftBreaches, type Breach } from "./ride-rules";
import { AUDIT_ACTION, type AuditAction } from "../../../shared/domain/audit-actions";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";
import { boardingStates } from "../boarding/boarding-record";
import { PLAN_RESOURCE, runRecord } from "./plan-audit";

interface OnPlan {
  eventDateId: number;
  leg: Leg;
  version: number;
  /** Keep the change although it breaks a ride limit or a driver's shift (audited). */
  override?: boolean;
}

/** The audit log's resource for a dispatch run. */
export const RUN_RESOURCE = "dispatch_runs";

/**
 * One edit: made on the version the dispatcher saw, the touched runs timed again and checked, and written with an
 * audit row (resource `dispatch_plans`, the plan's id) naming the action and the touched runs before and after.
 */
async function change(deps: ShopContext, actor: Actor, request: OnPlan, action: AuditAction, edit: (plan: PlanState) => Promise<RunState[]> | RunState[]): Promise<PlanState> {
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  expectVersion(plan, request.version);
  const before = new Map(plan.runs.map((run) => [run, runRecord(run)]));
  const touched = await edit(plan);
  await refuseUnmetNeeds(deps.db, touched);
  const matrices = await retime(deps, plan, touched);
  const accepted = await checkRules(deps, plan, touched, matrices, request.override === true, actor);
  const fromVersion = plan.version;
  await savePlan(deps.db, plan, deps.now(), async (tx) => {
    await auditOverrides(tx, actor, plan, accepted);
    // The runs this edit changed, as they were and as they are (a new run was nothing; an emptied one is gone).
    const same = (run: RunState) => JSON.stringify(runRecord(run)) === JSON.stringify(before.get(run));
    const gone = [...before.keys()].filter((run) => !plan.runs.includes(run));
    const changed = plan.runs.filter((run) => !before.has(run) || !same(run));
    await writeAudit(
      tx,
      actor,
      PLAN_RESOURCE,
      plan.planId!,
      action,
      { version: fromVersion, runs: [...gone, ...changed].flatMap((run) => before.get(run) ?? []) },
      { eventDateId: plan.eventDateId, leg: plan.leg, version: fromVersion + 1, override: request.override === true, runs: changed.map(runRecord), removedRunIds: gone.map((run) => run.id) },
    );
  });
  return plan;
}

/**
 * Refuses to move passengers already aboard on this leg (the door scanned them or the driver ticked them): they
 * are in that van, whatever the plan says; naming the first of them.
 */
async function refuseBoarded(db: Db, leg: Leg, passengerIds: readonly number[]) {
  const states = await boardingStates(db, leg, passengerIds);
  const aboard = passengerIds.find((id) => states.get(id)?.state === PASSENGER_STATE.boarded);
  if (aboard === undefined) return;
  const [row] = await db.select({ name: passengers.name }).from(passengers).where(eq(passengers.id, aboard));
  throw new ShopError("dispatch_passenger_boarded", { passengerId: "errors.dispatch_passenger_boarded" }, { name: row?.name ?? "" });
}

/**
 * Checks the touched runs against the ride limits and the drivers' shifts. A breach the run already carries an
 * override for passes; any other is refused, or with `override` recorded on its run and answered for the audit.
 */
export async function checkRules(deps: ShopContext, plan: PlanState, runs: readonly RunState[], matrices: ReadonlyMap<RunState, number[][]>, override: boolean, actor: Actor): Promise<Breach[]> {
  const settings = dispatchSettings(deps.env);
  const breaches: Breach[] = [];
  for (const run of runs) {
    const seconds = matrices.get(run);
    if (seconds) breaches.push(...rideBreaches(plan.leg, run, seconds, settings.plan));
  }
  breaches.push(...(await shiftBreaches(deps.db, plan, runs, deps.env.DISPATCH_MAX_SHIFT_HOURS)));
  for (const run of runs) keepStandingOverrides(run, breaches);
  const fresh = breaches.filter((breach) => !isOverridden(breach));
  if (fresh.length === 0) return [];
  if (!override) await refuseBreach(deps.db, fresh[0]!);
  const at = deps.now();
  for (const breach of fresh) {
    const kept = overrideOf(breach, actor.email, at);
    breach.run.overrides = [...breach.run.overrides.filter((old) => !(old.rule === kept.rule && (old.passengerId ?? old.driverId) === (kept.passengerId ?? kept.driverId))), kept];
  }
  return fresh;
}

/** Refuses a run whose vehicle lacks what one of its passengers needs on board (never overridden). */
async function refuseUnmetNeeds(db: Db, runs: readonly RunState[]) {
  const withVehicle = runs.filter((run) => run.vehicleId !== null);
  if (withVehicle.length === 0) return;
  const carries = await vehicleCarries(db, withVehicle.map((run) => run.vehicleId));
  const needs = await needsOfPassengers(db, withVehicle.flatMap((run) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds))));
  for (const run of withVehicle) {
    const wanted = [...new Set(run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds.flatMap((id) => needs.get(id) ?? []))))];
    const missing = wanted.filter((need) => !carriesAll(carries.get(run.vehicleId!) ?? [], [need]));
    if (missing.length > 0) throw new ShopError("dispatch_needs_unmet", { vehicleId: "errors.dispatch_needs_unmet" });
  }
}

/** One audit row per run whose rules the dispatcher broke on purpose, in the plan's own transaction. */
export async function auditOverrides(tx: Db, actor: Actor, plan: PlanState, accepted: readonly Breach[]) {
  for (const run of new Set(accepted.map((breach) => breach.run))) {
    const broken = accepted.filter((breach) => breach.run === run).map(({ run: _run, ...rest }) => rest);
    await writeAudit(tx, actor, RUN_RESOURCE, run.id!, AUDIT_ACTION.dispatch_override, null, { eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version, broken });
  }
}

/**
 * New stop times for the runs given, in their current stop order, from the leg's anchor moved by each run's own
 * wave minutes (a vehicle's earlier outbound wave stays early, its later return wave late); answers each run's
 * travel-time matrix.
 */
export async function retime(deps: ShopContext, plan: PlanState, runs: readonly RunState[]): Promise<Map<RunState, number[][]>> {
  const matrices = new Map<RunState, number[][]>();
  const live = runs.filter((run) => run.stops.length > 0);
  if (live.length === 0) return matrices;
  const day = await eventDay(deps, plan.eventDateId);
  const venue = await venuePlace(deps, day, live.flatMap((run) => run.stops));
  const settings = dispatchSettings(deps.env).plan;
  for (const run of live) {
    const seconds = await travelSeconds(deps, [venue, ...run.stops]);
    const timed = scheduleRun({
      leg: plan.leg,
      anchor: waveAnchor(plan.leg, anchorOf(day, plan.leg, plan.shiftMinutes), run.waveMinutes),
      seconds,
      settings,
      stops: run.stops.map((stop, index) => ({ point: index + 1, groupIds: stop.groups.map((group) => group.id) })),
    });
    run.stops.forEach((stop, index) => (stop.time = timed.stops[index]!.time));
    run.departsAt = timed.departs;
    run.arrivesAt = timed.arrives;
    matrices.set(run, seconds);
  }
  return matrices;
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
  const run: RunState = { id: null, vehicleId: null, driverId: null, locked: false, capacity: dispatchSettings(deps.env).fallbackSeats, departsAt: from.departsAt, arrivesAt: from.arrivesAt, stops: [], overrides: [], waveMinutes: 0 };
  plan.runs.push(run);
  return run;
}

function checkRoom(run: RunState, adding: number) {
  if (seatsOf(run) + adding > run.capacity) throw new ShopError("dispatch_over_capacity", undefined, { seats: run.capacity });
}

export function moveGroup(deps: ShopContext, actor: Actor, request: OnPlan & { passengerId: number; toRunId: number | null }) {
  return change(deps, actor, request, AUDIT_ACTION.dispatch_move, async (plan) => {
    for (const from of plan.runs) {
      for (const [index, stop] of from.stops.entries()) {
        const group = stop.groups.find((candidate) => candidate.passengerIds.includes(request.passengerId));
        if (!group) continue;
        await refuseBoarded(deps.db, plan.leg, group.passengerIds);
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

export function moveStop(deps: ShopContext, actor: Actor, request: OnPlan & { runId: number; position: number; toRunId: number | null }) {
  return change(deps, actor, request, AUDIT_ACTION.dispatch_move, async (plan) => {
    const from = runOf(plan, request.runId);
    const stop = from.stops[request.position];
    if (!stop) throw new ShopError("dispatch_target_invalid", { position: "errors.invalid_number" });
    await refuseBoarded(deps.db, plan.leg, stop.groups.flatMap((group) => group.passengerIds));
    const to = targetOf(deps, plan, request.toRunId, from);
    checkRoom(to, stop.groups.reduce((sum, group) => sum + group.passengerIds.length, 0));
    from.stops.splice(request.position, 1);
    to.stops.push(stop);
    return [from, to];
  });
}

export function reorderStops(deps: ShopContext, actor: Actor, request: OnPlan & { runId: number; order: number[] }) {
  return change(deps, actor, request, AUDIT_ACTION.dispatch_reorder, (plan) => {
    const run = runOf(plan, request.runId);
    const sorted = [...request.order].sort((a, b) => a - b);
    if (sorted.length !== run.stops.length || sorted.some((position, index) => position !== index)) {
      throw new ShopError("dispatch_target_invalid", { order: "errors.invalid_value" });
    }
    run.stops = request.order.map((position) => run.stops[position]!);
    return [run];
  });
}

export function assignRun(deps: ShopContext, actor: Actor, request: OnPlan & { runId: number; vehicleId: number | null; driverId: number | null }) {
  return change(deps, actor, request, AUDIT_ACTION.dispatch_assign, async (plan) => {
    const run = runOf(plan, request.runId);
    if (request.vehicleId !== null && request.vehicleId !== run.vehicleId) {
      const [vehicle] = await deps.db
        .select({ seats: vehicles.seats, countryCode: provinces.countryCode })
        .from(vehicles)
        .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
        .where(and(eq(vehicles.id, request.vehicleId), eq(vehicles.active, true)));
      if (!vehicle) throw new ShopError("dispatch_target_invalid", { vehicleId: "errors.invalid_id" });
      // A vehicle registered in another country cannot drive this event's passengers (plates, permits, insurance).
      if (vehicle.countryCode !== (await eventDay(deps, plan.eventDateId)).countryCode) {
        throw new ShopError("dispatch_vehicle_other_country", { vehicleId: "errors.dispatch_vehicle_other_country" });
      }
      // A vehicle may run several waves of a plan; one whose other run overlaps this one is refused as a clash below.
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
    // A new vehicle must carry the run's needs and a new driver's day keep the shift: the run is checked again.
    const changed = (request.vehicleId !== null && request.vehicleId !== previous.vehicleId) || (request.driverId !== null && request.driverId !== previous.driverId);
    return changed ? [run] : [];
  });
}

export function lockRun(deps: ShopContext, actor: Actor, request: OnPlan & { runId: number; locked: boolean }) {
  return change(deps, actor, request, AUDIT_ACTION.dispatch_lock, (plan) => {
    const run = runOf(plan, request.runId);
    run.locked = request.locked;
    // Locking keeps the run through re-plans: it must keep the rules (or carry their override) as it stands.
    return request.locked ? [run] : [];
  });
}
