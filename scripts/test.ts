/**
 * `npm test`: every check once, in order, stopping at the first that fails, and the time of each stage at the end.
 * The API suite runs on the embedded PGlite and, when DATABASE_URL names a PostgreSQL server, again there; the unit
 * tests, the engine-independent ones (building the pages, HTML check, package scripts, the contract's and the
 * protocols' tests: vitest.config.ts `ONCE`) and the browser journeys run once.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync, readFileSync } from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { stopGroup } from "../tests/helpers/processes";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm test

Runs, in order: type checks and lint (astro check, ESLint, no import cycles in src by madge; the three at once), the
unit tests and the engine-independent ones, the API tests on embedded PGlite, the API tests on PostgreSQL when
DATABASE_URL is set, and the browser journeys (Playwright, Debian's Chromium); the journeys' shop is built while the
last API pass runs (its output in .tmp/e2e-server.log). Prints each stage's time.
`);

interface Stage {
  name: string;
  scripts: string[];
  env?: Record<string, string | undefined>;
  /**
   * The scripts run at once, each output printed whole when it ends: type checks and lint each use one core, and
   * this machine has two.
   */
  together?: boolean;
}

const serverUrl = process.env.DATABASE_URL;
/** Without DATABASE_URL the API tests open in-memory PGlite databases (tests/helpers/test-database.ts). */
const embedded = { DATABASE_URL: undefined };
const stages: Stage[] = [
  { name: "typecheck+lint", scripts: ["typecheck", "lint", "lint:cycles"], together: true },
  { name: "unit and engine-independent", scripts: ["test:unit"] },
  { name: "API suite on PGlite", scripts: ["test:api"], env: embedded },
  ...(serverUrl ? [{ name: "API suite on PostgreSQL", scripts: ["test:api"] }] : []),
  { name: "e2e", scripts: ["test:e2e"], env: embedded },
];

/**
 * The browser journeys' shop (scripts/e2e-server.ts: a fresh embedded database, its pages built, about half a minute
 * of one core) starts while the stage before the journeys runs (an API pass, which waits on the processes it starts
 * a fifth of its time), instead of while the journeys wait; Playwright then finds it running (E2E_SERVER_STARTED,
 * playwright.config.ts). It is stopped when this run ends, however it ends; if it could not start, Playwright starts
 * its own as without this.
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
process.on("exit", () => {
  if (journeysShop?.pid && journeysShop.exitCode === null) stopGroup(journeysShop.pid, "SIGTERM");
});
// Stopped by a signal (Ctrl-C reaches this process, not the shop's own group): the exit above still runs.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));

const times: [string, number][] = [];
const report = () => {
  for (const [name, seconds] of times) console.log(`${name.padEnd(26)} ${formatTime(seconds)}`);
};
for (const [position, stage] of stages.entries()) {
  console.log(`\n== ${stage.name}`);
  const started = performance.now();
  const env = { ...process.env, ...stage.env };
  for (const [key, value] of Object.entries(stage.env ?? {})) if (value === undefined) delete env[key];
  if (stages[position + 1]?.name === "e2e") journeysShop = startJourneysShop();
  if (stage.name === "e2e" && journeysShop) {
    if (await journeysShopReady(journeysShop)) env.E2E_SERVER_STARTED = "1";
    else {
      await stopJourneysShop();
      console.log(`The journeys' shop started early did not start; Playwright starts its own. Its output:\n${readFileSync(".tmp/e2e-server.log", "utf8")}`);
    }
  }
  const statuses = stage.together ? await runTogether(stage.scripts, env) : runInTurn(stage.scripts, env);
  for (const [index, status] of statuses.entries()) {
    const script = stage.scripts[index]!;
    if (status !== 0) {
      times.push([stage.name, (performance.now() - started) / 1000]);
      console.log(`\n== npm run ${script} failed (${stage.name})`);
      report();
      process.exit(status ?? 1);
    }
  }
  times.push([stage.name, (performance.now() - started) / 1000]);
  if (stage.name === "e2e") await stopJourneysShop();
}
console.log("\n== stage times");
report();

/** Runs the scripts one after another, their output as it comes, until one fails. */
function runInTurn(scripts: string[], env: NodeJS.ProcessEnv): (number | null)[] {
  const statuses: (number | null)[] = [];
  for (const script of scripts) {
    const { status } = spawnSync("npm", ["run", "--silent", script], { stdio: "inherit", env });
    statuses.push(status);
    if (status !== 0) break;
  }
  return statuses;
}

/** Runs the scripts at once; each one's output (stdout and stderr as they came) is printed when it ends. */
function runTogether(scripts: string[], env: NodeJS.ProcessEnv): Promise<(number | null)[]> {
  return Promise.all(
    scripts.map(
      (script) =>
        new Promise<number | null>((done) => {
          const child = spawn("npm", ["run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"], env });
          const output: Buffer[] = [];
          child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
          child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
          child.on("close", (status) => {
            process.stdout.write(`\n-- npm run ${script}\n`);
            process.stdout.write(Buffer.concat(output));
            done(status);
          });
        }),
    ),
  );
}

function formatTime(seconds: number): string {
  return `${Math.floor(seconds / 60)} min ${String(Math.round(seconds % 60)).padStart(2, "0")} s`;
}
