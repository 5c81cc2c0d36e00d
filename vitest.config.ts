import { defineConfig } from "vitest/config";

/**
 * Engine-independent tests that are slow (builds of the pages, the HTML check, the package scripts, benchmark smoke runs):
 * they run once per `npm test`, whatever database the API suite runs on.
 */
const ONCE = [
  "tests/api/site-html-valid.test.ts",
  "tests/api/live-pages.test.ts",
  "tests/api/package-scripts.test.ts",
  "tests/load/bench-static.test.ts",
];

/**
 * Three projects, so each test runs once per `npm test` (scripts/test.ts): `unit` (beside the code) and `once`
 * (above) run once; `api` (the HTTP and load tests on a fresh database each) runs on the embedded PGlite and again on
 * PostgreSQL when DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    // Every JSON answer of the API tests is checked against the contract (tests/helpers/contract-answers.ts).
    setupFiles: ["tests/helpers/contract-answers.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only queue on the CPU and on PGlite's WASM start-up.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: ["src/**/*.test.ts", "src/**/*.test.tsx", "scripts/**/*.test.ts"] } },
      { extends: true, test: { name: "once", include: ONCE } },
      { extends: true, test: { name: "api", include: ["tests/api/**/*.test.ts", "tests/load/**/*.test.ts"], exclude: ONCE } },
    ],
  },
});
