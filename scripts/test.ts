/**
 * `npm test`: every check once, in two lanes at once, and the time of each stage at the end. The API suite runs on the
 * embedded PGlite and, when DATABASE_URL names a PostgreSQL server, again there; the unit tests, the
 * engine-independent ones (building the pages, HTML check, package scripts, the contract's and the protocols' tests:
 * vitest.config.ts `ONCE`), the benchmarks' smoke runs and the browser journeys run once.
 */
import type { ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { startProcess, stopGroup, stopStarted } from "../tests/helpers/processes";
import { endedChildrenCpu, loadAverage, machineCpu, type MachineCpu } from "./lib/cpu-time";
import { formatCpu, formatDuration } from "./lib/durations";
import { runLanes, type Lane } from "./lib/lanes";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm test

Runs two lanes at once, each stopping at its first failure:
  tests: the benchmarks' smoke runs, the unit tests, the API tests on embedded PGlite, then the API tests on
    PostgreSQL when DATABASE_URL is set; their output as it comes.
  checks and journeys: type checks and lint (astro check, ESLint, the folder rule over src's .ts, .tsx and .astro
    files: scripts/check-folders.ts; the three at once), then, once the benchmarks' smoke runs have ended, the browser journeys (Playwright, Debian's Chromium) on
    a shop started with the lane (its output in .tmp/e2e-server.log), then the engine-independent tests (vitest's
    \`once\`); their output once the tests lane has ended.
Prints each stage's time and the whole run's, each with the CPU-s its processes used and the machine's cores were
busy meanwhile (others' load shows there), and the load average at the start and the end; fails if any stage failed.
`);

const serverUrl = process.env.DATABASE_URL;
/** Without DATABASE_URL the API tests open in-memory PGlite databases (tests/helpers/test-database.ts). */
const embedded = { DATABASE_URL: undefined };
/**
 * Two lanes run at once. Each lane alone leaves a core idle for a fifth of its time: the type checks use one core,
 * the API passes wait on the processes they start (hosts, crashes, restarts), the journeys on a van's next position
 * or a page's next answer. Together they keep both cores busy: on a 2-core machine the whole of it took 12:17 stage
 * after stage and 10:06 in these two lanes (docs/performance.md). How lanes run, wait and fail: scripts/lib/lanes.ts.
 */
const lanes: Lane[] = [
  {
    name: "tests",
    live: true,
    stages: [
      { name: "benchmarks' smoke", scripts: ["test:benchmarks"] },
      { name: "unit", scripts: ["test:unit"] },
      { name: "API suite on PGlite", scripts: ["test:api"], env: embedded },
      ...(serverUrl ? [{ name: "API suite on PostgreSQL", scripts: ["test:api"] }] : []),
    ],
  },
  {
    name: "checks and journeys",
    live: false,
    stages: [
      { name: "typecheck+lint", scripts: ["typecheck", "lint", "lint:cycles"], together: true },
      // Not beside the benchmarks' load generators, made to keep both cores busy: a journey waits 15 s at most for
      // what a person would see, and starved of the CPU for longer it fails where a person would have waited.
      { name: "e2e", scripts: ["test:e2e"], env: embedded, after: "benchmarks' smoke" },
      // After the journeys, beside the API passes: the two lanes then end within about a minute of each other.
      { name: "engine-independent", scripts: ["test:once"] },
    ],
  },
];

/** Each stage's CPU-s (its scripts' with what they started) and the machine's busy CPU-s while it ran. */
const stageCpu = new Map<string, { own: number; machineAtStart: MachineCpu | undefined; machine?: number }>();
/** CPU-s of each script that has ended and whose stage has not yet ended (a script runs in one stage at a time). */
const scriptCpu = new Map<string, number>();
let reapedCpu = endedChildrenCpu();
/** The CPU-s of the children reaped since the last call (the one that has just exited, unless two end at once). */
function cpuOfLastReaped(): number {
  const now = endedChildrenCpu();
  if (now === undefined || reapedCpu === undefined) return Number.NaN;
  const used = now - reapedCpu;
  reapedCpu = now;
  return used;
}

/**
 * The browser journeys' shop (scripts/e2e-server.ts: a fresh embedded database, its pages built, about half a minute
 * of one core) starts with its lane, while the type checks run, instead of while the journeys wait; Playwright then
 * finds it running (E2E_SERVER_STARTED, playwright.config.ts). It is stopped when this run ends, however it ends; if
 * it could not start, Playwright starts its own as without this.
 */
