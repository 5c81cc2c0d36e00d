/**
 * bench:reads runs end to end once, for a second per figure: a smoke check that it still starts the shop and the bare
 * Hono app, loads them with wrk and prints every catalogue call's figures beside the bare app's, with the shop's CPU
 * per answer and memory. The figures are not judged here (a shared machine moves them; docs/performance.md holds
 * them). With DATABASE_URL (CI: once, on PostgreSQL) the shop runs as 2 worker processes, the way that needs the most
 * machinery (a primary and its workers); without it, one process on the embedded PGlite.
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

const serverUrl = process.env.DATABASE_URL;

describe("bench:reads, as a smoke check", () => {
  it(`bench:reads prints every catalogue call beside the bare Hono app's, and the shop's memory (${serverUrl ? "PostgreSQL, 2 processes" : "PGlite"})`, async () => {
    const { stdout } = await bench("reads", ["--seconds", "1", "--rounds", "1", "--workers", serverUrl ? "2" : "1"]);
    for (const call of ["GET /api/events?type=1&country-code=CO", "GET /api/events/{id}", "GET /api/events/{id}/product-variant", "GET /api/search?q=bogota"]) {
      expect(stdout).toContain(call);
    }
    // Each call under wrk (a process of its own), the shop as `npm start` runs it, with both servers' CPU per answer.
    expect(stdout.match(/% of bare/g)).toHaveLength(4);
    expect(stdout.match(/CPU per answer: shop \d+ µs, bare \d+ µs/g)).toHaveLength(4);
    expect(stdout).toContain("load outside (wrk -t1, a process of its own)");
    expect(stdout).toMatch(/the shop as `npm start` runs it by default: request log at level info .*metrics on/);
    expect(stdout).toMatch(/Load average \(1 min\) at the start: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/shop resident memory: idle \d+ MB/);
    if (serverUrl) expect(stdout).toContain("2 worker processes");
    expect(stdout).not.toMatch(/errors:/);
  }, 240_000);
});
