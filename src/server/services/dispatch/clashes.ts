/**
 * One vehicle or one driver cannot be in two runs at once. A run's time is from its departure to its arrival;
 * two runs clash when they share the vehicle or the driver and those times overlap, whatever their event dates or
 * legs (an outbound van of one concert cannot also take another's return). Assigning a clashing vehicle or driver
 * is refused (`dispatch_clash`, naming the other run); clashes that times moved into (a retimed run, a new plan)
 * are listed on the dispatcher's board beside the run.
 */
import { and, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { REPLAN_REASON, type ClashKind } from "../../../shared/domain/dispatch";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import { formatDateTime, formatTime, timeZoneOf } from "../../../shared/format/dates";
import type { Db } from "../../db/client";
import { dispatchPlans, dispatchRuns, eventDates, events, users, vehicles } from "../../db/schema";
import type { PlanState, RunState } from "./plan-store";

export interface Clash {
  runId: number | null;
  kind: ClashKind;
  /** The other run, in another plan or in this one. */
  other: { runId: number; eventDateId: number; leg: Leg; eventName: string; countryCode: string; departsAt: Date; arrivesAt: Date };
}

const overlaps = (a: { departsAt: Date; arrivesAt: Date }, b: { departsAt: Date; arrivesAt: Date }) => a.departsAt < b.arrivesAt && b.departsAt < a.arrivesAt;

/** Every clash of the plan's runs with runs of other plans (read from the database) and with each other. */
export async function clashesOf(db: Db, plan: PlanState, runs: readonly RunState[] = plan.runs): Promise<Clash[]> {
  const assigned = runs.filter((run) => run.vehicleId !== null || run.driverId !== null);
  if (assigned.length === 0) return [];
  const vehicleIds = [...new Set(assigned.flatMap((run) => (run.vehicleId === null ? [] : [run.vehicleId])))];
  const driverIds = [...new Set(assigned.flatMap((run) => (run.driverId === null ? [] : [run.driverId])))];
  const from = new Date(Math.min(...assigned.map((run) => run.departsAt.getTime())));
  const until = new Date(Math.max(...assigned.map((run) => run.arrivesAt.getTime())));
  const elsewhere = await db
    .select({
      runId: dispatchRuns.id,
      vehicleId: dispatchRuns.vehicleId,
      driverId: dispatchRuns.driverId,
      departsAt: dispatchRuns.departsAt,
      arrivesAt: dispatchRuns.arrivesAt,
      eventDateId: dispatchPlans.eventDateId,
      leg: dispatchPlans.leg,
      eventName: sql<string>`coalesce(${events.translations}->'es_CO'->>'name', ${events.slug})`,
      countryCode: events.countryCode,
    })
    .from(dispatchRuns)
    .innerJoin(dispatchPlans, eq(dispatchPlans.id, dispatchRuns.planId))
    .innerJoin(eventDates, eq(eventDates.id, dispatchPlans.eventDateId))
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(
      and(
        plan.planId === null ? undefined : ne(dispatchRuns.planId, plan.planId),
        // A plan whose date the back office moved holds its vans no more at the old times: it is timed again when
        // it is re-planned (and its clashes shown then).
        or(isNull(dispatchPlans.replanReason), ne(dispatchPlans.replanReason, REPLAN_REASON.date_moved)),
        or(vehicleIds.length ? inArray(dispatchRuns.vehicleId, vehicleIds) : undefined, driverIds.length ? inArray(dispatchRuns.driverId, driverIds) : undefined),
        lt(dispatchRuns.departsAt, until),
        gt(dispatchRuns.arrivesAt, from),
      ),
    );
  const here = await planLabel(db, plan);
  const candidates = [
    ...elsewhere.map((row) => ({ ...row, runId: row.runId as number })),
    ...plan.runs.filter((run) => run.id !== null).map((run) => ({ ...here, runId: run.id!, vehicleId: run.vehicleId, driverId: run.driverId, departsAt: run.departsAt, arrivesAt: run.arrivesAt })),
  ];
  const clashes: Clash[] = [];
  for (const run of assigned) {
    for (const other of candidates) {
      if (other.runId === run.id || !overlaps(run, other)) continue;
      const { vehicleId: _vehicle, driverId: _driver, ...described } = other;
      if (run.vehicleId !== null && other.vehicleId === run.vehicleId) clashes.push({ runId: run.id, kind: "vehicle", other: described });
      if (run.driverId !== null && other.driverId === run.driverId) clashes.push({ runId: run.id, kind: "driver", other: described });
    }
  }
  return clashes;
}

async function planLabel(db: Db, plan: PlanState) {
  const [row] = await db
    .select({ eventName: sql<string>`coalesce(${events.translations}->'es_CO'->>'name', ${events.slug})`, countryCode: events.countryCode })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(eq(eventDates.id, plan.eventDateId));
  return { eventDateId: plan.eventDateId, leg: plan.leg, eventName: row?.eventName ?? "", countryCode: row?.countryCode ?? "CO" };
}

/** Refuses the run's vehicle or driver when either is already on another run at an overlapping time. */
export async function refuseClash(db: Db, plan: PlanState, run: RunState): Promise<void> {
  const [clash] = await clashesOf(db, plan, [run]);
  if (!clash) return;
  const timeZone = timeZoneOf(clash.other.countryCode);
  let who = "";
  if (clash.kind === "vehicle") {
    const [vehicle] = await db.select({ plate: vehicles.plate }).from(vehicles).where(eq(vehicles.id, run.vehicleId!));
    who = vehicle?.plate ?? "";
  } else {
    const [driver] = await db.select({ name: sql<string>`${users.firstName} || ' ' || ${users.lastName}` }).from(users).where(eq(users.id, run.driverId!));
    who = driver?.name ?? "";
  }
  throw new ShopError("dispatch_clash", { [clash.kind === "vehicle" ? "vehicleId" : "driverId"]: "errors.dispatch_clash" }, {
    who,
    other: clash.other.eventName,
    from: formatDateTime(clash.other.departsAt.toISOString(), timeZone),
    until: formatTime(clash.other.arrivesAt.toISOString(), timeZone),
  });
}
