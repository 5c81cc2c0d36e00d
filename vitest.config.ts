import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "src/**/*.test.tsx", "tests/api/**/*.test.ts", "tests/load/**/*.test.ts", "scripts/**/*.test.ts"],
    // Every JSON answer of the API tests is checked against the contract (tests/helpers/contract-answers.ts).
    setupFiles: ["tests/helpers/contract-answers.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: more workers only queue on the CPU and on PGlite's WASM start-up.
    maxWorkers: 2,
  },
});
