/**
 * Which vehicles runs are planned for. Runs are filled largest vehicle first (fewest vehicles for the people),
 * and once built each run is given the smallest free vehicle it fits in, largest runs first, so that no run is
 * left without a vehicle while one that could carry it stands idle. When the fleet runs out, runs are planned
 * for `fallbackSeats` and marked "vehicle needed".
 */
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
 * For each run (by index), the vehicle it gets or null: runs by seats needed, largest first, each on the
 * smallest free vehicle with enough seats.
 */
export function assignVehicles(runSeats: readonly number[], vehicles: readonly PlanVehicle[]): (PlanVehicle | null)[] {
  const free = [...vehicles].sort((a, b) => a.seats - b.seats || a.id - b.id);
  const order = runSeats.map((_, index) => index).sort((a, b) => runSeats[b]! - runSeats[a]! || a - b);
  const assigned = new Array<PlanVehicle | null>(runSeats.length).fill(null);
  for (const index of order) {
    const fit = free.findIndex((vehicle) => vehicle.seats >= runSeats[index]!);
    if (fit < 0) continue;
    assigned[index] = free[fit]!;
    free.splice(fit, 1);
  }
  return assigned;
}
