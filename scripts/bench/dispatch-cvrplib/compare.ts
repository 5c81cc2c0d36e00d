/**
 * `npm run bench:dispatch -- --cvrplib DIR`: the planner on a benchmark nobody here wrote. Plans every CVRPLIB
 * instance of DIR (instances.ts) and prints per instance its runs, the open length of the plan in plane units
 * (each run from its first pick-up to the depot, TSPLIB EUC_2D), its ratio to the reference length when a `.tsv`
 * of them lies beside the instances, whether every group rides in a run within the vehicles' seats, and the
 * seconds to plan; then one line over the set. Goals: mean ≤ 1.03 and max ≤ 1.06 of the reference, no vehicle
 * beyond k.
 */
import { availableParallelism, loadavg } from "node:os";
import { planLeg } from "../../../src/server/services/dispatch/planner";
import type { Plan } from "../../../src/server/services/dispatch/planner/types";
import { euc2d, readCvrplib, readReference, type CvrpInstance } from "./instances";

const GOAL_MEAN = 1.03;
const GOAL_MAX = 1.06;

export function compareWithCvrplib(dir: string, count?: number): void {
  const instances = readCvrplib(dir).slice(0, count);
  const reference = readReference(dir);
  const cores = availableParallelism();
  const loadAtStart = loadavg()[0]!;
  console.log(`Load average (1 min) at the start: ${loadAtStart.toFixed(1)} on ${cores} cores`);
  console.log("instance        runs/k   length   reference   ratio   valid   seconds");
  const ratios: number[] = [];
  const times: number[] = [];
  let extra = 0;
  let invalid = 0;
  for (const instance of instances) {
    const started = performance.now();
    const plan = planLeg(instance.input);
    const seconds = (performance.now() - started) / 1000;
    times.push(seconds);
    const length = openLength(instance, plan);
    const best = reference.get(instance.name);
    const ratio = best === undefined ? undefined : length / best;
    if (ratio !== undefined) ratios.push(ratio);
    extra += Math.max(0, plan.runs.length - instance.vehicles);
    const valid = isValid(instance, plan);
    if (!valid) invalid++;
    console.log(
      `${instance.name.padEnd(14)}  ${`${plan.runs.length}/${instance.vehicles}`.padStart(6)}  ${String(length).padStart(7)}  ` +
        `${(best === undefined ? "-" : String(best)).padStart(10)}  ${(ratio === undefined ? "-" : ratio.toFixed(3)).padStart(6)}  ` +
        `${(valid ? "yes" : "NO").padStart(6)}  ${seconds.toFixed(2).padStart(8)}`,
    );
  }
  const mean = ratios.length === 0 ? NaN : ratios.reduce((sum, one) => sum + one, 0) / ratios.length;
  const max = ratios.length === 0 ? NaN : Math.max(...ratios);
  const p50 = [...times].sort((a, b) => a - b)[Math.floor((times.length - 1) / 2)] ?? 0;
  const loadAtEnd = loadavg()[0]!;
  console.log(`\nLoad average (1 min) at the end: ${loadAtEnd.toFixed(1)} on ${cores} cores`);
  if (ratios.length > 0) {
    const verdict = (ok: boolean) => (ok ? "goal met" : "goal NOT met");
    console.log(
      `mean ${mean.toFixed(3)} (goal <= ${GOAL_MEAN}, ${verdict(mean <= GOAL_MEAN)}), max ${max.toFixed(3)} (goal <= ${GOAL_MAX}, ` +
        `${verdict(max <= GOAL_MAX)}), extra vehicles ${extra} (goal 0, ${verdict(extra === 0)}), invalid plans ${invalid}`,
    );
  }
  console.log(
    `cvrplib: ${instances.length} instances, mean ${mean.toFixed(3)} of reference, max ${max.toFixed(3)}, extra vehicles ${extra}, time p50 ${p50.toFixed(2)} s`,
  );
}

/** Sum over runs of the EUC_2D edges from the first pick-up through every stop to the depot. */
function openLength(instance: CvrpInstance, plan: Plan): number {
  let length = 0;
  for (const run of plan.runs) {
    const nodes = [...run.stops.map((stop) => stop.point), 0];
    for (let k = 0; k + 1 < nodes.length; k++) length += euc2d(instance.coords[nodes[k]!]!, instance.coords[nodes[k + 1]!]!);
  }
  return length;
}

/** Every customer in exactly one run, and no run over the vehicles' capacity. */
function isValid(instance: CvrpInstance, plan: Plan): boolean {
  const seats = new Map(instance.input.groups.map((group) => [group.id, group.seats]));
  const seen = new Set<string>();
  for (const run of plan.runs) {
    let load = 0;
    for (const id of run.stops.flatMap((stop) => stop.groupIds)) {
      if (seen.has(id)) return false;
      seen.add(id);
      load += seats.get(id) ?? 0;
    }
    if (load > instance.input.vehicles[0]!.seats) return false;
  }
  return seen.size === seats.size;
}
