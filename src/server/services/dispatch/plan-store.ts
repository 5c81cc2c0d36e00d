/**
 * A dispatch plan as the service edits it (runs, their stops in driving order, the pick-up groups at each stop),
 * read whole and written whole. Every write moves the plan's version on with one conditional update
 * (`version = expected`): a dispatcher whose screen shows an older version is refused with
 * `dispatch_version_stale`, so two dispatchers at once never overwrite each other. Run ids are kept across
 * writes (the drivers' phones name them); stops are written again each time.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { LEG, type Leg } from "../../../shared/domain/legs";
import { REPLAN_REASON, type ReplanReason } from "../../../shared/domain/dispatch";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import { dispatchPlans, dispatchRuns, dispatchStopPassengers, dispatchStops, type PublishedRun, type RunOverride } from "../../db/schema";
import { anyId } from "../../db/id-lists";

export interface GroupState {
  id: string;
  passengerIds: number[];
}

export interface StopState {
  address: string;
  countyId: number | null;
  lat: number;
  lon: number;
  approximate: boolean;
  time: Date;
  groups: GroupState[];
}

export interface RunState {
  /** null: not written yet. */
  id: number | null;
  vehicleId: number | null;
  driverId: number | null;
  locked: boolean;
  /** Seats of the vehicle it is planned for (the vehicle's, or the fallback van size). */
  capacity: number;
  departsAt: Date;
  arrivesAt: Date;
  stops: StopState[];
  /** Rules the dispatcher chose to break on this run (ride-rules.ts). */
  overrides: RunOverride[];
  /** Minutes the run is moved from the leg's usual time as a vehicle's later wave (outbound earlier, return later). */
  waveMinutes: number;
}

export interface PlanState {
  planId: number | null;
  eventDateId: number;
  leg: Leg;
  /** 0: never planned. */
  version: number;
  publishedVersion: number | null;
  notes: { code: string; groupIds: string[] }[];
  /** Minutes every run was moved by (the show ran late): the anchor of its times moves with it. */
  shiftMinutes: number;
  /**
   * Why the plan must be computed again before it is published again (the back office moved its date or changed
   * its end), or null. Written by `markReplan` and cleared by a computation, never by `savePlan`.
   */
  replanReason: ReplanReason | null;
  runs: RunState[];
}

export const seatsOf = (run: RunState) => run.stops.reduce((sum, stop) => sum + stop.groups.reduce((inner, group) => inner + group.passengerIds.length, 0), 0);

export async function loadPlan(db: Db, eventDateId: number, leg: Leg): Promise<PlanState> {
  const [plan] = await db.select().from(dispatchPlans).where(and(eq(dispatchPlans.eventDateId, eventDateId), eq(dispatchPlans.leg, leg))).limit(1);
  if (!plan) return { planId: null, eventDateId, leg, version: 0, publishedVersion: null, notes: [], shiftMinutes: 0, replanReason: null, runs: [] };
  return loadRuns(db, plan);
}

