/**
 * bench:dispatch --reference runs end to end once on its first two instances: a smoke check that it still plans
 * them, solves each to its proven optimum with HiGHS and prints the ratios, the last line in its fixed form. It
 * reads no database, so it runs once per `npm test`.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");

describe("bench:dispatch --reference, as a smoke check", () => {
  it("prints the planner's vehicles and vehicle-minutes against the proven optimum, per instance and in total", async () => {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/bench/dispatch.ts", "--reference", "--instances", "2"], {
      cwd: root,
      env: { ...process.env, NO_COLOR: "1" },
      timeout: 240_000,
    });
    expect(stdout).toMatch(/city-10-outbound +10 +\d+\/\d+ = \d\.\d\d +\d+\/\d+ = \d\.\d\d/);
    expect(stdout).toMatch(/city-10-return +10 +\d+\/\d+ = \d\.\d\d/);
    const last = stdout.trim().split("\n").at(-1);
    expect(last).toMatch(/^reference: vehicles \d+\.\d\d of optimum, vehicle-minutes \d+\.\d\d of optimum, 2 instances$/);
  }, 240_000);
});
