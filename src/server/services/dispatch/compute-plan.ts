/**
 * POST /shop-api/staff/dispatch/plan: the plan of an event date and leg computed by the planner from who rides
 * and where, keeping the runs a dispatcher locked and the runs someone is already aboard (their stops as left,
 * only their times recomputed) and re-planning every other run. A run planned for a vehicle that an earlier run of the plan had keeps that run's
 * id and driver, so a re-plan does not undo the drivers already given. A vehicle's runs of the date's other leg
 * count towards its driver's shift.
 */
import { and, avg, eq, inArray } from "drizzle-orm";
import { type Leg, LEG } from "../../../shared/domain/legs";
import type { ShopContext } from "../../context";
import { counties, dispatchPlans, provinces, vehicles } from "../../db/schema";
import { writeAudit, type Actor } from "../audit/write-audit";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { PLAN_RESOURCE, runRecord } from "./plan-audit";
import { straightLineKm } from "../../geo/travel-time-estimate";
import type { LatLon } from "../../geo";
import { planLeg, type PickupGroup, type PlanVehicle } from "./planner";
import { needsOfPassengers } from "./needs";
import { loadPlan, savePlan, type PlanState, type RunState } from "./plan-store";
import { stopPlaces } from "./plan-places";
import { eventDay, dayPassengers } from "./day-passengers";
import { anchorOf } from "./day-anchor";
import { dispatchSettings } from "./settings";
import { travelSeconds } from "./travel-times";
import { boardingStates } from "../boarding/boarding-record";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";

/**
 * The active vehicles of the country and, given the venue, only those based within `DISPATCH_FLEET_RADIUS_KM` of
 * it: a van based in another city is not planned for this one's pick-ups. A vehicle's base is its coordinates,
 * else its base county's centroid, else the middle of its province's counties' centroids; a vehicle with none of
 * these known is counted in.
 */
export async function fleetOf(deps: ShopContext, countryCode: string, venue?: LatLon): Promise<PlanVehicle[]> {
  const rows = await deps.db
    .select({ id: vehicles.id, seats: vehicles.seats, carries: vehicles.carries, provinceId: vehicles.provinceId, baseLat: vehicles.baseLat, baseLon: vehicles.baseLon, countyLat: counties.lat, countyLon: counties.lon })
    .from(vehicles)
    .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
    .leftJoin(counties, eq(counties.id, vehicles.baseCountyId))
    .where(and(eq(vehicles.active, true), eq(provinces.countryCode, countryCode)))
    .orderBy(vehicles.id);
  if (venue === undefined) return rows.map(({ id, seats, carries }) => ({ id, seats, carries }));
  const provinceIds = [...new Set(rows.map((row) => row.provinceId))];
  const middles = new Map<number, LatLon>();
  if (provinceIds.length > 0) {
    const centres = await deps.db
      .select({ provinceId: counties.provinceId, lat: avg(counties.lat).mapWith(Number), lon: avg(counties.lon).mapWith(Number) })
      .from(counties)
      .where(inArray(counties.provinceId, provinceIds))
      .groupBy(counties.provinceId);
    for (const centre of centres) if (Number.isFinite(centre.lat) && Number.isFinite(centre.lon)) middles.set(centre.provinceId, { lat: centre.lat, lon: centre.lon });
  }
  const radiusKm = deps.env.DISPATCH_FLEET_RADIUS_KM;
  return rows
    .filter((row) => {
      const base =
        row.baseLat !== null && row.baseLon !== null
          ? { lat: row.baseLat, lon: row.baseLon }
          : row.countyLat !== null && row.countyLon !== null
            ? { lat: row.countyLat, lon: row.countyLon }
            : middles.get(row.provinceId);
      return base === undefined || straightLineKm(base, venue) <= radiusKm;
    })
    .map(({ id, seats, carries }) => ({ id, seats, carries }));
}

/**
 * The fleet with, for each vehicle that has runs in the date's other leg, when those start and end: a driver's
 * shift covers both legs, and the planner keeps it within the maximum.
 */
function withOtherLeg(fleet: PlanVehicle[], other: PlanState): PlanVehicle[] {
  return fleet.map((vehicle) => {
    const runs = other.runs.filter((run) => run.vehicleId === vehicle.id);
    if (runs.length === 0) return vehicle;
    const starts = runs.map((run) => Math.min(run.departsAt.getTime(), ...run.stops.map((stop) => stop.time.getTime())));
    return { ...vehicle, busy: { from: new Date(Math.min(...starts)), until: new Date(Math.max(...runs.map((run) => run.arrivesAt.getTime()))) } };
  });
}

