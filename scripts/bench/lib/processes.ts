/** What the benchmarks read of the processes they start. */
import { readFileSync } from "node:fs";

/** A field of /proc/<pid>/status in MB (VmHWM: peak resident memory, VmRSS: now), 0 when the process is gone. */
export function residentMb(pid: number, field: "VmHWM" | "VmRSS"): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** A process and its children (a cluster's workers). */
export function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    children = [];
  }
  return [pid, ...children];
}

/** Peak resident memory (VmHWM) of a process and of each of its children, in MB. */
export function peakRss(pid: number): { pid: number; mb: number }[] {
  return processTree(pid).map((id) => ({ pid: id, mb: residentMb(id, "VmHWM") }));
}

let portsGiven = 0;

/**
 * A port for a bench's server: BENCH_PORT and the ports after it when given, the next one for each further server a
 * bench starts (a shared machine where each user keeps to their own ports; bench:reads starts two), else one below
 * Linux's ephemeral range (32768 and up), where outgoing connections take their local ports.
 */
export function freePort(): number {
  if (process.env.BENCH_PORT) return Number(process.env.BENCH_PORT) + portsGiven++;
  return 21_000 + Math.floor(Math.random() * 11_000);
}

/** CPU time (user + system) used so far by these processes, in seconds (/proc/<pid>/stat, 100 ticks a second). */
export function cpuSeconds(pids: number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      // The fields after the command name (which may hold spaces), from its closing parenthesis: utime is the 12th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone
    }
  }
  return ticks / 100;
}
