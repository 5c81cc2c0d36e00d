/**
 * How busy the machine was around a measurement. A figure measured while other work held the cores says little
 * about the shop: a benchmark prints the 1-minute load average at its start and end, and claims a goal only when
 * neither passed twice the number of cores.
 */
import { availableParallelism, loadavg } from "node:os";

export const CORES = availableParallelism();

export function loadAverage(): number {
  return loadavg()[0]!;
}

export function describeLoad(moment: "start" | "end", load: number): string {
  return `Load average (1 min) at the ${moment}: ${load.toFixed(1)} on ${CORES} cores`;
}

/** Whether a goal may be claimed: the load stayed within twice the cores. */
export function quietEnough(...loads: number[]): boolean {
  return loads.every((load) => load <= 2 * CORES);
}
