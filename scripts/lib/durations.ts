/** How `npm test` (scripts/test.ts) prints its stage times and CPU figures. */

/**
 * A duration as minutes and seconds, to the nearest second: 119.6 s is "2 min 00 s", never "1 min 60 s". The whole
 * seconds are rounded first, then split; rounding the remainder of the minute alone carries nothing into the minutes.
 */
export function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, "0")} s`;
}

/** CPU-seconds, to the nearest second, with thousands separated: "1,348 s". */
export function formatCpu(seconds: number): string {
  return `${Math.round(seconds).toLocaleString("en")} s`;
}
