/**
 * bench:tracking runs end to end once, small and quick (4 vans posting every second, 40 pages, a 3 s window): a
 * smoke check that it still starts the shop and the bare relay, drives the vans and the pages, prints the figures of
 * both (the shop's CPU per position beside its ceiling) and loses no position. The figures are not judged here (docs/performance.md holds them).
 */
import { describe, expect, it } from "vitest";
import { runBench as bench } from "../helpers/run-bench";

const serverUrl = process.env.DATABASE_URL;

describe("bench:tracking, as a smoke check", () => {
  it(`bench:tracking prints position-to-page latency, positions/s, CPU and memory beside the bare relay's, and its last line (${serverUrl ? "PostgreSQL" : "PGlite"})`, async () => {
    const { stdout } = await bench("tracking", ["--vehicles", "4", "--pages", "40", "--interval", "1", "--seconds", "3", ...(serverUrl ? ["--postgres"] : [])]);
    expect(stdout).toMatch(serverUrl ? /^The shop on PostgreSQL \(throw-away database bench_tracking_\w+; CPU counts its backends/m : /^The shop on the embedded PGlite/m);
    for (const server of ["shop", "bare relay"]) {
      // On PostgreSQL the shop's CPU per position names its database backends' part.
      const part = server === "shop" && serverUrl ? " \\(PostgreSQL \\d+\\.\\d{2}\\)" : "";
      expect(stdout).toMatch(new RegExp(`  ${server} +p50 +\\d+\\.\\d{3} s \\| p99 +\\d+\\.\\d{3} s \\| +\\d+\\.\\d positions/s \\| +\\d+ deliveries/s \\| CPU +\\d+\\.\\d{2} ms/position${part} \\| RSS \\d+ MB idle, \\d+ MB peak`));
    }
    expect(stdout).toMatch(/Load average \(1 min\) at the start: \d+\.\d on \d+ cores/);
    expect(stdout).toMatch(/Load average \(1 min\) at the end: \d+\.\d on \d+ cores/);
    // Every position reached every page: none refused, none lost.
    expect(stdout).not.toMatch(/not delivered/);
    // The CPU per position beside its ceiling, 3 times the bare relay's of the same run (issue 46 §4).
    expect(stdout).toMatch(/  shop CPU \d+\.\d{2} ms\/position, (\d+\.\d{2}|–) of the bare relay's \(ceiling <= 3 x \d+\.\d{2} = \d+\.\d{2} ms\)/);
    expect(stdout.trim().split("\n").at(-1)).toMatch(/^tracking: vans 4, pages 40, p99 \d+\.\d{3} s, \d+\.\d{2} of bare, RSS \d+ MB, CPU (\d+\.\d{2}|–) of bare \(\d+\.\d load at the end, peak \d+\.\d\)$/);
  }, 240_000);
});
