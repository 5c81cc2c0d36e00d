import { defineConfig } from "vitest/config";
import SlowFirstSequencer from "./tests/helpers/slow-first-sequencer";

/**
 * Engine-independent tests: they run once per `npm test`, on the engine DATABASE_URL names if any (PostgreSQL in CI),
 * whatever database the API suite runs on. The slow ones that touch no database (builds of the pages, the HTML check, the
 * package scripts), and those that judge the contract and the protocols rather than the
 * data: the OpenAPI document (lint, coverage, generated requests and malformed ones), the payment SDKs against the
 * simulators, security headers, start-up modes and message wording. Each engine's own behaviour (refusals the
 * database raises, concurrency, crash recovery, backup) stays in the API suite, run on both.
 */
const ONCE = [
  "tests/api/site-html-valid.test.ts",
  "tests/api/live-pages.test.ts",
  "tests/api/package-scripts.test.ts",
  "tests/api/openapi-lint.test.ts",
  "tests/api/openapi-contract.test.ts",
  "tests/api/contract-properties.test.ts",
  "tests/api/api-fuzz.test.ts",
  "tests/api/payment-sdks.test.ts",
  "tests/api/site-security-headers.test.ts",
  "tests/api/shop-modes.test.ts",
  "tests/api/validation-messages.test.ts",
  // Runs on a PostgreSQL cluster of its own, which it stops and starts.
  "tests/api/database-outage.test.ts",
  "tests/api/clean-stop.test.ts",
  // Starts the shop with none of the run's database settings: the same on either pass.
  "tests/api/production-refusal.test.ts",
];

/**
 * The benchmarks' smoke runs, once, on the engine DATABASE_URL names (PostgreSQL, production's engine, in CI), not
 * again on the embedded one: each puts the shop (bench:hosts: two hosts on a PostgreSQL cluster of its own, behind
 * HAProxy; root only) under load for seconds, with load generators made to keep both cores busy. A project of their
 * own, so that `npm test` runs them before the browser journeys start (scripts/test.ts), not beside them.
 */
const BENCHMARKS = ["static", "bucket", "dispatch", "reads", "tracking", "purchase", "mail", "day-report", "hosts"].map((bench) => `tests/load/bench-${bench}.test.ts`);

/**
 * Four projects, so each test runs once per `npm test` (scripts/test.ts): `unit` (beside the code) and `once`
 * (above) and `benchmarks` run once; `api` (the HTTP and load tests on a fresh database each) runs on the embedded
 * PGlite and again on PostgreSQL when DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Drops the PostgreSQL databases the test processes kept for their files (tests/helpers/test-database.ts).
    globalSetup: ["tests/helpers/test-databases-teardown.ts"],
    // Sized for a machine three times slower than a quiet one (a shared CI runner): slow there, still green.
    testTimeout: 90_000,
    hookTimeout: 180_000,
    pool: "forks",
    // The longest files first, so that the two test processes end together (tests/helpers/slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
    // Two cores: more workers only queue on the CPU and on PGlite's WASM start-up.
    maxWorkers: 2,
    // `once` and `api` run their files one after another in each worker without a fresh module graph per file
    // (isolate: false): every file opens its own database and shop, and the shop keeps no state between apps, so
    // a file gains nothing from re-importing the shop's hundreds of modules and PGlite's WebAssembly, which was half
    // of the PGlite pass's time. The unit project keeps isolation: its files mock modules.
    projects: [
      // Worker threads: each isolated file starts in a fresh context of a thread instead of a process of its own (the
      // unit tests change no process-wide state: no chdir, no signals); 45 → 26 s on two cores.
      { extends: true, test: { name: "unit", pool: "threads", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"] } },
      // Every JSON answer of the API tests is checked against the contract (tests/helpers/contract-answers.ts); the
      // unit tests build no app, and loading the contract in each of their isolated files was half of their time.
      { extends: true, test: { name: "once", isolate: false, include: ONCE, setupFiles: ["tests/helpers/contract-answers.ts"] } },
      { extends: true, test: { name: "benchmarks", isolate: false, include: BENCHMARKS } },
      { extends: true, test: { name: "api", isolate: false, include: ["tests/api/**/*.test.ts", "tests/load/**/*.test.ts"], exclude: [...ONCE, ...BENCHMARKS], setupFiles: ["tests/helpers/contract-answers.ts"] } },
    ],
  },
});
