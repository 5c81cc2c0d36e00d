import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { EventLoopUtilization } from "node:perf_hooks";
import { QUIET_SECONDS, whenQuiet } from "./quiet";

/** A loop whose busy share per look is read from `shares` (the last one repeated). */
function loop(shares: number[]) {
  let look = 0;
  return (previous?: EventLoopUtilization): EventLoopUtilization => {
    if (!previous) return { idle: 0, active: 0, utilization: 0 };
    const share = shares[Math.min(look, shares.length - 1)]!;
    look += 1;
    return { idle: 1 - share, active: share, utilization: share };
  };
}

describe("whenQuiet", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("waits while the shop is busy and starts after three quiet seconds in a row", () => {
    const work = vi.fn();
    whenQuiet(work, { utilisation: loop([0.9, 0.9, 0.1, 0.1, 0.8, 0.1, 0.1, 0.1]) });
    vi.advanceTimersByTime(7_000);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("an idle shop starts within a few seconds", () => {
    const work = vi.fn();
    whenQuiet(work, { utilisation: loop([0]) });
    vi.advanceTimersByTime(QUIET_SECONDS * 1_000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it("a shop busy for good still starts after the longest wait, and a cancelled wait never starts", () => {
    const busy = vi.fn();
    whenQuiet(busy, { utilisation: loop([1]), maxWaitMs: 60_000 });
    vi.advanceTimersByTime(59_000);
    expect(busy).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(busy).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = whenQuiet(cancelled, { utilisation: loop([0]) });
    cancel();
    vi.advanceTimersByTime(10_000);
    expect(cancelled).not.toHaveBeenCalled();
  });
});
