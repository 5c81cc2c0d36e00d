/**
 * bench:dispatch runs end to end once, small: a smoke check that it still plans both legs of a spread-out day and
 * prints its figures; and with --reference on its first two instances, that it solves each to its proven optimum with
 * HiGHS and prints the ratios, the last line in its fixed form; and with --cvrplib on two CVRPLIB instances (fixtures),
 * that it plans them with k vehicles and prints their lengths against LKH-3's. It reads no database, so it runs once
 * per `npm test`.
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

describe("bench:dispatch, as a smoke check", () => {
  it("bench:dispatch prints each leg's planning time, vehicles against the fewest possible and ride times", async () => {
    const { stdout } = await bench("dispatch", ["--passengers", "200", "--counties", "10"]);
    for (const leg of ["outbound", "return"]) {
      expect(stdout).toMatch(new RegExp(`${leg} \\(\\d+ groups at \\d+ addresses, fleet of \\d+\\)`));
    }
    expect(stdout.match(/seconds to plan +\d+\.\d+ s/g)).toHaveLength(2);
    expect(stdout.match(/vehicles used \/ fewest +\d+ \/ \d+ = \d\.\d{3}/g)).toHaveLength(2);
    expect(stdout.match(/ride minutes +mean \d+\.\d, max \d+\.\d \(limit 90\)/g)).toHaveLength(2);
    expect(stdout.match(/within the maximum ride +\d+\.\d %/g)).toHaveLength(2);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
  }, 240_000);
});

describe("bench:dispatch --reference, as a smoke check", () => {
  it("prints the planner's vehicles and vehicle-minutes against the proven optimum, per instance and in total", async () => {
    const { stdout } = await bench("dispatch", ["--reference", "--instances", "2", "--days", "4"]);
    expect(stdout).toMatch(/city-10-outbound +10 +\d+\/\d+ = \d\.\d\d +\d+\/\d+ = \d\.\d\d/);
    expect(stdout).toMatch(/city-10-return +10 +\d+\/\d+ = \d\.\d\d/);
    expect(stdout).toMatch(/^cannot run: \d+ of \d+ plans whose optimum fits the fleet \(goal 0\)$/m);
    expect(stdout).toMatch(/^wheelchair days: 4 plans \(slowest \d+\.\d\d s\), \d+ cannot run and say so; a plan that can run exists for 0 of them/m);
    const last = stdout.trim().split("\n").at(-1);
    expect(last).toMatch(/^reference: vehicles \d+\.\d\d of optimum, vehicle-minutes \d+\.\d\d of optimum, 2 instances, cannot run 0 \(goal 0\)$/);
  }, 240_000);
});

describe("bench:dispatch --cvrplib, as a smoke check", () => {
  it("plans each CVRPLIB instance with its k vehicles and prints its open length against the reference", async () => {
    const { stdout } = await bench("dispatch", ["--cvrplib", "tests/load/fixtures/cvrplib"]);
    expect(stdout).toMatch(/A-n32-k5 +5\/5 +\d+ +485 +\d\.\d{3} +yes +\d+\.\d\d/);
    expect(stdout).toMatch(/A-n33-k5 +5\/5 +\d+ +425 +\d\.\d{3} +yes +\d+\.\d\d/);
    const last = stdout.trim().split("\n").at(-1);
    expect(last).toMatch(/^cvrplib: 2 instances, mean \d\.\d{3} of reference, max \d\.\d{3}, extra vehicles 0, time p50 \d+\.\d\d s$/);
  }, 240_000);
});