export async function computePlan(deps: ShopContext, actor: Actor, eventDateId: number, leg: Leg) {
  const day = await eventDay(deps, eventDateId);
  const current = await loadPlan(deps.db, eventDateId, leg);
  const groups = await dayPassengers(deps, day);
  const { venue, stops } = await stopPlaces(deps, day, groups);
  const pointOf = new Map(stops.map((stop, index) => [stop.key, index + 1]));
  const seconds = await travelSeconds(deps, [venue, ...stops]);
  const fleet = withOtherLeg(await fleetOf(deps, day.countryCode, venue), await loadPlan(deps.db, eventDateId, leg === LEG.outbound ? LEG.return : LEG.outbound));
  const settings = dispatchSettings(deps.env);
  const fallbackSeats = fleet.reduce((largest, vehicle) => Math.max(largest, vehicle.seats), 0) || settings.fallbackSeats;

  const needs = await needsOfPassengers(deps.db, groups.flatMap((group) => group.passengers.map((passenger) => passenger.passengerId)));
  const pickupGroups: PickupGroup[] = groups.map((group) => ({
    id: group.id,
    passengerIds: group.passengers.map((passenger) => passenger.passengerId),
    seats: group.passengers.length,
    point: pointOf.get(group.stopKey)!,
    needs: [...new Set(group.passengers.flatMap((passenger) => needs.get(passenger.passengerId) ?? []))],
  }));
  const groupIds = new Set(pickupGroups.map((group) => group.id));
  // A run someone already boarded is on the road: kept as it is, like a locked run, so nobody aboard is moved.
  const passengerIds = current.runs.flatMap((run) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)));
  const states = await boardingStates(deps.db, leg, passengerIds);
  const aboard = (run: RunState) => run.stops.some((stop) => stop.groups.some((group) => group.passengerIds.some((id) => states.get(id)?.state === PASSENGER_STATE.boarded)));
  const lockedRuns = current.runs.filter((run) => run.locked || aboard(run));
  const plan = planLeg({
    leg,
    anchor: anchorOf(day, leg, current.shiftMinutes),
    points: [venue, ...stops],
    seconds,
    groups: pickupGroups,
    vehicles: fleet,
    locked: lockedRuns.map((run) => ({ vehicleId: run.vehicleId, groupIds: run.stops.flatMap((stop) => stop.groups.map((group) => group.id)), waveMinutes: run.waveMinutes })),
    settings: { ...settings.plan, fallbackSeats },
  });

  const groupsById = new Map(pickupGroups.map((group) => [group.id, group]));
  // The planner keeps each locked run that still has a group, in the order given.
  const keptLocked = lockedRuns.filter((run) => run.stops.some((stop) => stop.groups.some((group) => groupIds.has(group.id))));
  const earlier = current.runs.filter((run) => !lockedRuns.includes(run));
  const runs: RunState[] = plan.runs.map((planned, index) => {
    const locked = planned.locked ? keptLocked[index] : undefined;
    const reused = locked ?? earlier.find((run) => run.vehicleId !== null && run.vehicleId === planned.vehicleId);
    if (reused && !locked) earlier.splice(earlier.indexOf(reused), 1);
    return {
      id: reused?.id ?? null,
      vehicleId: planned.vehicleId,
      driverId: reused?.driverId ?? null,
      locked: locked?.locked ?? false,
      capacity: planned.capacity,
      departsAt: planned.departs,
      arrivesAt: planned.arrives,
      overrides: locked?.overrides ?? [],
      waveMinutes: planned.waveMinutes,
      stops: planned.stops.map((stop) => {
        const place = stops[stop.point - 1]!;
        return {
          address: place.address,
          countyId: place.countyId,
          lat: place.lat,
          lon: place.lon,
          approximate: place.approximate,
          time: stop.time,
          groups: stop.groupIds.map((id) => ({ id, passengerIds: [...groupsById.get(id)!.passengerIds] })),
        };
      }),
    };
  });
  const before = { version: current.version, replanReason: current.replanReason, runs: current.runs.map(runRecord) };
  current.runs = runs;
  current.notes = plan.notes;
  const fromVersion = current.version;
  await savePlan(deps.db, current, deps.now(), async (tx) => {
    // Computed again: a moved date or end is planned for now.
    await tx.update(dispatchPlans).set({ replanReason: null }).where(eq(dispatchPlans.id, current.planId!));
    await writeAudit(tx, actor, PLAN_RESOURCE, current.planId!, AUDIT_ACTION.dispatch_plan, fromVersion === 0 ? null : before, {
      eventDateId,
      leg,
      version: fromVersion + 1,
      notes: plan.notes,
      runs: current.runs.map(runRecord),
    });
  });
  current.replanReason = null;
  return current;
}
