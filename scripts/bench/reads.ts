/**
 * `npm run bench:reads`: how fast the shop answers its public catalogue reads next to a bare Hono app on the same
 * Node answering the same JSON from memory, measured in the same run (the machine is shared: the ratio is the
 * figure). Each server runs in its own process, the shop as `npm start` runs it by default: request log at its
 * default level (info, JSON lines on stdout) and metrics on. The load, 32 keep-alive connections: "outside", wrk (a C
 * generator from Debian, lib/load-client.ts) in a process of its own, which outruns the bare app so that the
 * servers' own cost decides the figures (goal: 80 % of the bare app or more); on request also "inside", autocannon
 * from the bench's process, whose own cost caps both servers (goal: 50 % or more). On the embedded
 * PGlite by default; with DATABASE_URL on a throw-away database of that PostgreSQL server. Prints req/s and p99 per
 * call, the share of the bare app's figure (p99 at most 20 ms), the shop's resident memory idle and at its peak
 * under the load (goal: at most 250 MB per process on PostgreSQL), and the machine's load at start and end.
 */
import { execFileSync, fork, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exitWithUsageOnHelp } from "../lib/usage";
import { compare, measureInside, measureOutside, numberOption } from "./lib/load";
import { hasWrk } from "./lib/load-client";
import { MachineLoad } from "./lib/machine";
import { freePort, processTree, residentMb } from "./lib/processes";

exitWithUsageOnHelp(`
Usage: npm run bench:reads [-- --seconds N --connections N --rounds N --url URL]

Starts the shop (embedded PGlite, or a throw-away database on the PostgreSQL server of DATABASE_URL) and a bare
Hono app answering the same JSON from memory, each in its own process, and prints for each public catalogue
read its requests per second and p99 latency beside the bare app's and the ratio. The shop runs as \`npm start\`
runs it by default: request log on at its default level (info; LOG_LEVEL overrides) and metrics on. The load is
"outside": wrk (Debian package wrk) in a process of its own, goal 80 % or more; "inside" (autocannon in the
bench's process, goal 50 % or more) on request; p99 at most 20 ms; the shop's resident memory idle and at its peak under the load; the
machine's load average at start and end (no goal is called met above twice the cores).
  --seconds N       how long each measurement runs (default 4, as the shared script)
  --connections N   concurrent connections (default 32)
  --rounds N        measurements of each server per call, interleaved, the shop first; the medians are printed
                    (default 5, as the shared script)
  --workers LIST    shop process counts to measure in turn, e.g. 1,2 (default 1; more than 1 needs DATABASE_URL)
  --load LIST       outside, inside or both (default outside)
  --url URL         measure a shop already running there (e.g. a fresh or long-running \`npm start\` on
                    http://127.0.0.1:4321) instead of starting one: the very shop a visitor meets, as
                    ../shared/tools/reads-as-shipped.sh measures it
  --aged            before measuring, send the shop the varied reads a day brings (9,000 catalogue reads with query
                    strings of their own, 4,500 searches never asked before, in six languages): its fast lane's
                    shortcuts and its answer cache are full, as on a shop that has run for hours (a fresh shop's
                    hold a few entries); with --url, the running shop is filled so
  --bare MODE       text: the bare app sends the shop's JSON text kept in memory (default, the framework's
                    ceiling); json: it keeps the object and serialises it with c.json() on each request
`);

const seconds = numberOption("--seconds", 4);
const rounds = numberOption("--rounds", 5);
const connections = numberOption("--connections", 32);
const workersArg = process.argv.indexOf("--workers");
const workerCounts = (workersArg > 0 ? process.argv[workersArg + 1]! : "1").split(",").map(Number);
const loadArg = process.argv.indexOf("--load");
const loads = (loadArg > 0 ? process.argv[loadArg + 1]! : "outside").split(",") as ("outside" | "inside")[];
const P99_GOAL_MS = 20;
const RATIO_GOALS = { outside: 80, inside: 50 };
const LOAD_NAMES = { outside: "outside (wrk -t1, a process of its own)", inside: "inside (autocannon in the bench's process)" };
if (loads.some((load) => load !== "outside" && load !== "inside")) {
  console.error("--load takes outside, inside or both, e.g. outside,inside");
  process.exit(2);
}
const RSS_GOAL_MB = 250;
const urlArg = process.argv.indexOf("--url");
const runningUrl = urlArg > 0 ? process.argv[urlArg + 1]!.replace(/\/$/, "") : undefined;
const aged = process.argv.includes("--aged");
const bareArg = process.argv.indexOf("--bare");
const bareMode = (bareArg > 0 ? process.argv[bareArg + 1]! : "text") as "text" | "json";
if (!["text", "json"].includes(bareMode)) {
  console.error("--bare takes text or json");
  process.exit(2);
}
const BARE_NAMES = {
  text: "the shop's JSON text kept in memory, sent by c.body()",
  json: "the shop's JSON parsed into memory once, serialised by c.json() on each request",
};
if (loads.includes("outside") && !(await hasWrk())) {
  console.error("The outside load is wrk, which is not on this machine: apt-get install -y wrk (or --load inside).");
  process.exit(2);
}
/** How the shop logs: as `npm start` does unless LOG_LEVEL says otherwise. */
const logLevel = process.env.LOG_LEVEL ?? "info";

