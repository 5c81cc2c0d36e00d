/**
 * CVRPLIB instances (TSPLIB format: NODE_COORD_SECTION in plane units, DEMAND_SECTION, CAPACITY, the depot the
 * first node) read as the planner's outbound leg: each customer a pick-up group whose seats are its demand, the
 * depot the venue, k vehicles of CAPACITY seats (the `-kN` of the name), no ride limit, no dwell. A run starts at
 * its first pick-up and ends at the venue, so its length is an open route's. Driving between two nodes takes their
 * TSPLIB EUC_2D length (the nearest integer of the Euclidean distance) in minutes, so the planner's van-minutes are
 * the instance's length; points are placed at 0.001° of latitude and longitude per plane unit for the sweep.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_PLAN_SETTINGS } from "../../../src/server/services/dispatch/planner";
import type { LatLon, PickupGroup, PlanInput } from "../../../src/server/services/dispatch/planner/types";
import { LEG } from "../../../src/shared/domain/legs";

export interface CvrpInstance {
  name: string;
  vehicles: number;
  input: PlanInput;
  /** Plane coordinates of node i (0: the depot). */
  coords: [number, number][];
}

/** TSPLIB EUC_2D: the nearest integer of the Euclidean distance. */
export function euc2d(a: readonly [number, number], b: readonly [number, number]): number {
  return Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]));
}

export function readCvrplib(dir: string): CvrpInstance[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith(".vrp"))
    .sort()
    .map((file) => parse(file.replace(/\.vrp$/, ""), readFileSync(join(dir, file), "utf8")));
}

/** Reference lengths beside the instances (`*.tsv`: name, vehicles, length; `#` lines are comments), by name. */
export function readReference(dir: string): Map<string, number> {
  const lengths = new Map<string, number>();
  for (const file of readdirSync(dir).filter((one) => one.endsWith(".tsv"))) {
    for (const line of readFileSync(join(dir, file), "utf8").split("\n")) {
      if (line.startsWith("#") || line.trim() === "") continue;
      const [name, , length] = line.split("\t");
      if (name && Number.isFinite(Number(length))) lengths.set(name.trim(), Number(length));
    }
  }
  return lengths;
}

function parse(name: string, text: string): CvrpInstance {
  const lines = text.split("\n").map((line) => line.trim());
  const header = (key: string) => lines.find((line) => line.startsWith(key))?.split(":")[1]?.trim();
  const dimension = Number(header("DIMENSION"));
  const capacity = Number(header("CAPACITY"));
  const vehicles = Number(/-k(\d+)/.exec(name)?.[1] ?? header("VEHICLES"));
  if (!(dimension > 1 && capacity > 0 && vehicles > 0)) throw new Error(`${name}: DIMENSION, CAPACITY or -kN missing`);
  const section = (title: string) => {
    const start = lines.findIndex((line) => line.startsWith(title));
    return lines.slice(start + 1, start + 1 + dimension).map((line) => line.split(/\s+/).map(Number));
  };
  const coords = section("NODE_COORD_SECTION").map(([, x, y]) => [x!, y!] as [number, number]);
  const demands = section("DEMAND_SECTION").map(([, demand]) => demand!);
  const points: LatLon[] = coords.map(([x, y]) => ({ lat: y * 0.001, lon: x * 0.001 }));
  const seconds = coords.map((a) => coords.map((b) => euc2d(a, b) * 60));
  const groups: PickupGroup[] = [];
  let passenger = 1;
  for (let node = 1; node < dimension; node++) {
    const seats = demands[node]!;
    groups.push({ id: `c${node}`, passengerIds: Array.from({ length: seats }, () => passenger++), seats, point: node });
  }
  return {
    name,
    vehicles,
    coords,
    input: {
      leg: LEG.outbound,
      anchor: new Date("2026-12-05T19:00:00Z"),
      points,
      seconds,
      groups,
      vehicles: Array.from({ length: vehicles }, (_, index) => ({ id: index + 1, seats: capacity })),
      locked: [],
      // No ride limit (a day is longer than any route here), no dwell, no second waves.
      settings: { ...DEFAULT_PLAN_SETTINGS, maxRideMinutes: 1_000_000, dwellMinutes: 0, fallbackSeats: capacity, waveWaitMinutes: 0 },
    },
  };
}
