/**
 * `npm test`'s CPU figures (scripts/lib/cpu-time.ts): a child's CPU counts once it has ended, and the machine's busy
 * time lies within all the time its cores had. Linux only: elsewhere the figures are absent, and so is this test.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { endedChildrenCpu, loadAverage, machineCpu } from "./cpu-time";

describe.skipIf(!existsSync("/proc/self/stat"))("CPU time from /proc", () => {
  it("counts an ended child's CPU, and the machine's busy time within its cores' time", () => {
    const machineBefore = machineCpu()!;
    const before = endedChildrenCpu()!;
    // Half a second of CPU in a child, waited for.
    spawnSync(process.execPath, ["-e", "const end = process.cpuUsage().user + 500_000; while (process.cpuUsage().user < end);"]);
    // At least its half second (other files' children, reaped by this process meanwhile, may add theirs).
    expect(endedChildrenCpu()! - before).toBeGreaterThanOrEqual(0.45);
    const machineAfter = machineCpu()!;
    expect(machineAfter.busy - machineBefore.busy).toBeGreaterThanOrEqual(0.45);
    expect(machineAfter.busy).toBeLessThanOrEqual(machineAfter.all);
    expect(loadAverage()).toBeGreaterThanOrEqual(0);
  });
});
