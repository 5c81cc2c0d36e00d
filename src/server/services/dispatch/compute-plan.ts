/**
 * POST /shop-api/staff/dispatch/plan: the plan of an event date and leg computed by the planner from who rides
 * and where, keeping the runs a dispatcher locked (their stops as left, only their times recomputed) and
 * re-planning every other run. A run planned for a vehicle that an earlier run of the plan had keeps that run's
 * id and driver, so a re-plan does not undo the drivers already given.
 */
import { and, eq } from "drizzle-orm";
import { type Leg, LEG } from "../../../shared/domain/legs";
import type { ShopContext } from "../../context";
import { provinces, vehicles } from "../../db/schema";
import { planLeg, type PickupGroup, type PlanVehicle } from "./planner";
import { loadPlan, savePlan, type RunState } from "./plan-store";
import { stopPlaces } from "./places";
import { eventDay, ridersOf } from "./riders";
import { dispatchSettings } from "./settings";
import { travelSeconds } from "./where";

export async function fleetOf(deps: ShopContext, countryCode: string): Promise<PlanVehicle[]> {
  return deps.db
    .select({ id: vehicles.id, seats: vehicles.seats })
    .from(vehicles)
    .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
    .where(and(eq(vehicles.active, true), eq(provinces.countryCode, countryCode)));
}

export async function computePlan(deps: ShopContext, eventDateId: number, leg: Leg) {
  const day = await eventDay(deps, eventDateId);
  const current = await loadPlan(deps.db, eventDateId, leg);
  const groups = await ridersOf(deps, day);
  const { venue, stops } = await stopPlaces(deps, day, groups);
  const pointOf = new Map(stops.map((stop, index) => [stop.key, index + 1]));
  const seconds = await travelSeconds(deps, [venue, ...stops]);
  const fleet = await fleetOf(deps, day.countryCode);
  const settings = dispatchSettings(deps.env);
  const fallbackSeats = fleet.reduce((largest, vehicle) => Math.max(largest, vehicle.seats), 0) || settings.fallbackSeats;

  const pickupGroups: PickupGroup[] = groups.map((group) => ({
    id: group.id,
    passengerIds: group.riders.map((rider) => rider.passengerId),
    seats: group.riders.length,
    point: pointOf.get(group.stopKey)!,
  }));
  const groupIds = new Set(pickupGroups.map((group) => group.id));
  const lockedRuns = current.runs.filter((run) => run.locked);
  const plan = planLeg({
    leg,
    anchor: leg === LEG.outbound ? day.startsAt : day.endsAt,
    points: [venue, ...stops],
    seconds,
    groups: pickupGroups,
    vehicles: fleet,
    locked: lockedRuns.map((run) => ({ vehicleId: run.vehicleId, groupIds: run.stops.flatMap((stop) => stop.groups.map((group) => group.id)) })),
    settings: { ...settings.plan, fallbackSeats },
  });

  const groupsById = new Map(pickupGroups.map((group) => [group.id, group]));
  // The planner keeps each locked run that still has a group, in the order given.
  const keptLocked = lockedRuns.filter((run) => run.stops.some((stop) => stop.groups.some((group) => groupIds.has(group.id))));
  const earlier = current.runs.filter((run) => !run.locked);
  const runs: RunState[] = plan.runs.map((planned, index) => {
    const locked = planned.locked ? keptLocked[index] : undefined;
    const reused = locked ?? earlier.find((run) => run.vehicleId !== null && run.vehicleId === planned.vehicleId);
    if (reused && !locked) earlier.splice(earlier.indexOf(reused), 1);
    return {
      id: reused?.id ?? null,
      vehicleId: planned.vehicleId,
      driverId: reused?.driverId ?? null,
      locked: planned.locked,
      capacity: planned.capacity,
      departsAt: planned.departs,
      arrivesAt: planned.arrives,
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
  current.runs = runs;
  current.notes = plan.notes;
  await savePlan(deps.db, current, deps.now());
  return current;
}
