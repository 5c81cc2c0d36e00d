/**
 * The plan of one leg of an event date: every group in exactly one run, locked runs kept as the dispatcher left
 * them (only their times recomputed), the other groups pooled across counties by where they are (few vehicles
 * first, then short rides; see build-runs.ts), each run timed by `scheduleRun`. Pure and deterministic: the
 * same input always gives the same plan.
 */
import type { PlanNoteCode } from "../../../../shared/domain/dispatch";
import { buildRuns, type BuiltRun, type CapacityQueue } from "./build-runs";
import { assignVehicles, largestFirst } from "./fleet";
import type { RouteContext } from "./route";
import { directRideSeconds, scheduleRun } from "./schedule-run";
import { sweepOrder } from "./sweep-order";
import type { PickupGroup, Plan, PlanInput, PlannedRun, PlanVehicle } from "./types";

export function planLeg(input: PlanInput): Plan {
  const dwellSeconds = input.settings.dwellMinutes * 60;
  const maxRideSeconds = input.settings.maxRideMinutes * 60;
  // A passenger whose direct ride is already over the maximum may ride as long as the direct ride, no longer.
  const limitSeconds = input.points.map((_, point) =>
    Math.max(maxRideSeconds, directRideSeconds(input.leg, input.seconds, dwellSeconds, point)),
  );
  const ctx: RouteContext = { leg: input.leg, seconds: input.seconds, dwellSeconds, limitSeconds };

  const groupsById = new Map<string, PickupGroup>();
  for (const group of input.groups) if (!groupsById.has(group.id)) groupsById.set(group.id, group);
  const vehiclesById = new Map(input.vehicles.map((vehicle) => [vehicle.id, vehicle]));

  const placed = new Set<string>();
  const runs: PlannedRun[] = [];
  for (const locked of input.locked) {
    const stops: { point: number; groupIds: string[] }[] = [];
    let seats = 0;
    for (const id of locked.groupIds) {
      const group = groupsById.get(id);
      // A group no longer in the input (its order was cancelled) or already placed is dropped from the run.
      if (group === undefined || placed.has(id)) continue;
      placed.add(id);
      seats += group.seats;
      const stop = stops.find((candidate) => candidate.point === group.point);
      if (stop) stop.groupIds.push(id);
      else stops.push({ point: group.point, groupIds: [id] });
    }
    if (stops.length === 0) continue;
    const vehicle = locked.vehicleId === null ? undefined : vehiclesById.get(locked.vehicleId);
    runs.push({
      vehicleId: locked.vehicleId,
      seats,
      capacity: vehicle?.seats ?? input.settings.fallbackSeats,
      ...scheduleRun({ ...input, stops }),
      locked: true,
    });
  }

  const lockedVehicles = new Set(input.locked.map((locked) => locked.vehicleId));
  const fleet = largestFirst(input.vehicles.filter((vehicle) => !lockedVehicles.has(vehicle.id)));
  const free = [...groupsById.values()].filter((group) => !placed.has(group.id));
  const built = buildRuns(ctx, sweepOrder(input.points, free), capacityQueue(fleet, input.settings.fallbackSeats));
  const vehicles = assignVehicles(
    built.map((run) => run.seats),
    fleet,
  );
  built.forEach((run, index) => runs.push(plannedRun(input, run, vehicles[index] ?? null)));

  return { runs, notes: planNotes(runs, groupsById, limitSeconds, maxRideSeconds) };
}

function capacityQueue(fleet: readonly PlanVehicle[], fallbackSeats: number): CapacityQueue {
  let next = 0;
  return {
    next: () => {
      const vehicle = fleet[next++];
      return vehicle ? { seats: vehicle.seats, vehicle: true } : { seats: fallbackSeats, vehicle: false };
    },
  };
}

function plannedRun(input: PlanInput, run: BuiltRun, vehicle: PlanVehicle | null): PlannedRun {
  const stops = run.stops.map((stop) => ({ point: stop.point, groupIds: stop.groups.map((group) => group.id) }));
  return {
    vehicleId: vehicle?.id ?? null,
    seats: run.seats,
    capacity: vehicle?.seats ?? Math.max(input.settings.fallbackSeats, run.seats),
    ...scheduleRun({ ...input, stops }),
    locked: false,
  };
}

function planNotes(
  runs: readonly PlannedRun[],
  groupsById: ReadonlyMap<string, PickupGroup>,
  limitSeconds: readonly number[],
  maxRideSeconds: number,
): Plan["notes"] {
  const byCode = new Map<PlanNoteCode, string[]>([
    ["ride_over_maximum", []],
    ["vehicle_needed", []],
  ]);
  for (const run of runs) {
    for (const stop of run.stops) {
      for (const id of stop.groupIds) {
        if (limitSeconds[groupsById.get(id)!.point]! > maxRideSeconds) byCode.get("ride_over_maximum")!.push(id);
        if (run.vehicleId === null) byCode.get("vehicle_needed")!.push(id);
      }
    }
  }
  return [...byCode].filter(([, groupIds]) => groupIds.length > 0).map(([code, groupIds]) => ({ code, groupIds }));
}
