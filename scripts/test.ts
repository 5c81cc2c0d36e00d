/**
 * `npm test`: every check once, in two lanes at once, and the time of each stage at the end. The API suite runs on the
 * embedded PGlite and, when DATABASE_URL names a PostgreSQL server, again there; the unit tests, the
 * engine-independent ones (building the pages, HTML check, package scripts, the contract's and the protocols' tests:
 * vitest.config.ts `ONCE`) and the browser journeys run once.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { stopGroup } from "../tests/helpers/processes";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm test

Runs two lanes at once, each stopping at its first failure:
  tests: the benchmarks' smoke runs, the unit tests and the engine-independent ones, the API tests on embedded
    PGlite, then the API tests on PostgreSQL when DATABASE_URL is set; their output as it comes.
  checks and journeys: type checks and lint (astro check, ESLint, no import cycles in src by madge; the three at
    once), then, once the benchmarks' smoke runs have ended, the browser journeys (Playwright, Debian's Chromium) on
    a shop started with the lane (its output in .tmp/e2e-server.log); their output once the tests lane has ended.
Prints each stage's time and the whole run's; fails if any stage failed.
`);

interface Stage {
  name: string;
  scripts: string[];
  env?: Record<string, string | undefined>;
  /** The scripts run at once, each output printed whole when it ends: type checks and lint each use one core. */
  together?: boolean;
  /** A stage of the other lane that must have ended before this one starts. */
  after?: string;
}

/**
 * Two lanes run at once. Each lane alone leaves a core idle for a fifth of its time: the type checks use one core,
 * the API passes wait on the processes they start (hosts, crashes, restarts), the journeys on a van's next position
 * or a page's next answer. Together they keep both cores busy: on a 2-core machine the API pass on PostgreSQL and
 * the journeys took 342 s at once against 385 s one after the other (docs/performance.md). Each lane's stages
 * run in turn and stop at the lane's first failure; the other lane runs on to its end, so that one run shows every
 * failing stage.
 */
interface Lane {
  name: string;
  stages: Stage[];
  /** Its output as it comes; the other lane's is kept until this one has ended. */
  live: boolean;
}

const serverUrl = process.env.DATABASE_URL;
/** Without DATABASE_URL the API tests open in-memory PGlite databases (tests/helpers/test-database.ts). */
const embedded = { DATABASE_URL: undefined };
const lanes: Lane[] = [
  {
    name: "tests",
    live: true,
    stages: [
      { name: "benchmarks' smoke", scripts: ["test:benchmarks"] },
      { name: "unit and engine-independent", scripts: ["test:unit"] },
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
    ],
  },
];

/**
 * The browser journeys' shop (scripts/e2e-server.ts: a fresh embedded database, its pages built, about half a minute
 * of one core) starts with its lane, while the type checks run, instead of while the journeys wait; Playwright then
 * finds it running (E2E_SERVER_STARTED, playwright.config.ts). It is stopped when this run ends, however it ends; if
 * it could not start, Playwright starts its own as without this.
 */
const journeysPort = process.env.E2E_PORT ?? "4399";
let journeysShop: ChildProcess | undefined;
function startJourneysShop(): ChildProcess {
  mkdirSync(".tmp", { recursive: true });
  const log = openSync(".tmp/e2e-server.log", "w");
  const env: NodeJS.ProcessEnv = { ...process.env, E2E_PORT: journeysPort };
  delete env.DATABASE_URL;
  // Its own process group, so that stopping it stops its page renderer too.
  return spawn(process.execPath, ["--import", "tsx", "scripts/e2e-server.ts"], { stdio: ["ignore", log, log], env, detached: true });
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
  if (!shop?.pid || shop.exitCode !== null || shop.signalCode !== null) return;
  const ended = new Promise((done) => shop.once("exit", done));
  stopGroup(shop.pid, "SIGTERM");
  if ((await Promise.race([ended, sleep(10_000).then(() => "late")])) === "late") stopGroup(shop.pid, "SIGKILL");
}
/** The processes the lanes run (each the leader of its own group), stopped when this run is. */
const running = new Set<ChildProcess>();
process.on("exit", () => {
  if (journeysShop?.pid && journeysShop.exitCode === null) stopGroup(journeysShop.pid, "SIGTERM");
  for (const child of running) stopGroup(child.pid, "SIGTERM");
});
// Stopped by a signal: the exit above still runs.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));

/** Where a lane's output goes: this process's own, or kept until the live lane has ended and written then. */
class Output {
  private kept: Buffer[] | undefined;
  constructor(live: boolean) {
    this.kept = live ? undefined : [];
  }
  write(text: string | Buffer): void {
    if (this.kept) this.kept.push(Buffer.from(text));
    else process.stdout.write(text);
  }
  /** From now on as it comes, after what was kept. */
  release(): void {
    const kept = this.kept ?? [];
    this.kept = undefined;
    for (const chunk of kept) process.stdout.write(chunk);
  }
}

