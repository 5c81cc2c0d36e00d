/**
 * "When the process is quiet": background work that can wait (warming the page renderer after a start) begins
 * once this process's event loop has been busy less than QUIET_SHARE of the time for QUIET_SECONDS seconds in a
 * row, measured by Node's event-loop utilisation (the share of time the loop spent running code rather than
 * waiting). A shop answering a crowd is busy most of the time and the work waits for the crowd to pass; an idle
 * shop starts it within a few seconds. It never waits longer than MAX_WAIT_MS: a shop busy for good still warms.
 */
import { performance, type EventLoopUtilization } from "node:perf_hooks";

export const QUIET_SHARE = 0.2;
export const QUIET_SECONDS = 3;
export const MAX_WAIT_MS = 10 * 60_000;

export interface QuietOptions {
  /** The loop's utilisation since `previous` (Node's by default; tests give their own). */
  utilisation?: (previous?: EventLoopUtilization) => EventLoopUtilization;
  /** Milliseconds between looks (1,000 by default). */
  everyMs?: number;
  maxWaitMs?: number;
}

/** Calls `work` once, when the process has been quiet (or after the longest wait); the answer cancels the wait. */
export function whenQuiet(work: () => void, options: QuietOptions = {}): () => void {
  const utilisation = options.utilisation ?? ((previous) => performance.eventLoopUtilization(previous));
  const everyMs = options.everyMs ?? 1_000;
  const deadline = Date.now() + (options.maxWaitMs ?? MAX_WAIT_MS);
  let last = utilisation();
  let quietLooks = 0;
  const timer = setInterval(() => {
    const now = utilisation();
    const share = utilisation(last).utilization;
    last = now;
    quietLooks = share < QUIET_SHARE ? quietLooks + 1 : 0;
    if (quietLooks >= QUIET_SECONDS || Date.now() >= deadline) {
      clearInterval(timer);
      work();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