const journeysPort = process.env.E2E_PORT ?? "4399";
const journeysShop = startJourneysShop();
function startJourneysShop(): ChildProcess {
  mkdirSync(".tmp", { recursive: true });
  const log = openSync(".tmp/e2e-server.log", "w");
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: journeysPort };
  delete env.DATABASE_URL;
  // Its own process group, so that stopping it stops its page renderer too.
  const shop = startProcess(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], { stdio: ["ignore", log, log], env });
  // Its CPU is the journeys' (it is stopped at their end).
  shop.once("exit", () => scriptCpu.set("journeys' shop", cpuOfLastReaped()));
  return shop;
}
/** Whether it answers; false once it has ended, or after 10 minutes (Playwright's own limit for its start). */
async function journeysShopReady(shop: ChildProcess): Promise<boolean> {
  const deadline = performance.now() + 600_000;
  for (;;) {
    if (shop.exitCode !== null || shop.signalCode !== null || performance.now() > deadline) return false;
    const answer = await fetch(`http://127.0.0.1:${journeysPort}/api/health`).catch(() => undefined);
    if (answer?.ok) return true;
    await sleep(500);
  }
}
/** Stops the journeys' shop and its renderer, and waits until it has (at most 10 s, then it is killed). */
async function stopJourneysShop(): Promise<void> {
  const shop = journeysShop;
  if (!shop.pid || shop.exitCode !== null || shop.signalCode !== null) return;
  const ended = new Promise((done) => shop.once("exit", done));
  stopGroup(shop.pid, "SIGTERM");
  if ((await Promise.race([ended, sleep(10_000).then(() => "late")])) === "late") stopGroup(shop.pid, "SIGKILL");
}
// Whatever this run started (the journeys' shop, the lanes' scripts, each in a group of its own) ends with it.
process.on("exit", () => void stopStarted(0, "SIGTERM"));
// Stopped by a signal: the exit above still runs.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));

const runStarted = performance.now();
const machineAtStart = machineCpu();
const loadAtStart = loadAverage();
const { times, failures } = await runLanes(lanes, {
  runScript,
  async beforeStage(stage, env, write) {
    stageCpu.set(stage.name, { own: 0, machineAtStart: machineCpu() });
    if (stage.name !== "e2e") return;
    if (await journeysShopReady(journeysShop)) env.E2E_SERVER_STARTED = "1";
    else {
      await stopJourneysShop();
      write(`The journeys' shop started early did not start; Playwright starts its own. Its output:\n${readFileSync(".tmp/e2e-server.log", "utf8")}\n`);
    }
  },
  async afterStage(stage) {
    if (stage.name === "e2e") await stopJourneysShop();
    const cpu = stageCpu.get(stage.name)!;
    for (const script of stage.name === "e2e" ? [...stage.scripts, "journeys' shop"] : stage.scripts) {
      cpu.own += scriptCpu.get(script) ?? 0;
      scriptCpu.delete(script);
    }
    const machine = machineCpu();
    if (machine && cpu.machineAtStart) cpu.machine = machine.busy - cpu.machineAtStart.busy;
  },
});
await stopJourneysShop();
const runTime = (performance.now() - runStarted) / 1000;
const machineAtEnd = machineCpu();
const runCpu = machineAtEnd && machineAtStart ? { own: [...stageCpu.values()].reduce((sum, cpu) => sum + cpu.own, 0), machine: machineAtEnd.busy - machineAtStart.busy, cores: (machineAtEnd.all - machineAtStart.all) / runTime } : undefined;
times.push(["all (two lanes at once)", runTime]);
console.log("\n== stage times (CPU: the stage's own processes, then every process of the machine while it ran)");
for (const [name, time] of times) {
  const cpu = name === "all (two lanes at once)" ? runCpu : stageCpu.get(name);
  const figures = cpu?.machine === undefined || Number.isNaN(cpu.own) ? "" : `   CPU ${formatCpu(cpu.own)} of the machine's ${formatCpu(cpu.machine)}`;
  console.log(`${name.padEnd(28)} ${formatDuration(time)}${figures}`);
}
if (runCpu) {
  // On an otherwise idle machine the run cannot end sooner than its CPU spread over every core.
  const floor = runCpu.own / Math.max(1, Math.round(runCpu.cores));
  console.log(`load average (1 min): ${loadAtStart ?? "?"} at the start, ${loadAverage() ?? "?"} at the end; others used ${formatCpu(Math.max(0, runCpu.machine - runCpu.own))} meanwhile; this run's CPU on ${Math.round(runCpu.cores)} idle cores: at least ${formatDuration(floor)}`);
}
if (failures.length > 0) {
  // Repeated here, the log's last lines: the live lane's failure was written long before the kept lane's output.
  for (const failure of failures) console.log(`\n== what npm run ${failure.script} (${failure.stage}) said of its failure\n${failure.report}`);
  console.log(`\n== failed: ${failures.map((failure) => `npm run ${failure.script} (${failure.stage})`).join(", ")}`);
  process.exit(failures[0]!.status ?? 1);
}

/** Starts `npm run <script>` in a group of its own, its output to `write`; resolves with its exit status. */
function runScript(script: string, env: NodeJS.ProcessEnv, write: (chunk: Buffer) => void): Promise<number | null> {
  const child = startProcess("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env });
  child.stdout!.on("data", write);
  child.stderr!.on("data", write);
  child.once("exit", () => scriptCpu.set(script, cpuOfLastReaped()));
  return new Promise((done) => child.on("close", (status, signal) => done(signal ? 1 : status)));
}