const runStarted = performance.now();
const seconds = (since: number) => (performance.now() - since) / 1000;
const times: [string, number][] = [];
/** Each stage's end, failed or not (or its lane's stop before it), for the stages that wait on it. */
const ends = new Map<string, { promise: Promise<void>; done: () => void }>();
for (const stage of lanes.flatMap((lane) => lane.stages)) {
  let done = () => {};
  const promise = new Promise<void>((resolve) => (done = resolve));
  ends.set(stage.name, { promise, done });
}
const failures: { stage: string; script: string; status: number | null }[] = [];

/** Runs a lane's stages in turn until one fails. */
async function runLane(lane: Lane, output: Output): Promise<void> {
  try {
    await runStages(lane, output);
  } finally {
    for (const stage of lane.stages) ends.get(stage.name)!.done();
  }
}

async function runStages(lane: Lane, output: Output): Promise<void> {
  if (lane.stages.some((stage) => stage.name === "e2e")) journeysShop = startJourneysShop();
  for (const stage of lane.stages) {
    if (stage.after) await ends.get(stage.after)!.promise;
    output.write(`\n== ${stage.name} (${lane.name} lane${stage.after ? `, after ${stage.after}` : ""})\n`);
    const started = performance.now();
    const env = { ...process.env, ...stage.env };
    for (const [key, value] of Object.entries(stage.env ?? {})) if (value === undefined) delete env[key];
    if (stage.name === "e2e" && journeysShop) {
      if (await journeysShopReady(journeysShop)) env.E2E_SERVER_STARTED = "1";
      else {
        await stopJourneysShop();
        output.write(`The journeys' shop started early did not start; Playwright starts its own. Its output:\n${readFileSync(".tmp/e2e-server.log", "utf8")}\n`);
      }
    }
    const statuses = stage.together ? await runTogether(stage.scripts, env, output) : await runInTurn(stage.scripts, env, output);
    times.push([stage.name, seconds(started)]);
    ends.get(stage.name)!.done();
    if (stage.name === "e2e") await stopJourneysShop();
    const failed = statuses.findIndex((status) => status !== 0);
    if (failed !== -1) {
      failures.push({ stage: stage.name, script: stage.scripts[failed]!, status: statuses[failed]! });
      output.write(`\n== npm run ${stage.scripts[failed]} failed (${stage.name}); the ${lane.name} lane stops here\n`);
      return;
    }
  }
}

const outputs = lanes.map((lane) => new Output(lane.live));
const live = lanes.findIndex((lane) => lane.live);
await Promise.all(
  lanes.map((lane, index) =>
    runLane(lane, outputs[index]!).then(() => {
      if (index === live) for (const output of outputs) output.release();
    }),
  ),
);
await stopJourneysShop();
times.push(["all (two lanes at once)", seconds(runStarted)]);
console.log("\n== stage times");
for (const [name, time] of times) console.log(`${name.padEnd(28)} ${formatTime(time)}`);
if (failures.length > 0) {
  console.log(`\n== failed: ${failures.map((failure) => `npm run ${failure.script} (${failure.stage})`).join(", ")}`);
  process.exit(failures[0]!.status ?? 1);
}

/** Starts `npm run <script>` in a group of its own, its output to `output`; resolves with its exit status. */
function runScript(script: string, env: NodeJS.ProcessEnv, output: (chunk: Buffer) => void): Promise<number | null> {
  const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env, detached: true });
  running.add(child);
  child.stdout.on("data", output);
  child.stderr.on("data", output);
  return new Promise((done) =>
    child.on("close", (status, signal) => {
      running.delete(child);
      done(signal ? 1 : status);
    }),
  );
}

/** Runs the scripts one after another, their output as it comes, until one fails. */
async function runInTurn(scripts: string[], env: NodeJS.ProcessEnv, output: Output): Promise<(number | null)[]> {
  const statuses: (number | null)[] = [];
  for (const script of scripts) {
    const status = await runScript(script, env, (chunk) => output.write(chunk));
    statuses.push(status);
    if (status !== 0) break;
  }
  return statuses;
}

/** Runs the scripts at once; each one's output (stdout and stderr as they came) is written whole when it ends. */
async function runTogether(scripts: string[], env: NodeJS.ProcessEnv, output: Output): Promise<(number | null)[]> {
  return Promise.all(
    scripts.map(async (script) => {
      const chunks: Buffer[] = [];
      const status = await runScript(script, env, (chunk) => chunks.push(chunk));
      output.write(`\n-- npm run ${script}\n`);
      output.write(Buffer.concat(chunks));
      return status;
    }),
  );
}

function formatTime(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}
