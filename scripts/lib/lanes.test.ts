import { describe, expect, it } from "vitest";
import { failureReport, REPORT_LINES, runLanes, type Lane, type StageRunner } from "./lanes";

/** A runner whose scripts are `name:milliseconds[:status]`: each writes its name, waits, and exits with its status. */
function fakeRunner() {
  const written: string[] = [];
  const events: string[] = [];
  const runner: StageRunner = {
    async runScript(script, _env, write) {
      const [name, wait, status] = script.split(":");
      events.push(`start ${name}`);
      write(Buffer.from(`[${name} says hello]`));
      await new Promise((resolve) => setTimeout(resolve, Number(wait)));
      events.push(`end ${name}`);
      return status === undefined ? 0 : Number(status);
    },
    write: (chunk) => void written.push(chunk.toString()),
  };
  return { runner, written: () => written.join(""), events };
}

describe("runLanes", () => {
  it("runs the lanes at once, each lane's stages in turn, and writes the kept lane's output after the live one's", async () => {
    const { runner, written, events } = fakeRunner();
    const lanes: Lane[] = [
      { name: "tests", live: true, stages: [{ name: "unit", scripts: ["unit:40"] }, { name: "api", scripts: ["api:40"] }] },
      { name: "checks", live: false, stages: [{ name: "lint", scripts: ["lint:10"] }] },
    ];
    const { times, failures } = await runLanes(lanes, runner);
    expect(failures).toEqual([]);
    expect(events.slice(0, 2).sort()).toEqual(["start lint", "start unit"]);
    expect(events.indexOf("start api")).toBeGreaterThan(events.indexOf("end unit"));
    const output = written();
    // The checks lane ended first, but its output comes after the whole tests lane's.
    expect(output.indexOf("[lint says hello]")).toBeGreaterThan(output.indexOf("[api says hello]"));
    expect(output).toContain("== unit (tests lane)");
    expect(times.map(([name]) => name)).toEqual(["lint", "unit", "api"]);
  });

  it("starts a stage after the other lane's stage it waits for has ended", async () => {
    const { runner, events } = fakeRunner();
    const lanes: Lane[] = [
      { name: "tests", live: true, stages: [{ name: "benchmarks", scripts: ["bench:60"] }, { name: "api", scripts: ["api:10"] }] },
      { name: "journeys", live: false, stages: [{ name: "lint", scripts: ["lint:5"] }, { name: "e2e", scripts: ["e2e:5"], after: "benchmarks" }] },
    ];
    await runLanes(lanes, runner);
    expect(events.indexOf("start e2e")).toBeGreaterThan(events.indexOf("end bench"));
  });

  it("stops a lane at its first failure while the other runs to its end, and reports every failure", async () => {
    const { runner, events, written } = fakeRunner();
    const lanes: Lane[] = [
      { name: "tests", live: true, stages: [{ name: "unit", scripts: ["unit:5:1"] }, { name: "api", scripts: ["api:5"] }] },
      {
        name: "checks",
        live: false,
        stages: [
          { name: "lint", scripts: ["types:20:2", "eslint:5"], together: true },
          { name: "e2e", scripts: ["e2e:5"] },
        ],
      },
    ];
    const { failures } = await runLanes(lanes, runner);
    expect(failures).toEqual([
      { stage: "unit", script: "unit:5:1", status: 1, report: "[unit says hello]" },
      { stage: "lint", script: "types:20:2", status: 2, report: "[types says hello]" },
    ]);
    expect(events).not.toContain("start api");
    expect(events).not.toContain("start e2e");
    // Scripts run together both run to their end; each one's output is written whole.
    expect(events).toContain("end eslint");
    expect(written()).toContain("-- npm run types:20:2\n[types says hello]");
    expect(written()).toContain("the tests lane stops here");
  });

  it("does not leave a stage waiting for a stage its lane never reached", async () => {
    const { runner, events } = fakeRunner();
    const lanes: Lane[] = [
      { name: "tests", live: true, stages: [{ name: "unit", scripts: ["unit:5:1"] }, { name: "benchmarks", scripts: ["bench:5"] }] },
      { name: "journeys", live: false, stages: [{ name: "e2e", scripts: ["e2e:5"], after: "benchmarks" }] },
    ];
    const { failures } = await runLanes(lanes, runner);
    expect(events).toContain("end e2e");
    expect(events).not.toContain("start bench");
    expect(failures.map((failure) => failure.stage)).toEqual(["unit"]);
  });

  it("refuses a stage that waits for a stage no lane has", async () => {
    const { runner } = fakeRunner();
    await expect(runLanes([{ name: "tests", live: true, stages: [{ name: "e2e", scripts: ["e2e:1"], after: "nothing" }] }], runner)).rejects.toThrow(/waits for "nothing"/);
  });
});

describe("failureReport", () => {
  const noise = Array.from({ length: 500 }, (_, index) => ` \u001b[32m✓\u001b[39m tests/api/file-${index}.test.ts (3 tests) 120ms`).join("\n");

  it("names vitest's failed tests from its summary's heading, without the terminal's colours", () => {
    const output = `${noise}\n\u001b[31m⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯\u001b[39m\n\n FAIL  tests/api/seat-pools.test.ts > sells the last seat once\nAssertionError: expected 2 to be 1\n${noise}`;
    const report = failureReport(output);
    expect(report.split("\n")[0]).toBe("⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯");
    expect(report).toContain("FAIL  tests/api/seat-pools.test.ts > sells the last seat once");
    expect(report).toContain("AssertionError: expected 2 to be 1");
    expect(report).not.toContain("\u001b");
    expect(report.split("\n")).toHaveLength(REPORT_LINES);
  });

  it("starts at Playwright's first numbered failure", () => {
    const output = `${noise}\n  1) [chromium] › tests/e2e/driver.spec.ts:12:3 › boards a passenger\n\n    Error: expect(locator).toBeVisible() failed\n\n  1 failed\n  177 passed`;
    expect(failureReport(output)).toMatch(/^1\) \[chromium\] › tests\/e2e\/driver\.spec\.ts:12:3 › boards a passenger[\s\S]*1 failed\n {2}177 passed$/);
  });

  it("keeps the last lines of any other script, each line cut short", () => {
    const output = `${noise}\nsrc/server/app.ts(3,1): error TS2322: ${"x".repeat(400)}`;
    const lines = failureReport(output).split("\n");
    expect(lines).toHaveLength(REPORT_LINES);
    expect(lines.at(-1)).toMatch(/^src\/server\/app\.ts\(3,1\): error TS2322: x+…$/);
    expect(lines.at(-1)!.length).toBe(301);
  });
});
