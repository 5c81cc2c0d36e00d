/**
 * CPU time as Linux counts it, for `npm test`'s stage times (scripts/test.ts): on a shared 2-core machine a stage's
 * minutes say as much about the others' load as about the stage, its CPU-s do not. A stage's own CPU is what its
 * scripts used with everything they started and waited for (the kernel adds a process's time to its parent's
 * `cutime`/`cstime` when the parent reaps it); the machine's is every core's busy time meanwhile, whoever used it.
 * Answers undefined where /proc cannot be read (not Linux): the times are then printed without CPU.
 */
import { readFileSync } from "node:fs";

/** USER_HZ: /proc counts in hundredths of a second on every Linux architecture Node runs on. */
const TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

/** CPU-s of this process's children that have ended and been reaped, with their own children's (cutime + cstime). */
export function endedChildrenCpu(): number | undefined {
  const stat = read("/proc/self/stat");
  if (!stat) return undefined;
  // After the command's name in parentheses (which may hold spaces): state is field 3, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const cutime = Number(fields[16 - 3]);
  const cstime = Number(fields[17 - 3]);
  return Number.isFinite(cutime) && Number.isFinite(cstime) ? (cutime + cstime) / TICKS_PER_SECOND : undefined;
}

export interface MachineCpu {
  /** CPU-s every core spent on anything but idling and waiting on the disk, since boot. */
  busy: number;
  /** CPU-s every core has had since boot. */
  all: number;
}

export function machineCpu(): MachineCpu | undefined {
  const line = read("/proc/stat")?.split("\n")[0];
  if (!line?.startsWith("cpu ")) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already within user).
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1, 9).map(Number) as number[];
  const busy = user! + nice! + system! + irq! + softirq! + (steal ?? 0);
  return { busy: busy / TICKS_PER_SECOND, all: (busy + idle! + iowait!) / TICKS_PER_SECOND };
}

/** The 1-minute load average, or undefined off Linux. */
export function loadAverage(): number | undefined {
  const value = Number(read("/proc/loadavg")?.split(" ")[0]);
  return Number.isFinite(value) ? value : undefined;
}