async function loadRuns(db: Db, plan: typeof dispatchPlans.$inferSelect): Promise<PlanState> {
  const { eventDateId, leg } = plan;
  const runRows = await db.select().from(dispatchRuns).where(eq(dispatchRuns.planId, plan.id)).orderBy(asc(dispatchRuns.position), asc(dispatchRuns.id));
  const runIds = runRows.map((run) => run.id);
  const stopRows = runIds.length ? await db.select().from(dispatchStops).where(anyId(dispatchStops.runId, runIds)).orderBy(asc(dispatchStops.position), asc(dispatchStops.id)) : [];
  const passengerRows = await db.select().from(dispatchStopPassengers).where(eq(dispatchStopPassengers.planId, plan.id)).orderBy(asc(dispatchStopPassengers.passengerId));
  // Grouped once by run and by stop: a day of 200 runs has some 1,000 stops and 5,000 passengers, and looking each
  // stop's passengers up in the whole list was 5 million comparisons per read.
  const stopsOfRun = new Map<number, (typeof stopRows)[number][]>();
  for (const stop of stopRows) (stopsOfRun.get(stop.runId) ?? stopsOfRun.set(stop.runId, []).get(stop.runId)!).push(stop);
  const passengersOfStop = new Map<number, (typeof passengerRows)[number][]>();
  for (const passenger of passengerRows) (passengersOfStop.get(passenger.stopId) ?? passengersOfStop.set(passenger.stopId, []).get(passenger.stopId)!).push(passenger);
  const runs: RunState[] = runRows.map((run) => ({
    id: run.id,
    vehicleId: run.vehicleId,
    driverId: run.driverId,
    locked: run.locked,
    capacity: run.capacity,
    departsAt: run.departsAt,
    arrivesAt: run.arrivesAt,
    overrides: run.overrides,
    waveMinutes: run.waveMinutes,
    stops: (stopsOfRun.get(run.id) ?? []).map((stop) => {
      const groups: GroupState[] = [];
      for (const passenger of passengersOfStop.get(stop.id) ?? []) {
        const group = groups.find((candidate) => candidate.id === passenger.groupId);
        if (group) group.passengerIds.push(passenger.passengerId);
        else groups.push({ id: passenger.groupId, passengerIds: [passenger.passengerId] });
      }
      return { address: stop.address, countyId: stop.countyId, lat: stop.lat, lon: stop.lon, approximate: stop.approximate, time: stop.time, groups };
    }),
  }));
  return { planId: plan.id, eventDateId, leg, version: plan.version, publishedVersion: plan.publishedVersion, notes: plan.notes, shiftMinutes: plan.shiftMinutes, replanReason: plan.replanReason, runs };
}

/** Refuses a change made on another version than the plan's current one. */
export function expectVersion(plan: PlanState, version: number) {
  if (plan.version !== version) throw new ShopError("dispatch_version_stale", undefined, { version: plan.version });
}

/**
 * Writes the plan as `plan` holds it, if its stored version is still `plan.version`; answers the new version.
 * Empty stops and runs are dropped first.
 */
export async function savePlan(db: Db, plan: PlanState, now: Date, alsoWrite?: (tx: Db) => Promise<void>): Promise<number> {
  for (const run of plan.runs) run.stops = run.stops.filter((stop) => stop.groups.some((group) => group.passengerIds.length > 0));
  plan.runs = plan.runs.filter((run) => run.stops.length > 0 || run.locked);
  return db.transaction(async (tx) => {
    let planId = plan.planId;
    let version: number;
    if (planId === null) {
      const [created] = await tx
        .insert(dispatchPlans)
        .values({ eventDateId: plan.eventDateId, leg: plan.leg, version: 1, notes: plan.notes, shiftMinutes: plan.shiftMinutes, updatedAt: now })
        .onConflictDoNothing()
        .returning({ id: dispatchPlans.id });
      if (!created) throw new ShopError("dispatch_version_stale");
      planId = created.id;
      version = 1;
    } else {
      const [moved] = await tx
        .update(dispatchPlans)
        .set({ version: sql`${dispatchPlans.version} + 1`, notes: plan.notes, shiftMinutes: plan.shiftMinutes, updatedAt: now })
        .where(and(eq(dispatchPlans.id, planId), eq(dispatchPlans.version, plan.version)))
        .returning({ version: dispatchPlans.version });
      if (!moved) throw new ShopError("dispatch_version_stale");
      version = moved.version;
    }
    const keptIds = plan.runs.map((run) => run.id).filter((id): id is number => id !== null);
    await tx.delete(dispatchRuns).where(and(eq(dispatchRuns.planId, planId), keptIds.length ? notInArray(dispatchRuns.id, keptIds) : undefined));
    if (keptIds.length) await tx.delete(dispatchStops).where(anyId(dispatchStops.runId, keptIds));
    for (const [position, run] of plan.runs.entries()) {
      const values = {
        planId,
        position,
        vehicleId: run.vehicleId,
        driverId: run.driverId,
        locked: run.locked,
        seatsNeeded: seatsOf(run),
        capacity: run.capacity,
        departsAt: run.departsAt,
        arrivesAt: run.arrivesAt,
        overrides: run.overrides,
        waveMinutes: run.waveMinutes,
      };
      if (run.id === null) {
        const [row] = await tx.insert(dispatchRuns).values(values).returning({ id: dispatchRuns.id });
        run.id = row!.id;
      } else {
        await tx.update(dispatchRuns).set(values).where(eq(dispatchRuns.id, run.id));
      }
      if (run.stops.length === 0) continue;
      const stopIds = await tx
        .insert(dispatchStops)
        .values(run.stops.map((stop, index) => ({ runId: run.id!, position: index, address: stop.address, countyId: stop.countyId, lat: stop.lat, lon: stop.lon, approximate: stop.approximate, time: stop.time })))
        .returning({ id: dispatchStops.id });
      const passengers = run.stops.flatMap((stop, index) =>
        stop.groups.flatMap((group) => group.passengerIds.map((passengerId) => ({ planId: planId!, stopId: stopIds[index]!.id, passengerId, groupId: group.id }))),
      );
      if (passengers.length) await tx.insert(dispatchStopPassengers).values(passengers);
    }
    // A new plan's id is known to what is written with it (its audit row).
    plan.planId = planId;
    if (alsoWrite) await alsoWrite(tx as unknown as Db);
    plan.version = version;
    return version;
  });
}

