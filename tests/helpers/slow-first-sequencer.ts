/**
 * The order of the test files: vitest's own (a project at a time; files it has timed before by their time, others by
 * size), except that the files known to run longest go first. A clean clone has no timings, so vitest
 * would order by size, and these files are small: started last, one of them would run alone on one core while the
 * other core, its own files done, waits.
 */
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Longest first, as measured on a 2-core machine (docs/performance.md, "The CI run's time"), each project's in turn:
 * the benchmarks', the engine-independent files (clean-stop, api-fuzz and the contract's checks, unlisted, started
 * by size half-way through their stage and took two minutes or more), then the API suite's (most of them wait on
 * processes they start: hosts, crashes, restarts).
 */
const SLOW = [
  "tests/load/bench-hosts.test.ts",
  "tests/load/bench-reads.test.ts",
  "tests/load/bench-tracking.test.ts",
  "tests/load/bench-static.test.ts",
  "tests/load/bench-purchase.test.ts",
  "tests/api/package-scripts.test.ts",
  "tests/api/clean-stop.test.ts",
  "tests/api/production-refusal.test.ts",
  "tests/api/api-fuzz.test.ts",
  "tests/api/openapi-lint.test.ts",
  "tests/api/contract-properties.test.ts",
  "tests/api/site-html-valid.test.ts",
  "tests/load/several-hosts.test.ts",
  "tests/load/crash-side-effects.test.ts",
  "tests/api/backup-restore.test.ts",
  "tests/load/two-processes.test.ts",
  "tests/api/account-auth.test.ts",
  "tests/api/database-open.test.ts",
  "tests/api/account-limits.test.ts",
];

export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOW.findIndex((path) => spec.moduleId.endsWith(path));
      return index === -1 ? SLOW.length : index;
    };
    return sorted.map((spec, order) => ({ spec, order, rank: rank(spec) })).sort((a, b) => a.rank - b.rank || a.order - b.order).map(({ spec }) => spec);
  }
}
