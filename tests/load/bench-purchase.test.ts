/**
 * bench:purchase and bench:rush run end to end once, small: a smoke check that each still starts its servers, buys
 * through the shop's calls and prints its figures beside pgbench's ceiling measured in the same run, with nothing
 * oversold or lost. Both need PostgreSQL (and pgbench); without DATABASE_URL the rush says so and exits 0.
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

const serverUrl = process.env.DATABASE_URL;

describe("bench:purchase and bench:rush, as a smoke check", () => {
  it.skipIf(!serverUrl)("bench:purchase prints orders/s beside pgbench's ceiling, with nothing oversold or lost", async () => {
    const { stdout } = await bench("purchase", [], { BENCH_BUYERS: "20", BENCH_ROUNDS: "2", BENCH_PGBENCH_SECONDS: "1" });
    expect(stdout).toMatch(/Ceiling \(pgbench .*\): \d+ transactions\/s/);
    expect(stdout).toMatch(/20 concurrent buyers x 2 purchases of one ticket by Webpay \(after 5 unmeasured warm-up purchases each\)/);
    expect(stdout).toMatch(/completed orders\/s +\d+/);
    expect(stdout).toMatch(/of the ceiling +\d+ %/);
    expect(stdout).toMatch(/CPU per pgbench transaction: PostgreSQL's backends \d+\.\d+ ms/);
    expect(stdout).toMatch(/CPU per purchase +shop \d+\.\d+ ms \+ PostgreSQL's backends \d+\.\d+ ms/);
    expect(stdout).toMatch(/writes per purchase +\d+\.\d+ transactions, \d+ B of WAL/);
    expect(stdout).toMatch(/gateway starts +\d+ \(\d+\.\d+ per completed purchase/);
    expect(stdout).toMatch(/CPU per completed purchase \d+\.\d+ ms = \d+\.\d x pgbench's/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/oversold +0\n/);
    expect(stdout).toMatch(/lost +0\n/);
  }, 240_000);

  it.skipIf(!serverUrl)("bench:rush prints each buyer's outcome beside pgbench's ceiling and the load, and oversells nothing", async () => {
    const { stdout } = await bench("rush", [], {
      BENCH_RUSH_BUYERS: "60",
      BENCH_RUSH_SEATS: "20",
      BENCH_RUSH_SECONDS: "1",
      BENCH_RUSH_READERS: "1",
      BENCH_PGBENCH_SECONDS: "1",
    });
    expect(stdout).toMatch(/Ceiling \(pgbench .*\): \d+ transactions\/s/);
    expect(stdout).toMatch(/Load average \(1 min\) at the start: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/arrival to answer +p50 \d+ ms \/ p99 \d+ ms/);
    expect(stdout).toMatch(/catalogue reads +\d+, p50 \d+ ms \/ p99 \d+ ms/);
    expect(stdout).toMatch(/seats sold +\d+ of 20/);
    expect(stdout).toMatch(/oversold +0\n/);
    expect(stdout).toMatch(/lost +0 \(/);
  }, 240_000);

  it("bench:rush without PostgreSQL says what it needs and exits 0", async () => {
    const { stdout } = await bench("rush", [], { DATABASE_URL: "" });
    expect(stdout).toMatch(/bench:rush needs PostgreSQL: set DATABASE_URL=/);
  }, 60_000);
});
