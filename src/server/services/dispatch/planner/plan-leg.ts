/**
 * The plan of one leg of an event date: every group in exactly one run, locked runs kept as the dispatcher left
 * them (only their times recomputed), the other groups pooled across counties by where they are (few vehicles
 * first, then short rides; see build-runs.ts) within each passenger's ride limit (ride-limits.ts), runs given
 * vehicles and second waves (waves.ts) and each timed by `scheduleRun`. Pure and deterministic: the same input
 * always gives the same plan.
 */
import type { PlanNoteCode } from "../../../../shared/domain/dispatch";
import { PLAN_NOTE_CODE } from "../../../../shared/domain/dispatch";
import { LEG } from "../../../../shared/domain/legs";
import { buildRuns, type BuiltRun, type CapacityQueue } from "./build-runs";
import { assignVehicles, fleetShortfall, largestFirst } from "./fleet";
import { rideLimitSeconds } from "./ride-limits";
import { scoreRoute, type RouteContext } from "./route";
import { scheduleRun, waveAnchor } from "./schedule-run";
import { sweepOrder } from "./sweep-order";
import { driveRuns, type DrivenRun } from "./waves";
import { carriesAll, needsOf } from "./needs";
import { runnableRuns } from "./runnable";
import { ROUNDS_PER_GROUP, shortenDrives, type SearchRun } from "./shorten-drives";
import type { PickupGroup, Plan, PlanInput, PlannedRun, PlanVehicle } from "./types";

export function planLeg(input: PlanInput): Plan {
  const dwellSeconds = input.settings.dwellMinutes * 60;
  const maxRideSeconds = input.settings.maxRideMinutes * 60;
  const limitSeconds = rideLimitSeconds(input.leg, input.seconds, dwellSeconds, maxRideSeconds);
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
      ...scheduleRun({ ...input, anchor: waveAnchor(input.leg, input.anchor, locked.waveMinutes ?? 0), stops }),
      locked: true,
      wave: 1,
      waveMinutes: locked.waveMinutes ?? 0,
    });
  }

  const lockedVehicles = new Set(input.locked.map((locked) => locked.vehicleId));
  const fleet = largestFirst(input.vehicles.filter((vehicle) => !lockedVehicles.has(vehicle.id)));
  const free = [...groupsById.values()].filter((group) => !placed.has(group.id));
  const merge = {
    largestSeats: Math.max(input.settings.fallbackSeats, fleet[0]?.seats ?? 0),
    // A merge may not leave more runs without a vehicle of the fleet than before.
    allowed: (before: readonly number[], after: readonly number[]) =>
      fleetShortfall(after, fleet, input.settings.fallbackSeats) <= fleetShortfall(before, fleet, input.settings.fallbackSeats),
  };
  const pooled = bestOf(sweepStarts(sweepOrder(input.points, free)), (ordered) =>
    buildRuns(ctx, ordered, capacityQueue(fleet, input.settings.fallbackSeats), merge),
  );
  const drive = (candidate: readonly BuiltRun[]) =>
    driveRuns(
      candidate.map((run) => ({
        seats: run.seats,
        durationSeconds: run.durationSeconds,
        firstPoint: run.stops[0]!.point,
        lastPoint: run.stops[run.stops.length - 1]!.point,
        needs: needsOf(run.stops.flatMap((stop) => stop.groups)),
      })),
      fleet,
      {
        leg: input.leg,
        usualMs:
          input.leg === LEG.outbound
            ? input.anchor.getTime() - input.settings.arrivalMarginMinutes * 60_000
            : input.anchor.getTime() + input.settings.departureMarginMinutes * 60_000,
        seconds: input.seconds,
        dwellSeconds,
        waveWaitSeconds: input.settings.waveWaitMinutes * 60,
        maxShiftSeconds: input.settings.maxShiftMinutes * 60,
      },
    );
  let built = shorterDrives(ctx, pooled, fleet, input);
  let driven = drive(built);
  if (!canRun(built, driven)) {
    // A run without a vehicle of the fleet, or a group in one lacking its needs: on a small day, a plan where every
    // run has a vehicle is looked for exactly (runnable.ts), then its drives shortened like any other plan's.
    const rescued = runnableRuns(ctx, free, fleet);
    if (rescued !== null) {
      const exact = rescued.map((run) => builtRun(ctx, run.stops, run.vehicle.seats));
      for (const candidate of [shorterDrives(ctx, exact, fleet, input), exact]) {
        const candidateDriven = drive(candidate);
        if (!canRun(candidate, candidateDriven)) continue;
        built = candidate;
        driven = candidateDriven;
        break;
      }
    }
  }
  built.forEach((run, index) => runs.push(plannedRun(input, run, driven[index]!)));

  return { runs, notes: planNotes(runs, groupsById, vehiclesById, limitSeconds, maxRideSeconds) };
}

