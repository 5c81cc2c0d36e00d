/**
 * The database benchmarks run end to end once, for a second per figure: a smoke check that each still starts its
 * servers, loads them and prints its figures beside the ceiling measured in the same run. The figures themselves
 * are not judged here (a shared machine moves them; docs/performance.md holds them), only that they are printed,
 * and that the purchase and rush benches find nothing oversold or lost (and bench:tracking no position lost). Those two need PostgreSQL (and pgbench for the ceiling);
 * bench:static, which reads no database, is in bench-static.test.ts.
 */
import { execFile } from "node:child_process";
import { resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = resolve(import.meta.dirname, "../..");
const serverUrl = process.env.DATABASE_URL;

function bench(script: string, args: string[], env: Record<string, string | undefined> = {}) {
  return run(process.execPath, ["--import", "tsx", `scripts/bench/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeout: 240_000,
    maxBuffer: 4 * 1024 * 1024,
  });
}

describe("benchmarks, as a smoke check", () => {
  it(`bench:reads prints every catalogue call beside the bare Hono app's, and the shop's memory (${serverUrl ? "PostgreSQL, 1 and 2 processes" : "PGlite"})`, async () => {
    const { stdout } = await bench("reads", ["--seconds", "1", "--rounds", "1", "--workers", serverUrl ? "1,2" : "1"]);
    for (const call of ["GET /api/events?type=1&country-code=CO", "GET /api/events/{id}", "GET /api/events/{id}/product-variant", "GET /api/search?q=bogota"]) {
      expect(stdout).toContain(call);
    }
    // Each call under wrk (a process of its own), the shop as `npm start` runs it, with both servers' CPU per answer.
    expect(stdout.match(/% of bare/g)).toHaveLength(serverUrl ? 8 : 4);
    expect(stdout.match(/CPU per answer: shop \d+ µs, bare \d+ µs/g)).toHaveLength(serverUrl ? 8 : 4);
    expect(stdout).toContain("load outside (wrk -t1, a process of its own)");
    expect(stdout).toMatch(/the shop as `npm start` runs it by default: request log at level info .*metrics on/);
    expect(stdout).toMatch(/Load average \(1 min\) at the start: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/shop resident memory: idle \d+ MB/);
    if (serverUrl) expect(stdout).toContain("2 worker processes");
    expect(stdout).not.toMatch(/errors:/);
  }, 240_000);

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

  it(`bench:tracking prints position-to-page latency, positions/s, CPU and memory beside the bare relay's, and its last line (${serverUrl ? "PostgreSQL" : "PGlite"})`, async () => {
    const { stdout } = await bench("tracking", ["--vans", "4", "--pages", "40", "--seconds", "6", ...(serverUrl ? ["--postgres"] : [])]);
    expect(stdout).toMatch(serverUrl ? /^The shop on PostgreSQL \(throw-away database bench_tracking_\w+; CPU counts its backends/m : /^The shop on the embedded PGlite/m);
    for (const server of ["shop", "bare relay"]) {
      expect(stdout).toMatch(new RegExp(`  ${server} +p50 +\\d+\\.\\d{3} s \\| p99 +\\d+\\.\\d{3} s \\| +\\d+\\.\\d positions/s \\| +\\d+ deliveries/s \\| CPU +\\d+\\.\\d{2} ms/position \\| RSS \\d+ MB idle, \\d+ MB peak`));
    }
    expect(stdout).toMatch(/Load average \(1 min\) at the start: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    // Every position reached every page: none refused, none lost.
    expect(stdout).not.toMatch(/not delivered/);
    expect(stdout.trim().split("\n").at(-1)).toMatch(/^tracking: vans 4, pages 40, p99 \d+\.\d{3} s, \d+\.\d{2} of bare, RSS \d+ MB$/);
  }, 240_000);

  it.skipIf(!serverUrl)("bench:purchase prints orders/s beside pgbench's ceiling, with nothing oversold or lost", async () => {
    const { stdout } = await bench("purchase", [], { BENCH_BUYERS: "20", BENCH_ROUNDS: "2", BENCH_PGBENCH_SECONDS: "1" });
    expect(stdout).toMatch(/Ceiling \(pgbench .*\): \d+ transactions\/s/);
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
