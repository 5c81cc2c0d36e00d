/**
 * CPU time of the processes a bench watches, read from /proc (Linux): the shop's processes, and PostgreSQL's backends
 * serving the bench's database (found in pg_stat_activity; the server must run on this machine). Sampled every
 * 100 ms with a timestamp, so a figure can be read for any window of the run (until the last completed purchase,
 * say); a process that ends keeps its last sample, so at most 100 ms of its time is missed.
 */
import { readFileSync } from "node:fs";
import type { Sql } from "postgres";

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux the shop runs on). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds a process has used so far, or undefined once it is gone. */
export function cpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces, inside parentheses): state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

interface Sample {
  at: number;
  /** CPU ms per pid. */
  cpu: Map<number, number>;
}

/** Samples the CPU time of a changing set of processes (`pids()` asked again each time). */
export class CpuSampler {
  readonly #samples: Sample[] = [];
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> = Promise.resolve();

  constructor(private readonly pids: () => Promise<number[]> | number[]) {
    this.#timer = setInterval(() => {
      this.#running = this.#running.then(() => this.sample());
    }, 100);
  }

  async sample(): Promise<void> {
    const cpu = new Map(this.#samples.at(-1)?.cpu ?? []);
    for (const pid of await this.pids()) {
      const used = cpuMs(pid);
      if (used !== undefined) cpu.set(pid, used);
    }
    this.#samples.push({ at: performance.now(), cpu });
  }

  /** The last sample at or before `at` (performance.now() time), or the first one. */
  #sampleAt(at: number): Sample | undefined {
    let found = this.#samples[0];
    for (const sample of this.#samples) if (sample.at <= at) found = sample;
    return found;
  }

  /**
   * CPU ms used between two moments by the processes sampled. `countNew`: a process first seen after `from` counts
   * from zero (a backend opened during the window); otherwise it is left out.
   */
  usedBetween(from: number, to: number, countNew = true): number {
    const start = this.#sampleAt(from);
    const end = this.#sampleAt(to);
    if (!start || !end) return 0;
    let total = 0;
    for (const [pid, used] of end.cpu) {
      const before = start.cpu.get(pid);
      if (before !== undefined) total += used - before;
      else if (countNew) total += used;
    }
    return total;
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#running;
    await this.sample();
  }
}

/** The PostgreSQL backends connected to `database` (by application name too, when given), this session's left out. */
export function backendPids(sql: Sql, database: string, application?: string): () => Promise<number[]> {
  return async () => {
    const rows = application
      ? await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and application_name = ${application} and pid <> pg_backend_pid()`
      : await sql<{ pid: number }[]>`select pid from pg_stat_activity where datname = ${database} and pid <> pg_backend_pid()`;
    return rows.map((row) => Number(row.pid));
  };
}
