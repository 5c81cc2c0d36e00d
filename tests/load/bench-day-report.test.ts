/**
 * bench:day-report runs end to end once, small: a smoke check that it still writes a day of fixes on PostgreSQL and
 * prints the report's time and the shop's memory beside their ceilings and the load. It needs PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

const serverUrl = process.env.DATABASE_URL;

describe("bench:day-report, as a smoke check", () => {
  it.skipIf(!serverUrl)("prints the report of a day of fixes, the list of days and the memory, each beside its ceiling", async () => {
    const { stdout } = await bench("day-report", ["--vehicles", "10", "--hours", "1", "--every", "10"]);
    expect(stdout).toMatch(/10 vans × 1 h × a fix every 10 s: 3,600 fixes written/);
    expect(stdout).toMatch(/report of the day \(10 runs\) +cold \d+ ms, then \d+ and \d+ ms +\(ceiling 2000 ms\)/);
    expect(stdout).toMatch(/list of days +\d+ ms +\(ceiling 2000 ms\)/);
    expect(stdout).toMatch(/shop memory while computing +\+-?\d+\.\d MB rss \(peak \d+ MB; ceiling \+100 MB\)/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
  }, 240_000);
});
