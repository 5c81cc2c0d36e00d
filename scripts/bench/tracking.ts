/**
 * `npm run bench:tracking`: the event day live, at scale, on one shop process. V vans each post their position
 * every 5 s (POST /shop-api/driver/positions, as the driver's phone does) while W passengers' tracking pages listen
 * to their runs (GET /shop-api/tracking/{token}/events, Server-Sent Events). Beside it, measured in the same run
 * with the same load process, vans and pages: a bare Node HTTP server relaying the same messages to the same
 * listeners (tracking-server.ts `bare`), the ceiling a relay with no database and no computation reaches on this
 * machine now. Prints for each: position-to-page latency p50 / p99 (a position that never reached its page counts
 * as the slowest), positions and page deliveries per second, CPU per position (the server process's user + system
 * time over the window, divided by the positions taken) and resident memory (peak while measured); the machine's
 * load at start and end. Goals (issue 29): 200 vans and 5,000 pages with p99 <= 1 s, deliveries at 0.8 of the bare
 * relay's or more, the shop's memory <= 400 MB; and (issue 46 §4) the shop's CPU per position at most 3 times the
 * bare relay's, each printed beside its ceiling. The shop runs on the embedded PGlite (in its process, so the
 * database's CPU and memory are the shop's), or with `--postgres` on a throw-away database of the PostgreSQL server
 * DATABASE_URL names, as a production shop runs: then its CPU per position counts the database's backends too, and
 * its memory is the shop process's alone (the server's is the server's, as in production).
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitWithUsageOnHelp } from "../lib/usage";
import { postgresTarget } from "../../src/server/db/postgres-url";
import { throwAwayDatabase, type ThrowAwayDatabase } from "../lib/throw-away-database";
import { backendPids, cpuMs, CpuSampler } from "./lib/cpu";
import { numberOption } from "./lib/load";
import { MachineLoad } from "./lib/machine";
import { percentile } from "./lib/percentile";
import { freePort, residentMb } from "./lib/processes";
import type { TrackingDay } from "./lib/tracking-day";
import type { TrackingOrder, TrackingResult } from "./lib/tracking-load";

exitWithUsageOnHelp(`
Usage: npm run bench:tracking [-- --vehicles 200 --pages 5000 --seconds 30 --postgres]

Starts the shop (one process, embedded PGlite) on the demo data plus an event day of V published runs under way
with W paid passengers, and a bare Node server relaying the same messages, each in its own process; then, from
one load process, V vans post a position every 5 s and W tracking pages listen over Server-Sent Events. Prints
for the shop and the bare relay: position-to-page latency p50/p99, positions and deliveries per second, CPU per
position and resident memory, and the machine's load at start and end (no goal is called met above twice the
cores). Goals at 200 vans and 5,000 pages: p99 <= 1 s, at least 0.8 of the bare relay's deliveries per second,
shop memory <= 400 MB, shop CPU per position <= 3 x the bare relay's of the same run. The last line:
"tracking: vans V, pages W, p99 S s, X of bare, RSS M MB, CPU C of bare (L load at the end, peak P)".
  --vehicles N    vehicles, one run each (default 200; --vans, its former name, is still read)
  --pages N       listening tracking pages, spread evenly over the runs (default 5000)
  --seconds N     the measured window, after one interval of warm-up (default 30)
  --interval N    seconds between a van's positions (default 5)
  --postgres      the shop on a throw-away database of the PostgreSQL server DATABASE_URL names (this machine's:
                  its backends' CPU is read from /proc), as in production, instead of the embedded PGlite
`);

/** `--vans` is `--vehicles`'s former name, still read when the new one is not given. */
const vehicles = numberOption("--vehicles", numberOption("--vans", 200));
const pages = numberOption("--pages", 5000);
const seconds = numberOption("--seconds", 30);
const intervalMs = numberOption("--interval", 5) * 1000;
for (const [name, value] of Object.entries({ "--vehicles": vehicles, "--pages": pages, "--seconds": seconds, "--interval": intervalMs })) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${name} takes a whole number above 0`);
    process.exit(2);
  }
}
if (pages < vehicles) {
  console.error("--pages must be at least --vehicles (every run has a passenger)");
  process.exit(2);
}
const onPostgres = process.argv.includes("--postgres");
if (onPostgres && !process.env.DATABASE_URL) {
  console.error("--postgres needs DATABASE_URL (postgres://…) naming a PostgreSQL server on this machine");
  process.exit(2);
}
/** Issue 29's goals, and issue 46 §4's: the shop's CPU per position at most 3 times the bare relay's of the same run. */
const GOALS = { p99Seconds: 1, ofBare: 0.8, rssMb: 400, cpuOfBare: 3 };
const AT_SCALE = vehicles >= 200 && pages >= 5000;

const scratch = mkdtempSync(join(tmpdir(), "rodamos-bench-tracking-"));
const children: ChildProcess[] = [];
let throwAway: ThrowAwayDatabase | undefined;
const secret = randomBytes(48).toString("base64");

function forkServer(kind: "prepare" | "shop" | "bare", env: Record<string, string | undefined>): ChildProcess {
  // BENCH_CPU_PROF=<folder>: the shop writes its V8 CPU profile there (BENCH_CPU_PROF_WINDOW=<folder>: of the
  // measured window only, tracking-server.ts). BENCH_SHOP_V8="--flag …": V8 flags for the
  // shop's process alone (a memory setting tried before it goes into .npmrc for every process).
  const profile = kind === "shop" && process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const flags = kind === "shop" && process.env.BENCH_SHOP_V8 ? process.env.BENCH_SHOP_V8.split(" ").filter(Boolean) : [];
  const child = fork("scripts/bench/tracking-server.ts", [kind], {
    execArgv: [...profile, ...flags, "--import", "tsx"],
    env: { ...process.env, DATABASE_URL: undefined, BENCH_DATABASE_URL: throwAway?.url, JWT_SECRET: secret, BENCH_DATA_DIR: scratch, ...env },
    // The shop's request log goes where a production log would: written, and read by nobody here.
    stdio: ["ignore", kind === "prepare" ? "inherit" : "ignore", "inherit", "ipc"],
  });
  children.push(child);
  return child;
}

function started(child: ChildProcess, kind: string): Promise<number> {
  return new Promise((resolve, reject) => {
    child.on("message", (message) => {
      const match = /ready (\d+)/.exec(String(message));
      if (match) resolve(Number(match[1]));
    });
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const ended = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

interface Measured extends TrackingResult {
  cpuMsPerPosition: number;
  /** The part of it the PostgreSQL backends used (0 on PGlite, whose work is the shop process's own). */
  databaseMsPerPosition: number;
  rssMb: number;
  idleRssMb: number;
  load: string;
}

/** One server under the load: the load process's figures, and the server's CPU over the window and peak memory. */
async function measure(kind: "shop" | "bare", origin: string, server: ChildProcess, day: TrackingDay): Promise<Measured> {
  const pid = server.pid!;
  const profiling = kind === "shop" && Boolean(process.env.BENCH_CPU_PROF_WINDOW);
  const idleRssMb = residentMb(pid, "VmRSS");
  let peak = idleRssMb;
  const sampler = setInterval(() => (peak = Math.max(peak, residentMb(pid, "VmRSS"))), 200);
  const load = fork(new URL("./lib/tracking-load.ts", import.meta.url), [], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  children.push(load);
  let cpuStart = 0;
  let cpuEnd = 0;
  // On PostgreSQL the shop's database work is done by its backends: their CPU is the shop's too.
  // Through postgresTarget, as every bench connects: a DATABASE_URL naming a socket folder works here too.
  const target = kind === "shop" && throwAway ? postgresTarget(process.env.DATABASE_URL!) : undefined;
  const watcher = target ? (await import("postgres")).default(target.url, { ...target.options, max: 1, onnotice: () => {} }) : undefined;
  const backends = watcher && throwAway ? new CpuSampler(backendPids(watcher, throwAway.name)) : undefined;
  let windowStart = 0;
  let windowEnd = 0;
  const result = await new Promise<TrackingResult>((resolve, reject) => {
    load.on("message", (message) => {
      if (profiling && (message === "window-start" || message === "window-end")) server.send(message === "window-start" ? "profile-start" : "profile-stop");
      if (message === "window-start") [cpuStart, windowStart] = [cpuMs(pid) ?? 0, performance.now()];
      else if (message === "window-end") [cpuEnd, windowEnd] = [cpuMs(pid) ?? 0, performance.now()];
      else resolve((message as { result: TrackingResult }).result);
    });
    load.once("exit", (code) => reject(new Error(`the load process exited with ${code}`)));
    const order: TrackingOrder = { origin, kind, day, warmUpSeconds: intervalMs / 1000 + 2, seconds, intervalMs };
    load.send(order);
  });
  clearInterval(sampler);
  await backends?.stop();
  await watcher?.end({ timeout: 5 });
  const databaseMs = backends?.usedBetween(windowStart, windowEnd) ?? 0;
  const perPosition = (ms: number) => (result.positions > 0 ? ms / result.positions : NaN);
  return { ...result, cpuMsPerPosition: perPosition(cpuEnd - cpuStart + databaseMs), databaseMsPerPosition: perPosition(databaseMs), rssMb: peak, idleRssMb, load: MachineLoad.now() };
}

function figures(measured: Measured) {
  // A delivery that never came counts as the slowest of all.
  const sorted = [...measured.latenciesMs, ...Array.from({ length: measured.missing }, () => Number.POSITIVE_INFINITY)].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50) / 1000,
    p99: percentile(sorted, 99) / 1000,
    positionsPerSecond: measured.positions / measured.windowSeconds,
    deliveriesPerSecond: measured.deliveries / measured.windowSeconds,
  };
}

const s = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : "never");

async function main() {
  const machine = new MachineLoad();
  if (onPostgres) throwAway = await throwAwayDatabase(process.env.DATABASE_URL!, "bench_tracking");
  console.log(`The shop on ${throwAway ? `PostgreSQL (throw-away database ${throwAway.name}; CPU counts its backends, memory is the shop process's)` : "the embedded PGlite (its CPU and memory are the shop process's)"}`);
  console.log(`${vehicles} vans (one run each, a position every ${intervalMs / 1000} s), ${pages} tracking pages; ${seconds} s measured after ${intervalMs / 1000 + 2} s of warm-up`);
  const dayFile = join(scratch, "day.json");
  const preparing = forkServer("prepare", { BENCH_VEHICLES: String(vehicles), BENCH_PAGES: String(pages), BENCH_DAY_FILE: dayFile });
  await new Promise<void>((resolve, reject) => preparing.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`preparing the day failed (${code})`)))));
  const day = JSON.parse(readFileSync(dayFile, "utf8")) as TrackingDay;

  const shop = forkServer("shop", { PORT: String(freePort()) });
  const shopPort = await started(shop, "shop");
  const shopOrigin = `http://127.0.0.1:${shopPort}`;
  // The bare relay sends the shop's own message: the answer of a tracking page, as large as the shop's.
  const answer = await fetch(`${shopOrigin}/shop-api/tracking/${encodeURIComponent(day.pages[0]!.token)}`);
  if (answer.status !== 200) throw new Error(`the tracking page answered ${answer.status}: ${await answer.text()}`);
  const message = ((await answer.json()) as { data: unknown }).data;
  const messageFile = join(scratch, "message.json");
  writeFileSync(messageFile, JSON.stringify(message));
  // The port after the shop's with BENCH_PORT, else any free port.
  const wanted = process.env.BENCH_PORT ? freePort() : 0;
  const bare = forkServer("bare", { BENCH_MESSAGE: messageFile, PORT: String(wanted) });
  const barePort = await started(bare, "bare");

  const bareMeasured = await measure("bare", `http://127.0.0.1:${barePort}`, bare, day);
  await stop(bare);
  const shopMeasured = await measure("shop", shopOrigin, shop, day);
  if (process.env.BENCH_CPU_PROF_WINDOW) await new Promise((resolve) => setTimeout(resolve, 3_000));
  await stop(shop);

  const judged = machine.finish();
  const ours = figures(shopMeasured);
  const theirs = figures(bareMeasured);
  const ofBare = theirs.deliveriesPerSecond > 0 ? ours.deliveriesPerSecond / theirs.deliveriesPerSecond : 0;
  const row = (name: string, measured: Measured, figure: ReturnType<typeof figures>) =>
    `  ${name.padEnd(10)} p50 ${s(figure.p50).padStart(6)} s | p99 ${s(figure.p99).padStart(6)} s | ${figure.positionsPerSecond.toFixed(1).padStart(6)} positions/s | ` +
    `${figure.deliveriesPerSecond.toFixed(0).padStart(6)} deliveries/s | CPU ${measured.cpuMsPerPosition.toFixed(2).padStart(6)} ms/position` +
    (measured.databaseMsPerPosition > 0 ? ` (PostgreSQL ${measured.databaseMsPerPosition.toFixed(2)})` : "") +
    " | " +
    `RSS ${Math.round(measured.idleRssMb)} MB idle, ${Math.round(measured.rssMb)} MB peak | pages open in ${measured.connectSeconds.toFixed(1)} s (${measured.load})` +
    (measured.coalesced > 0 ? ` | coalesced ${measured.coalesced}` : "") +
    (measured.missing + measured.refused + measured.pageErrors > 0 ? ` | not delivered ${measured.missing}, positions refused ${measured.refused}, pages refused ${measured.pageErrors}${measured.refusal ? ` (${measured.refusal})` : ""}` : "");
  const verdict = (ok: boolean) => (AT_SCALE ? machine.verdict(ok) : "(goals are for 200 vans and 5,000 pages)");
  console.log("");
  console.log(`Position to page, ${shopMeasured.windowSeconds.toFixed(0)} s window:`);
  console.log(row("shop", shopMeasured, ours));
  console.log(row("bare relay", bareMeasured, theirs));
  console.log(`  p99 ${s(ours.p99)} s (goal <= ${GOALS.p99Seconds} s) ${verdict(ours.p99 <= GOALS.p99Seconds)}`);
  console.log(`  deliveries ${ofBare.toFixed(2)} of the bare relay's (goal >= ${GOALS.ofBare}) ${verdict(ofBare >= GOALS.ofBare)}`);
  console.log(`  shop resident memory ${Math.round(shopMeasured.rssMb)} MB at its peak (goal <= ${GOALS.rssMb} MB) ${verdict(shopMeasured.rssMb <= GOALS.rssMb)}`);
  const cpuCeiling = GOALS.cpuOfBare * bareMeasured.cpuMsPerPosition;
  const cpuOfBare = shopMeasured.cpuMsPerPosition / bareMeasured.cpuMsPerPosition;
  console.log(
    `  shop CPU ${shopMeasured.cpuMsPerPosition.toFixed(2)} ms/position, ${Number.isFinite(cpuOfBare) ? cpuOfBare.toFixed(2) : "–"} of the bare relay's ` +
      `(ceiling <= ${GOALS.cpuOfBare} x ${bareMeasured.cpuMsPerPosition.toFixed(2)} = ${cpuCeiling.toFixed(2)} ms) ${verdict(shopMeasured.cpuMsPerPosition <= cpuCeiling)}`,
  );
  const capacity = (measured: Measured) => (measured.cpuMsPerPosition > 0 ? Math.floor(1000 / measured.cpuMsPerPosition) : 0);
  console.log(`  one core's worth at this CPU per position: shop ${capacity(shopMeasured)} positions/s, bare relay ${capacity(bareMeasured)} positions/s`);
  if (!judged) console.log("  (goals not judged: the machine's load was over twice its cores)");
  console.log(
    `tracking: vans ${vehicles}, pages ${pages}, p99 ${s(ours.p99)} s, ${ofBare.toFixed(2)} of bare, RSS ${Math.round(shopMeasured.rssMb)} MB, ` +
      `CPU ${Number.isFinite(cpuOfBare) ? cpuOfBare.toFixed(2) : "–"} of bare (${machine.end.toFixed(1)} load at the end, peak ${machine.peak.toFixed(1)})`,
  );
}

try {
  await main();
} finally {
  for (const child of children) child.kill();
  rmSync(scratch, { recursive: true, force: true });
  await throwAway?.drop();
}
