/**
 * Which vehicles runs are planned for. Runs are filled largest vehicle first (fewest vehicles for the people),
 * and once built each run is given the smallest free vehicle it fits in, largest runs first, so that no run is
 * left without a vehicle while one that could carry it stands idle. When the fleet runs out, runs are planned
 * for `fallbackSeats` and marked "vehicle needed".
 */
import type { Need } from "../../../../shared/domain/needs";
import type { PlanVehicle } from "./types";

/** Vehicles largest first; equal seats by id, so the same fleet is always used in the same order. */
export function largestFirst(vehicles: readonly PlanVehicle[]): PlanVehicle[] {
  return [...vehicles].sort((a, b) => b.seats - a.seats || a.id - b.id);
}

/**
 * The fewest vehicles that could carry `passengers` (the largest ones, then `fallbackSeats`-seat ones once the
 * fleet has run out): no plan can use fewer.
 */
export function vehicleLowerBound(passengers: number, vehicles: readonly PlanVehicle[], fallbackSeats: number): number {
  let left = passengers;
  let count = 0;
  for (const vehicle of largestFirst(vehicles)) {
    if (left <= 0) break;
    if (vehicle.seats <= 0) continue;
    left -= vehicle.seats;
    count++;
  }
  if (left > 0) count += Math.ceil(left / Math.max(1, fallbackSeats));
  return count;
}

/**
 * For each run (by index), the vehicle it gets or null. Runs whose passengers need something on board (`needs`,
 * by run) choose first, as only the vehicles carrying it can take them; then runs by seats needed, largest
 * first. Each takes the smallest free vehicle with enough seats that `allowed` lets it have, and of vehicles
 * equally large the one carrying least: a wheelchair van is not spent on a run that needs none while a plain
 * van is free.
 */
export function assignVehicles(
  runSeats: readonly number[],
  vehicles: readonly PlanVehicle[],
  allowed: (vehicle: PlanVehicle, run: number) => boolean = () => true,
  needs: readonly (readonly Need[] | undefined)[] = [],
): (PlanVehicle | null)[] {
  const free = byFit(vehicles);
  const needy = (run: number) => ((needs[run]?.length ?? 0) > 0 ? 0 : 1);
  const order = runSeats.map((_, index) => index).sort((a, b) => needy(a) - needy(b) || runSeats[b]! - runSeats[a]! || a - b);
  const assigned = new Array<PlanVehicle | null>(runSeats.length).fill(null);
  for (const index of order) {
    const fit = free.findIndex((vehicle) => vehicle.seats >= runSeats[index]! && allowed(vehicle, index));
    if (fit < 0) continue;
    assigned[index] = free[fit]!;
    free.splice(fit, 1);
  }
  return assigned;
}

/** Vehicles smallest first; equal seats, the one carrying fewest needs first, then by id. */
export function byFit(vehicles: readonly PlanVehicle[]): PlanVehicle[] {
  return [...vehicles].sort((a, b) => a.seats - b.seats || (a.carries?.length ?? 0) - (b.carries?.length ?? 0) || a.id - b.id);
}

/**
 * How many runs (by seats) the vehicles cannot carry at once, or Infinity when one of those needs more seats than
 * a "vehicle needed" run has (`fallbackSeats`): runs largest first, each on the largest vehicle left, which is the
 * most runs any assignment carries when a run fits every vehicle at least as large as one it fits. Runs larger
 * than every vehicle and than `fallbackSeats` (a group that never splits) are not counted.
 */
export function fleetShortfall(runSeats: readonly number[], vehicles: readonly PlanVehicle[], fallbackSeats: number): number {
  const capacities = vehicles.map((vehicle) => vehicle.seats).sort((a, b) => b - a);
  const largest = Math.max(capacities[0] ?? 0, fallbackSeats);
  const seats = runSeats.filter((value) => value <= largest).sort((a, b) => b - a);
  let shortfall = 0;
  let next = 0;
  for (const value of seats) {
    if (next < capacities.length && capacities[next]! >= value) next++;
    else if (value > fallbackSeats) return Infinity;
    else shortfall++;
  }
  return shortfall;
}