/**
 * The sweep begun at several places and turned both ways, on small days: where the sweep starts decides which
 * groups share a run, and a few more tries find a plan with a vehicle fewer that one start misses. Big days (where
 * the tries would cost seconds) keep the one sweep that starts after the widest empty sector.
 */
function sweepStarts(ordered: readonly PickupGroup[]): PickupGroup[][] {
  const tries = Math.min(ordered.length, Math.floor(SWEEP_TRY_BUDGET / Math.max(1, ordered.length)));
  if (tries <= 1) return [[...ordered]];
  const starts: PickupGroup[][] = [];
  for (let t = 0; t < tries; t++) {
    const at = Math.floor((t * ordered.length) / tries);
    const rotated = [...ordered.slice(at), ...ordered.slice(0, at)];
    starts.push(rotated, [...rotated].reverse());
  }
  return starts;
}

/** Groups × tries the sweep may spend: 600 is 20 tries for 30 groups, one try from 300 groups up. */
const SWEEP_TRY_BUDGET = 600;

/**
 * The pooled runs searched for shorter drives (shorten-drives.ts). Each run is bound to a vehicle of the fleet as
 * vehicles are handed out (runs with needs first, to a vehicle carrying them; then any vehicle with the seats),
 * or to a "vehicle needed" van; the search never fills a run past that vehicle's seats nor gives a group a
 * vehicle lacking its needs, so every run it answers still has a vehicle. Vehicles no run has stand by empty, for
 * a group with needs that only they carry.
 */
function shorterDrives(ctx: RouteContext, pooled: BuiltRun[], fleet: readonly PlanVehicle[], input: PlanInput): BuiltRun[] {
  const groups = pooled.reduce((sum, run) => sum + run.stops.reduce((count, stop) => count + stop.groups.length, 0), 0);
  const milliseconds = input.settings.searchMilliseconds ?? Math.min(2000, Math.max(200, 10 * groups));
  if (groups < 2) return pooled;
  // A run with a need no vehicle of the fleet carries stays as pooled: it is "vehicle needed" whatever it holds.
  const carried = (run: BuiltRun) => fleet.some((vehicle) => carriesAll(vehicle.carries, needsOf(run.stops.flatMap((stop) => stop.groups))));
  const kept = pooled.filter((run) => !carried(run));
  const runs = pooled.filter(carried);
  const needs = runs.map((run) => needsOf(run.stops.flatMap((stop) => stop.groups)));
  const seats = runs.map((run) => run.seats);
  const bound = assignVehicles(seats, fleet, (vehicle, index) => carriesAll(vehicle.carries, needs[index]!), needs);
  const spare = fleet.filter((vehicle) => !bound.includes(vehicle));
  const unbound = runs.map((_, index) => index).filter((index) => bound[index] === null);
  assignVehicles(unbound.map((index) => seats[index]!), spare).forEach((vehicle, k) => {
    bound[unbound[k]!] = vehicle;
  });
  const slots: SearchRun[] = runs.map((run, index) => ({
    stops: run.stops.map((stop) => ({ point: stop.point, groups: stop.groups })),
    capacity: bound[index]?.seats ?? Math.max(input.settings.fallbackSeats, run.seats),
    carries: bound[index]?.carries ?? [],
  }));
  for (const vehicle of fleet) if (!bound.includes(vehicle)) slots.push({ stops: [], capacity: vehicle.seats, carries: vehicle.carries ?? [] });
  const searched = shortenDrives(ctx, slots, {
    // Without time for the search, groups with needs still move to a vehicle carrying them.
    rounds: milliseconds <= 0 ? 0 : (input.settings.searchRounds ?? Math.min(100_000, ROUNDS_PER_GROUP * groups)),
    milliseconds,
    seed: input.settings.searchSeed ?? 1,
    shouldStop: input.shouldStop,
  });
  const answered = searched.map((run) => {
    const route = run.stops.map((stop) => ({ point: stop.point, seats: stop.groups.reduce((sum, group) => sum + group.seats, 0) }));
    const score = scoreRoute(ctx, route);
    return { stops: run.stops, seats: route.reduce((sum, stop) => sum + stop.seats, 0), capacity: run.capacity, durationSeconds: score.duration };
  });
  return [...answered, ...kept];
}