if (workerCounts.some((count) => !Number.isInteger(count) || count < 1)) {
  console.error("--workers takes process counts, e.g. 1,2");
  process.exit(2);
}
if (workerCounts.some((count) => count > 1) && !process.env.DATABASE_URL) {
  console.error("--workers above 1 needs DATABASE_URL: the embedded database belongs to one process.");
  process.exit(2);
}

const scratch = mkdtempSync(join(tmpdir(), "rodamos-bench-reads-"));
const children: ChildProcess[] = [];
let dropDatabase = async () => {};

interface Server {
  port: number;
  child: ChildProcess;
  engine: string;
}

/** The shop measured: one this bench started, or one already running at --url (its process found by its port). */
interface Shop {
  origin: string;
  pid: number | undefined;
  engine: string;
  stop(): Promise<void>;
}

/** The process listening on the running shop's port (`ss`), for its CPU and memory; undefined when not found. */
function listeningPid(port: number): number | undefined {
  try {
    const out = execFileSync("ss", ["-Hltnp", `sport = :${port}`], { encoding: "utf8" });
    const match = /pid=(\d+)/.exec(out);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function startServer(kind: "shop", env: Record<string, string | undefined>): Promise<Server> {
  // BENCH_CPU_PROF=<folder>: the shop writes its V8 CPU profile there.
  const profile = kind === "shop" && process.env.BENCH_CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", process.env.BENCH_CPU_PROF] : [];
  const child = fork("scripts/bench/reads-server.ts", [kind], {
    execArgv: [...profile, "--import", "tsx"],
    env: { ...process.env, ...env },
    // The shop's request log goes where a production log would: written, and read by nobody here.
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    child.on("message", (message) => {
      const match = /ready (\d+)(?: (\w+))?/.exec(String(message));
      if (match) resolve({ port: Number(match[1]), child, engine: match[2] ?? "memory" });
    });
    child.once("exit", (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
}

/** Where the shop's answer at `path` is kept for the bare app. */
function bodyFile(path: string): string {
  return join(scratch, `body-${encodeURIComponent(path)}.json`);
}

/**
 * The bare Hono app for one path, started as ../shared/tools/reads-as-shipped.sh starts its own: the same app
 * (lib/bare-hono.mjs), on the Node running this bench (the shop's), without tsx and without the project's
 * NODE_OPTIONS (npm sets them for its scripts; the script's shell does not), then 1.5 s to settle.
 */
async function startBare(file: string): Promise<Server> {
  const port = freePort();
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ["scripts/bench/lib/bare-hono.mjs", String(port), file, bareMode], { env, stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  const until = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the bare app exited with ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then((response) => response.arrayBuffer().then(() => true), () => false);
    if (up) break;
    if (Date.now() > until) throw new Error("the bare app did not answer within 30 s");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return { port, child, engine: "memory" };
}

/** The embedded database created, migrated and seeded by a process of its own, as a first start does. */
function prepareEmbedded(): Promise<void> {
  const child = fork("scripts/bench/reads-server.ts", ["prepare"], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, DATABASE_URL: undefined, BENCH_DATA_DIR: scratch },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  return new Promise((resolve, reject) => child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`preparing the database failed (${code})`)))));
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode !== null) return;
  const ended = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

const mb = (value: number) => `${Math.round(value)} MB`;

/** What a long day's visitors fill a shop's caches with: shortcuts up to their bound, answers up to theirs. */
const AGED_SHORTCUT_READS = 9_000;
const AGED_SEARCHES = 4_500;

/**
 * `--aged`: the reads that fill a shop's bounded maps in a day: list reads carrying a query string of their own (a
 * campaign tag: the same cached answer, a shortcut each) and searches no one asked before (an answer each), in the
 * languages browsers send. A fresh shop's maps hold a handful of entries and hid what a full one costs a hit
 * (docs/performance.md "A shop that has run for a while").
 */
async function ageShop(origin: string): Promise<string> {
  const started = performance.now();
  const languages = ["es-CO,es;q=0.9,en;q=0.8", "en-US,en;q=0.9", "es-ES,es;q=0.9", "pt-BR,pt;q=0.9", "es-MX", "es-419,es;q=0.9"];
  const paths = [
    ...Array.from({ length: AGED_SHORTCUT_READS }, (_, index) => `/api/events?type=1&country-code=CO&utm_campaign=day${index}`),
    ...Array.from({ length: AGED_SEARCHES }, (_, index) => `/api/search?country-code=CO&q=${encodeURIComponent(`b${index.toString(36)}`)}`),
  ];
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) {
        const index = next++;
        const response = await fetch(origin + paths[index]!, { headers: { "accept-language": languages[index % languages.length]! } });
        await response.arrayBuffer();
        if (response.status !== 200) failed += 1;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return `aged: ${paths.length} varied reads sent first (${AGED_SHORTCUT_READS} tagged list reads, ${AGED_SEARCHES} new searches) in ${seconds.toFixed(0)} s${failed ? `, ${failed} not 200` : ""}`;
}

async function main() {
  const machine = new MachineLoad();
  let shopEnv: Record<string, string | undefined> = { DATABASE_URL: undefined, BENCH_DB_URL: undefined, BENCH_DATA_DIR: scratch };
  if (process.env.DATABASE_URL && !runningUrl) {
    const { default: postgres } = await import("postgres");
    const { openDatabase } = await import("../../src/server/db/client");
    const { seedDemoData } = await import("../../src/server/seed");
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    const name = `rodamos_bench_reads_${Date.now()}_${randomBytes(3).toString("hex")}`;
    await admin.unsafe(`create database "${name}"`);
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    };
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    // Seeded here, so the shop's memory is that of a shop serving, not of one that has just loaded the demo.
    const database = await openDatabase({ url: url.toString(), max: 1 });
    await seedDemoData(database.db);
    await database.close();
    shopEnv = { BENCH_DB_URL: url.toString(), DATABASE_URL: undefined, BENCH_DATA_DIR: scratch };
  }

  if (!shopEnv.BENCH_DB_URL && !runningUrl) await prepareEmbedded();
  let bare = false;
  let barePeakMb = 0;
  let targets: { name: string; path: string }[] = [];
  const sizes: Record<string, number> = {};
  const report: (string | (() => string))[] = [];
  let met = true;

  for (const workers of workerCounts) {
    const shop: Shop = runningUrl
      ? { origin: runningUrl, pid: listeningPid(Number(new URL(runningUrl).port || 80)), engine: "the running shop's database", stop: async () => {} }
      : await startServer("shop", { ...shopEnv, WORKERS: String(workers), PORT: String(freePort()) }).then((server) => ({
          origin: `http://127.0.0.1:${server.port}`,
          pid: server.child.pid,
          engine: server.engine,
          stop: () => stopServer(server),
        }));
    const origin = shop.origin;
    // Idle: started on its data, and a moment to settle.
    if (!runningUrl) await new Promise((resolve) => setTimeout(resolve, 2000));
    if (aged) report.push(await ageShop(origin));
    const pids = shop.pid === undefined ? [] : processTree(shop.pid);
    const idle = pids.map((pid) => residentMb(pid, "VmRSS"));

    if (!bare) {
      const list = (await (await fetch(`${origin}/api/events?type=1&country-code=CO`)).json()) as { data: { id: number }[] };
      const eventId = list.data[0]?.id;
      if (eventId === undefined) throw new Error("the demo catalogue lists no event");
      targets = [
        { name: "GET /api/events?type=1&country-code=CO", path: "/api/events?type=1&country-code=CO" },
        { name: "GET /api/events/{id}", path: `/api/events/${eventId}` },
        { name: "GET /api/events/{id}/product-variant", path: `/api/events/${eventId}/product-variant` },
        { name: "GET /api/search?q=bogota", path: "/api/search?q=bogota" },
      ];
      // The bare app answers each path with the shop's own answer: the same JSON, the same size.
      const bodies: Record<string, string> = {};
      for (const target of targets) {
        const response = await fetch(`${origin}${target.path}`);
        if (response.status !== 200) throw new Error(`${target.path} answered ${response.status}`);
        const text = await response.text();
        bodies[target.path] = text;
        sizes[target.path] = Buffer.byteLength(text);
      }
      for (const target of targets) writeFileSync(bodyFile(target.path), bodies[target.path]!);
      bare = true;
    }

    // Resident memory sampled 10 times a second while the load runs: the peak under load, not the start-up's.
    const peak = [...idle];
    const sampler = setInterval(() => pids.forEach((pid, index) => (peak[index] = Math.max(peak[index]!, residentMb(pid, "VmRSS")))), 100);
    const rows: (() => string)[] = [];
    for (const load of loads) {
      rows.push(() => `load ${LOAD_NAMES[load]}: goal ${RATIO_GOALS[load]} % of the bare app or more`);
      for (const target of targets) {
        const measure = load === "outside" ? measureOutside : measureInside;
        // As the shared script does: a bare app of its own for each path, started afresh with that path's answer.
        const baseline = await startBare(bodyFile(target.path));
        const measured = await compare(origin, `http://127.0.0.1:${baseline.port}`, target.path, rounds, { seconds, connections }, measure, {
          shop: pids.length > 0 ? pids : undefined,
          bare: [baseline.child.pid!],
        }, { asShipped: load === "outside" }).finally(() => {
          barePeakMb = Math.max(barePeakMb, residentMb(baseline.child.pid!, "VmHWM"));
          return stopServer(baseline);
        });
        const { shop: ours, ratio } = measured;
        const bareRun = measured.bare;
        const ok = ratio >= RATIO_GOALS[load] && ours.p99 <= P99_GOAL_MS && ours.errors === 0;
        met &&= ok;
        const when = MachineLoad.now();
        // Worded when printed, at the end: by then the bench knows whether the load let any goal be judged.
        rows.push(() =>
          `  ${target.name.padEnd(40)} ${String(sizes[target.path]).padStart(6)} B | shop ${ours.rps.toFixed(0).padStart(6)} req/s p99 ${String(ours.p99).padStart(5)} ms` +
            ` | bare ${bareRun.rps.toFixed(0).padStart(6)} req/s p99 ${String(bareRun.p99).padStart(5)} ms | ${String(ratio).padStart(3)} % of bare ${machine.verdict(ok)}` +
            (ours.cpuUs !== undefined && bareRun.cpuUs !== undefined
              ? ` | CPU per answer: shop ${ours.cpuUs.toFixed(0)} µs, bare ${bareRun.cpuUs.toFixed(0)} µs (bare/shop ${Math.round((bareRun.cpuUs / ours.cpuUs) * 100)} %)`
              : "") +
            ` (${when})` +
            (ours.errors + bareRun.errors > 0 ? ` (errors: shop ${ours.errors}, bare ${bareRun.errors})` : ""),
        );
      }
    }
    clearInterval(sampler);
    const serving = workers > 1 ? peak.slice(1) : peak;
    const rssOk = serving.every((value) => value <= RSS_GOAL_MB);
    const processes = workers > 1 ? `${workers} worker processes (and a primary that serves nothing)` : "one shop process";
    report.push(
      "",
      `bench:reads on ${shop.engine}, ${processes}: ${connections} connections, medians of ${rounds} interleaved ${seconds} s measurements per server`,
      runningUrl
        ? `the shop already running at ${runningUrl}${shop.pid === undefined ? " (its process not found: no CPU or memory figures)" : ` (process ${shop.pid})`}`
        : `the shop as \`npm start\` runs it${process.env.LOG_LEVEL ? "" : " by default"}: request log at level ${logLevel} (JSON lines on stdout, to /dev/null here), metrics on (GET /metrics)`,
      `bare Hono app (a process per path, on this Node ${process.version}, no loader, no NODE_OPTIONS, as the shared script starts it): ${BARE_NAMES[bareMode]}`,
      `goal: each call at the load's share of the bare Hono app or more, p99 at most ${P99_GOAL_MS} ms`,
      ...rows,
      `shop resident memory: idle ${idle.map(mb).join(" + ")}, peak under the read load ${peak.map(mb).join(" + ")}` +
        (workers > 1 ? " (primary + workers)" : "") +
        (shop.engine === "postgres" ? ` (goal on PostgreSQL: at most ${RSS_GOAL_MB} MB per serving process: ${rssOk ? "met" : "NOT met"})` : ""),
    );
    if (shop.engine === "postgres") met &&= rssOk;
    await shop.stop();
    // A running shop is one: --workers does not apply to it.
    if (runningUrl) break;
  }
  const judged = machine.finish();
  for (const line of report) console.log(typeof line === "function" ? line() : line);
  if (bare) console.log(`bare Hono resident memory: ${mb(barePeakMb)} at its peak`);
  if (!process.env.DATABASE_URL) console.log("before this cache, an idle embedded shop held 543 MB (issue 11)");
  if (judged) console.log(met ? "all read goals met" : "some read goals NOT met");
  else if (!met) console.log("some read goals NOT met");
}

try {
  await main();
} finally {
  for (const child of children) child.kill();
  await dropDatabase().catch((error: unknown) => console.error("could not drop the bench database:", error));
  rmSync(scratch, { recursive: true, force: true });
}
