/**
 * The proven optimum of a small instance: a set-partitioning model solved by HiGHS (mixed-integer, gap 0). One
 * binary per feasible route (feasible-routes.ts); every stop on exactly one chosen route; routes needing more
 * seats than a given vehicle size no more than the vehicles of the fleet that large (runs beyond the fleet are
 * "vehicle needed" vans of `fallbackSeats`); solved twice: the fewest vehicles, then the fewest vehicle-minutes
 * with that many vehicles.
 */
import highsLoader from "highs";
import { rideLimitSeconds } from "../../../src/server/services/dispatch/planner";
import type { PlanInput } from "../../../src/server/services/dispatch/planner/types";
import { feasibleRoutes } from "./feasible-routes";

export interface Optimum {
  vehicles: number;
  vehicleMinutes: number;
  routes: number;
  seconds: number;
}

type Highs = Awaited<ReturnType<typeof highsLoader>>;
let solver: Promise<Highs> | null = null;

export async function optimumOf(input: PlanInput): Promise<Optimum> {
  const started = performance.now();
  const dwellSeconds = input.settings.dwellMinutes * 60;
  const fleetSeats = input.vehicles.map((vehicle) => vehicle.seats);
  const maxSeats = Math.max(input.settings.fallbackSeats, ...fleetSeats);
  const routes = feasibleRoutes({
    leg: input.leg,
    seconds: input.seconds,
    points: input.groups.map((group) => group.point),
    seats: input.groups.map((group) => group.seats),
    limitSeconds: rideLimitSeconds(input.leg, input.seconds, dwellSeconds, input.settings.maxRideMinutes * 60),
    dwellSeconds,
    maxSeats,
  });
  const minutes = routes.map((route) => Math.round(route.durationSeconds / 6) / 10);
  const names = routes.map((_, r) => `r${r}`);
  const rows: string[] = [];
  input.groups.forEach((_, k) => {
    const terms = names.filter((_, r) => routes[r]!.mask & (1 << k));
    rows.push(` s${k}: ${chunk(terms)} = 1`);
  });
  // Larger vehicles are few: routes above each size the fallback van cannot take are capped by the fleet.
  const sizes = [...new Set(fleetSeats)].filter((seats) => seats >= input.settings.fallbackSeats).sort((a, b) => a - b);
  for (const size of sizes) {
    const larger = fleetSeats.filter((seats) => seats > size).length;
    const terms = names.filter((_, r) => routes[r]!.seats > size);
    if (terms.length > 0) rows.push(` above${size}: ${chunk(terms)} <= ${larger}`);
  }

  solver ??= highsLoader();
  const highs = await solver;
  // Two solves, each to a proven optimum: the fewest vehicles, then the fewest vehicle-minutes with that many.
  const fewest = solve(highs, names.map(() => 1), names, rows);
  const count = Math.round(fewest.reduce((sum, value) => sum + value, 0));
  const chosen = solve(highs, minutes, names, [...rows, ` count: ${chunk(names)} = ${count}`]);
  let vehicles = 0;
  let vehicleMinutes = 0;
  chosen.forEach((value, r) => {
    if (value > 0.5) {
      vehicles++;
      vehicleMinutes += routes[r]!.durationSeconds / 60;
    }
  });
  return { vehicles, vehicleMinutes, routes: routes.length, seconds: (performance.now() - started) / 1000 };
}

/** The chosen value of each column of a binary model minimising `cost` under `rows`. */
function solve(highs: Highs, cost: readonly number[], names: readonly string[], rows: readonly string[]): number[] {
  const lines = ["Minimize", ` obj: ${chunk(names.map((name, r) => `${cost[r]} ${name}`))}`, "Subject To", ...rows, "Binary"];
  for (let r = 0; r < names.length; r += 20) lines.push(` ${names.slice(r, r + 20).join(" ")}`);
  lines.push("End");
  const solution = highs.solve(lines.join("\n"), { mip_rel_gap: 0, mip_abs_gap: 0, output_flag: false });
  if (solution.Status !== "Optimal") throw new Error(`HiGHS: ${solution.Status}`);
  return names.map((name) => {
    const column = solution.Columns[name];
    return column && "Primal" in column ? column.Primal : 0;
  });
}

/** Terms joined with " + ", broken into lines (the LP format's lines stay short). */
function chunk(terms: readonly string[]): string {
  const parts: string[] = [];
  for (let k = 0; k < terms.length; k += 20) parts.push(terms.slice(k, k + 20).join(" + "));
  return parts.join("\n + ");
}
