/**
 * How busy the machine was around a measurement. A figure measured while other work held the cores says little
 * about the shop: a benchmark prints the 1-minute load average at its start and end, and claims a goal only when
 * neither passed twice the number of cores.
 */
import { availableParallelism, loadavg } from "node:os";

export const CORES = availableParallelism();

function loadAverage(): number {
  return loadavg()[0]!;
}

/**
 * The machine's load, printed by every bench at its start and end: it is shared, and figures measured while the load
 * average was above twice the cores say more about the other work than about the shop, so no goal is then called
 * met (the load is also sampled every few seconds in between; its peak counts too).
 */
export class MachineLoad {
  readonly cores = CORES;
  readonly start = loadAverage();
  end = this.start;
  peak = this.start;
  readonly #sampler = setInterval(() => (this.peak = Math.max(this.peak, loadAverage())), 5000).unref();

  constructor(print = true) {
    if (print) console.log(`Load average (1 min) at the start: ${this.start.toFixed(1)} on ${this.cores} cores`);
  }

  /** Prints the load at the end (and the peak); whether goals may be judged (the load stayed at most twice the cores). */
  finish(): boolean {
    clearInterval(this.#sampler);
    this.end = loadAverage();
    this.peak = Math.max(this.peak, this.end);
    console.log(`Load average (1 min) at the end: ${this.end.toFixed(1)} on ${this.cores} cores (peak ${this.peak.toFixed(1)})`);
    const judged = this.judged();
    if (!judged) console.log(`Goals not judged: the load average was over ${2 * this.cores} (twice the cores); run again on a quieter machine.`);
    return judged;
  }

  judged(): boolean {
    return this.peak <= 2 * this.cores;
  }

  /** A figure's verdict: never "goal met" while the load is over twice the cores. */
  verdict(ok: boolean): string {
    if (!this.judged()) return "(goal not judged: load over 2 x cores)";
    return ok ? "(goal met)" : "(goal NOT met)";
  }

  /** The load now, to print beside a figure. */
  static now(): string {
    return `load ${loadAverage().toFixed(1)}`;
  }
}
