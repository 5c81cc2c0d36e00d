/**
 * Runs one `npm run bench:*` script as a smoke check does: its own Node process with the shop's TypeScript loader,
 * colours off, and the caller's environment on top of the test's. Answers what it printed; a bench that exits
 * with an error (or outlives `timeoutMs`) rejects, and whatever it started goes with it (`runToEnd`).
 */
import { resolve } from "node:path";
import { runToEnd } from "./processes";

const root = resolve(import.meta.dirname, "../..");

export function runBench(script: string, args: string[], env: Record<string, string | undefined> = {}, timeoutMs = 240_000) {
  return runToEnd(process.execPath, ["--import", "tsx", `scripts/bench/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, NO_COLOR: "1", ...env },
    timeoutMs,
  });
}