/**
 * The back office moved these event dates (both legs' plans) or changed their end (the return's plan: the outbound
 * is timed by the start): those plans must be computed again before they are published again. Until then their
 * published times are not shown as current (drivers' phones, the order's detail; see `loadPublishedPlan`).
 */
export async function markReplan(db: Db, eventDateIds: readonly number[], reason: ReplanReason, now: Date): Promise<void> {
  if (eventDateIds.length === 0) return;
  await db
    .update(dispatchPlans)
    .set({ replanReason: reason, updatedAt: now })
    .where(and(inArray(dispatchPlans.eventDateId, [...eventDateIds]), reason === REPLAN_REASON.end_changed ? eq(dispatchPlans.leg, LEG.return) : undefined));
}

/** The runs of a plan as they are now, kept on the plan when it is published (`dispatch_plans.published_runs`). */
export function publishedRunsOf(plan: PlanState): PublishedRun[] {
  return plan.runs.map((run) => ({
    id: run.id!,
    vehicleId: run.vehicleId,
    driverId: run.driverId,
    locked: run.locked,
    capacity: run.capacity,
    departsAt: run.departsAt.toISOString(),
    arrivesAt: run.arrivesAt.toISOString(),
    waveMinutes: run.waveMinutes,
    overrides: run.overrides,
    stops: run.stops.map((stop) => ({ ...stop, time: stop.time.toISOString(), groups: stop.groups.map((group) => ({ id: group.id, passengerIds: [...group.passengerIds] })) })),
  }));
}

/**
 * The plan as it was last published, what drivers' phones show: its current runs when nothing changed since, else
 * the runs kept when it was published. Null when it was never published, or when the back office moved its date or
 * changed its end since (`replanReason`): its published times are not current any more, until it is re-planned and
 * published again.
 */
export async function loadPublishedPlan(db: Db, plan: typeof dispatchPlans.$inferSelect): Promise<PlanState | null> {
  if (plan.publishedVersion === null || plan.replanReason !== null) return null;
  if (plan.version === plan.publishedVersion) return loadRuns(db, plan);
  if (plan.publishedRuns === null) return null;
  return {
    planId: plan.id,
    eventDateId: plan.eventDateId,
    leg: plan.leg,
    version: plan.publishedVersion,
    publishedVersion: plan.publishedVersion,
    notes: plan.notes,
    shiftMinutes: plan.shiftMinutes,
    replanReason: null,
    runs: plan.publishedRuns.map((run) => ({
      ...run,
      departsAt: new Date(run.departsAt),
      arrivesAt: new Date(run.arrivesAt),
      stops: run.stops.map((stop) => ({ ...stop, time: new Date(stop.time), groups: stop.groups.map((group) => ({ id: group.id, passengerIds: [...group.passengerIds] })) })),
    })),
  };
}
