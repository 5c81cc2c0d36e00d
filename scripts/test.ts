/**
 * `npm test`: every check once, in order, stopping at the first that fails, and the time of each stage at the end.
 * The API suite runs on the embedded PGlite and, when DATABASE_URL names a PostgreSQL server, again there; the unit
 * tests, the engine-independent ones (building the pages, HTML check, package scripts, the contract's and the
 * protocols' tests: vitest.config.ts `ONCE`) and the browser journeys run once.
 */
import { spawn, spawnSync } from "node:child_process";
import { exitWithUsageOnHelp } from "./lib/usage";

exitWithUsageOnHelp(`
Usage: npm test

Runs, in order: type checks and lint (astro check, ESLint, no import cycles in src by madge), the unit tests and the
engine-independent ones, the API tests on embedded PGlite, the API tests on PostgreSQL when DATABASE_URL is set,
and the browser journeys (Playwright, Debian's Chromium). Prints each stage's time.
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

const times: [string, number][] = [];
const report = () => {
  for (const [name, seconds] of times) console.log(`${name.padEnd(26)} ${formatTime(seconds)}`);
};
for (const stage of stages) {
  console.log(`\n== ${stage.name}`);
  const started = performance.now();
  const env = { ...process.env, ...stage.env };
  for (const [key, value] of Object.entries(stage.env ?? {})) if (value === undefined) delete env[key];
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