/** Whether every run has a vehicle of the fleet with its seats and carrying its groups' needs. */
function canRun(built: readonly BuiltRun[], driven: readonly DrivenRun[]): boolean {
  return built.every((run, index) => {
    const vehicle = driven[index]!.vehicle;
    return vehicle !== null && vehicle.seats >= run.seats && carriesAll(vehicle.carries, needsOf(run.stops.flatMap((stop) => stop.groups)));
  });
}

function builtRun(ctx: RouteContext, stops: BuiltRun["stops"], capacity: number): BuiltRun {
  const route = stops.map((stop) => ({ point: stop.point, seats: stop.groups.reduce((sum, group) => sum + group.seats, 0) }));
  return { stops, seats: route.reduce((sum, stop) => sum + stop.seats, 0), capacity, durationSeconds: scoreRoute(ctx, route).duration };
}

/** The plan with the fewest runs, then the least driving; the first such one on ties. */
function bestOf(orders: readonly PickupGroup[][], build: (ordered: PickupGroup[]) => BuiltRun[]): BuiltRun[] {
  let best: { runs: BuiltRun[]; driving: number } | null = null;
  for (const ordered of orders) {
    const runs = build(ordered);
    const driving = runs.reduce((sum, run) => sum + run.durationSeconds, 0);
    if (best === null || runs.length < best.runs.length || (runs.length === best.runs.length && driving < best.driving)) {
      best = { runs, driving };
    }
  }
  return best?.runs ?? [];
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

function plannedRun(input: PlanInput, run: BuiltRun, driven: DrivenRun): PlannedRun {
  const stops = run.stops.map((stop) => ({ point: stop.point, groupIds: stop.groups.map((group) => group.id) }));
  const vehicle = driven.vehicle;
  return {
    vehicleId: vehicle?.id ?? null,
    seats: run.seats,
    capacity: vehicle?.seats ?? Math.max(input.settings.fallbackSeats, run.seats),
    // A vehicle's other wave is moved from the usual time: outbound earlier, return later.
    ...scheduleRun({ ...input, anchor: waveAnchor(input.leg, input.anchor, driven.shiftMinutes), stops }),
    locked: false,
    wave: driven.wave,
    waveMinutes: driven.shiftMinutes,
  };
}

function planNotes(
  runs: readonly PlannedRun[],
  groupsById: ReadonlyMap<string, PickupGroup>,
  vehiclesById: ReadonlyMap<number, PlanVehicle>,
  limitSeconds: readonly number[],
  maxRideSeconds: number,
): Plan["notes"] {
  const byCode = new Map<PlanNoteCode, string[]>([
    [PLAN_NOTE_CODE.ride_over_maximum, []],
    [PLAN_NOTE_CODE.vehicle_needed, []],
    [PLAN_NOTE_CODE.needs_unmet, []],
  ]);
  for (const run of runs) {
    const carries = run.vehicleId === null ? null : (vehiclesById.get(run.vehicleId)?.carries ?? []);
    for (const stop of run.stops) {
      for (const id of stop.groupIds) {
        const group = groupsById.get(id)!;
        if (limitSeconds[group.point]! > maxRideSeconds) byCode.get(PLAN_NOTE_CODE.ride_over_maximum)!.push(id);
        if (run.vehicleId === null) byCode.get(PLAN_NOTE_CODE.vehicle_needed)!.push(id);
        // A group with needs in a run no vehicle of the plan carries them in: the plan cannot run as it is.
        if (!carriesAll(carries, group.needs ?? [])) byCode.get(PLAN_NOTE_CODE.needs_unmet)!.push(id);
      }
    }
  }
  return [...byCode].filter(([, groupIds]) => groupIds.length > 0).map(([code, groupIds]) => ({ code, groupIds }));
}
