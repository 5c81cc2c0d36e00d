/**
 * `npm run bench:hosts` (root, Linux): two shop hosts behind HAProxy, one of them killed under load and started again.
 *
 * Each host is `npm start` (scripts/start.ts, one process) in a network namespace of its own, joined to the machine by
 * a veth pair on a bridge, with its own DATA_DIR and DIST_DIR, so each builds and serves its own pages. They share one
 * PostgreSQL (a cluster the bench makes with initdb, on a port of its own) and one Redis; HAProxy from Debian stands in
 * front and checks each host's `/api/ready`. The first host reads the catalogue from a streaming replica the bench
 * makes with pg_basebackup (DATABASE_READ_URL), the second from the primary, so both ways run side by side.
 *
 * Under a bounded load of catalogue reads and purchases through HAProxy, the first host's whole tree is killed
 * (SIGKILL to every process of its namespace) and started again later. Printed: acknowledged orders lost, seats
 * oversold, failed reads and purchases after the kill and how long they lasted, HAProxy's time to mark the host down
 * and up, the seconds until a catalogue change made through one host is served by both (its API answer and its event
 * page), uncached reads from the replica beside reads from the primary, and the machine's load. The last line is
 * `hosts: lost N, oversold N, failed purchases N, failover S s, change on both S s`. Exits 1 when an acknowledged
 * order is lost or a seat oversold. Everything it made is removed when it ends, on SIGINT/SIGTERM too.
 */
import { randomBytes } from "node:crypto";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { resolve, join } from "node:path";
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase, type Database } from "../../src/server/db/client";
import { events, productVariants } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { QUEUE_RETRIES } from "../../src/stores/booking";
import { exitWithUsageOnHelp } from "../lib/usage";
import { insertBuyers, onePassengerPurchase } from "./lib/bench-buyers";
import { benchOffer } from "./lib/bench-offer";
import { startChild } from "./lib/children";
import {
  GATEWAY_ADDRESS,
  HOST_PORT,
  cleanUp,
  cleanUpOnSignals,
  haproxyConfig,
  haproxyStatus,
  hostAddress,
  hostsRefusal,
  killNamespace,
  makeClusters,
  makeNetwork,
  namespaceOf,
  ownFolder,
  ownProcess,
  replicaSteps,
  startHaproxy,
  startRedis,
  writeOwn,
} from "./lib/hosts-infra";
import { MachineLoad } from "./lib/machine";
import { percentile } from "./lib/percentile";
import { rush } from "./lib/hosts-rush";

exitWithUsageOnHelp(`
Usage: npm run bench:hosts [-- --short]

Root and Linux only. Two shop hosts (npm start, each in a network namespace with its own DATA_DIR and pages) behind
HAProxy, on a PostgreSQL cluster of the bench's own with a streaming replica (pg_basebackup) and a Redis; under a
bounded load of reads and purchases through HAProxy one host is killed (SIGKILL to its whole tree) and started
again. Prints orders lost, seats oversold, failed reads and purchases after the kill and for how long, the seconds
until a catalogue change made through one host is served by both, reads from the replica beside reads from the
primary, and the machine's load; the last line sums it up. Installs nothing; removes all it made when it ends.
Needs HAProxy, redis-server and PostgreSQL 15's binaries from Debian (PG_BIN, default /usr/lib/postgresql/15/bin).
--short: a run of about a minute (the smoke test's); without it about two.
Settings: BENCH_HOSTS_PORT (20760: HAProxy there, PostgreSQL +1, its replica +2, Redis +3, the payment gateway +4),
BENCH_HOSTS_READERS (4), BENCH_HOSTS_BUYERS_PER_SECOND (10), BENCH_HOSTS_SEATS (600).
`);

const SHORT = process.argv.includes("--short");
const RUSH = process.argv.includes("--rush");
/** --rush: bench:rush's on-sale rush through HAProxy to the two hosts, ten times the size of bench:rush's default. */
const RUSH_BUYERS = Number(process.env.BENCH_RUSH_BUYERS ?? (SHORT ? 600 : 30_000));
const RUSH_SEATS = Number(process.env.BENCH_RUSH_SEATS ?? (SHORT ? 100 : 5000));
const RUSH_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? (SHORT ? 5 : 30));
const GOAL_RUSH_P99_MS = 3000;
const GOAL_RUSH_READ_P99_MS = 250;
const refusal = hostsRefusal();
if (refusal) {
  console.log(`bench:hosts cannot run here: ${refusal}. Nothing measured.`);
  process.exit(0);
}

/**
 * Below Linux's ephemeral range (32768 and up) and below the ports the other benches pick (scripts/bench/lib/processes.ts
 * freePort, 21000 and up): a listener in the ephemeral range finds its port taken now and then by an outgoing
 * connection of the same machine (HAProxy once refused to start, "Address already in use" on 47060, the earlier
 * default, with nothing listening there).
 */
const BASE_PORT = Number(process.env.BENCH_HOSTS_PORT ?? 20760);
const [HAPROXY_PORT, PRIMARY_PORT, REPLICA_PORT, REDIS_PORT, GATEWAY_PORT] = [0, 1, 2, 3, 4].map((offset) => BASE_PORT + offset) as [number, number, number, number, number];
const READERS = Number(process.env.BENCH_HOSTS_READERS ?? (SHORT ? 2 : 4));
const BUYERS_PER_SECOND = Number(process.env.BENCH_HOSTS_BUYERS_PER_SECOND ?? (SHORT ? 5 : 10));
const SEATS = Number(process.env.BENCH_HOSTS_SEATS ?? (SHORT ? 150 : 600));
/** Seconds of load before the kill, with the host down, and after HAProxy has it up again. */
const BEFORE_KILL_S = SHORT ? 6 : 15;
const DOWN_S = SHORT ? 5 : 15;
const AFTER_UP_S = SHORT ? 4 : 10;
/** Seconds of uncached reads on each host for the replica's figure. */
const REPLICA_READ_S = SHORT ? 2 : 6;
const READ_PAUSE_MS = 20;
/** The browser client's time-out (src/client/api.ts): past it the wizard shows an error. */
const TIMEOUT_MS = 15_000;
const START_TIMEOUT_MS = 600_000;
/** HAProxy's health check (`inter` in its configuration): a failed read is allowed within one interval. */
const CHECK_INTERVAL_S = 1;
const GOAL_CHANGE_S = 2.5;
const JWT_SECRET = randomBytes(32).toString("base64url");
const EVENT = "festival-parque-ohiggins"; // Chilean pesos: Webpay settles them.
const HOLDING = ["paid", "awaiting_payment", "awaiting_transfer_payment"];
const HOSTS = 2;
const haproxyVersion = /version (\S+)/i.exec(spawnSync("haproxy", ["-v"], { encoding: "utf8" }).stdout)?.[1] ?? "";

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, Math.max(0, milliseconds)));
const seconds = (from: number, to = performance.now()) => (to - from) / 1000;
const escaped = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "time-out";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

cleanUp(); // what a run killed outright left behind
cleanUpOnSignals();
const machine = new MachineLoad();
const work = ownFolder(resolve(".tmp/bench-hosts"));
let exitCode = 0;
let database: Database | undefined;
let sql: postgres.Sql | undefined;

/** One host: `npm start` in its namespace; resolves once it says it is running. */
function startHost(index: number, readFromReplica: boolean): Promise<{ child: ChildProcess; seconds: number }> {
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    DATABASE_URL: `postgres://postgres@${GATEWAY_ADDRESS}:${PRIMARY_PORT}/rodamos`,
    DATABASE_READ_URL: readFromReplica ? `postgres://postgres@${GATEWAY_ADDRESS}:${REPLICA_PORT}/rodamos` : undefined,
    DATABASE_POOL: "10",
    REDIS_URL: `redis://${GATEWAY_ADDRESS}:${REDIS_PORT}`,
    WORKERS: "1",
    HOST: "0.0.0.0",
    PORT: String(HOST_PORT),
    // Both hosts stand behind one public origin, HAProxy's.
    PUBLIC_URL: `http://127.0.0.1:${HAPROXY_PORT}`,
    TRUST_PROXY: GATEWAY_ADDRESS,
    DATA_DIR: join(work, `h${index + 1}`, "data"),
    DIST_DIR: join(work, `h${index + 1}`, "dist"),
    JWT_SECRET,
    WEBPAY_BASE_URL: `http://${GATEWAY_ADDRESS}:${GATEWAY_PORT}/webpay`,
    PAYMENT_SIMULATORS: "true",
    ORDER_SWEEP_SECONDS: "0",
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  // As `npm start` runs it (node --import tsx scripts/start.ts); its request log (stdout) is not kept.
  const child = spawn("ip", ["netns", "exec", namespaceOf(index), process.execPath, "--import", "tsx", "scripts/start.ts"], { env, stdio: ["ignore", "ignore", "pipe"] });
  ownProcess(child, "start.ts");
  return new Promise((done, fail) => {
    let output = "";
    const timer = setTimeout(() => fail(new Error(`host ${index + 1} not running after ${START_TIMEOUT_MS / 1000} s:\n${output}`)), START_TIMEOUT_MS);
    child.stderr!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (process.env.BENCH_VERBOSE) process.stderr.write(`[h${index + 1}] ${chunk.toString()}`);
      if (output.includes("The shop is running at")) {
        clearTimeout(timer);
        done({ child, seconds: seconds(started) });
      }
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`host ${index + 1} ended (${code ?? signal}) before it ran:\n${output}`));
    });
  });
}

async function until(what: string, limitS: number, probe: () => Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await probe())) {
    if (seconds(started) > limitS) throw new Error(`${what}: not within ${limitS} s`);
    await sleep(100);
  }
  return seconds(started);
}

try {
  console.log(
    `bench:hosts${SHORT ? " --short" : ""}: 2 hosts (npm start, 1 process each, own namespace, DATA_DIR and pages) behind HAProxy ${haproxyVersion} ` +
      `on one PostgreSQL 15 cluster of the bench's own with a streaming replica, and one Redis. The machine is shared: ${machine.cores} cores, the load average beside every figure.`,
  );
  makeNetwork(HOSTS);
  const clusters = makeClusters(PRIMARY_PORT, REPLICA_PORT);
  console.log(`Replica set up (${clusters.basebackupSeconds.toFixed(1)} s for pg_basebackup):`);
  for (const step of replicaSteps) console.log(`  ${step}`);
  const admin = postgres(`postgres://postgres@127.0.0.1:${PRIMARY_PORT}/postgres`, { max: 1, onnotice: () => {} });
  await admin.unsafe("create database rodamos");
  await admin.end({ timeout: 5 });
  const dbUrl = `postgres://postgres@127.0.0.1:${PRIMARY_PORT}/rodamos`;
  database = await openDatabase({ url: dbUrl, max: 4 });
  const db = database.db;
  await seedDemoData(db);
  sql = postgres(dbUrl, { max: 1, onnotice: () => {} });

  const offer = await benchOffer(db, EVENT);
  const rushed = offer.bookable[0];
  if (!rushed) throw new Error("the demo event has no bookable subcategory");
  const seats = RUSH ? RUSH_SEATS : SEATS;
  await db.update(productVariants).set({ stock: seats }).where(eq(productVariants.id, rushed.id));
  const [other] = await db.select({ id: events.id, slug: events.slug }).from(events).where(and(eq(events.countryCode, "CO"), eq(events.type, 1), eq(events.published, true))).limit(1);
  if (!other) throw new Error("no published mass event in Colombia");
  const budget = BUYERS_PER_SECOND * (BEFORE_KILL_S + DOWN_S + AFTER_UP_S + 240);
  const tokens = await insertBuyers(db, RUSH ? RUSH_BUYERS : budget, "hosts", JWT_SECRET);

  startRedis(REDIS_PORT);
  const gateway = await startChild("scripts/bench/purchase-gateway.ts", { NODE_ENV: "test", BENCH_GATEWAY_HOST: GATEWAY_ADDRESS, BENCH_GATEWAY_PORT: String(GATEWAY_PORT) }, "BENCH GATEWAY READY");
  ownProcess(gateway.process, "purchase-gateway");
  const socket = join(work, "haproxy.sock");
  const config = haproxyConfig({ port: HAPROXY_PORT, socket, servers: Array.from({ length: HOSTS }, (_, index) => ({ name: `h${index + 1}`, address: `${hostAddress(index)}:${HOST_PORT}` })) });
  startHaproxy(writeOwn(join(work, "haproxy.cfg"), config));
  console.log("HAProxy configuration:");
  console.log(config.replace(/^/gm, "  ").trimEnd());

  // One host after the other: the first start of each builds its pages, the heaviest moment for two cores.
  const hosts: ChildProcess[] = [];
  for (let index = 0; index < HOSTS; index += 1) {
    const host = await startHost(index, index === 0);
    hosts.push(host.child);
    console.log(`Host h${index + 1} running in ${host.seconds.toFixed(1)} s (pages built; reads the catalogue from the ${index === 0 ? "replica" : "primary"}; ${MachineLoad.now()})`);
  }
  await until("both hosts up in HAProxy", 30, async () => Object.values(await haproxyStatus(socket)).filter((status) => status === "UP").length === HOSTS).catch(async (error: unknown) => {
    // Which host HAProxy does not have, and what that host answers its check: the way to see why.
    const answers = await Promise.all([0, 1].map((index) => fetch(`http://${hostAddress(index)}:${HOST_PORT}/api/ready`, { signal: AbortSignal.timeout(2000) }).then(async (answer) => `${answer.status} ${(await answer.text()).slice(0, 200)}`, (failure: unknown) => failureOf(failure))));
    throw new Error(`${(error as Error).message}: HAProxy has ${JSON.stringify(await haproxyStatus(socket))}; /api/ready answers h1 ${answers[0]}, h2 ${answers[1]}`);
  });

  // A catalogue change through h2: until both hosts serve it (their API answer and their event page), each host asked
  // directly. h1 reads from the replica, so this is the change a lagging replica would get wrong.
  const direct = (index: number) => `http://${hostAddress(index)}:${HOST_PORT}`;
  const login = await fetch(`${direct(1)}/shop-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_ACCOUNTS.admin.password }),
  });
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  const adminHeaders = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  async function changeOnBoth(): Promise<{ seconds: number; detail: string }> {
    const path = `/shop-api/admin/events/${other!.id}`;
    const body = ((await (await fetch(`${direct(1)}${path}`, { headers: adminHeaders })).json()) as { data: Record<string, unknown> }).data;
    const newName = `Evento en dos hosts ${Date.now().toString(36)}`;
    (body.translations as Record<string, { name: string }>).es_CO!.name = newName;
    const changed = await fetch(`${direct(1)}${path}`, { method: "PUT", headers: adminHeaders, body: JSON.stringify(body) });
    if (changed.status !== 200) throw new Error(`PUT ${path}: ${changed.status} ${await changed.text()}`);
    const changeAt = performance.now();
    const served = new Map<string, number>();
    await until("the change on both hosts", 120, async () => {
      for (let index = 0; index < HOSTS; index += 1) {
        for (const [kind, url, wanted] of [
          ["API", `${direct(index)}/api/events/${other!.slug}`, newName],
          ["page", `${direct(index)}/event/${other!.slug}`, escaped(newName)],
        ] as const) {
          const key = `h${index + 1} ${kind}`;
          if (served.has(key)) continue;
          const text = await (await fetch(url, { headers: { "x-locale": "es_CO" } })).text();
          if (text.includes(wanted)) served.set(key, seconds(changeAt));
        }
      }
      return served.size === HOSTS * 2;
    }).catch((error: unknown) => {
      // Which host and which kind never showed it: the way to see why.
      throw new Error(`${(error as Error).message} (served: ${[...served.keys()].join(", ") || "none"})`);
    });
    return { seconds: Math.max(...served.values()), detail: [...served].map(([key, value]) => `${key} ${value.toFixed(2)} s`).join(", ") };
  }

  // Before the load: uncached reads (a search no one asked before reaches the database every time) on each host directly, in turns.
  async function uncachedReads(index: number, limitS: number): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
    const latencies: number[] = [];
    let errors = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 4 }, async (_, loop) => {
        for (let n = 0; seconds(started) < limitS; n += 1) {
          const t0 = performance.now();
          const response = await fetch(`${direct(index)}/api/search?country-code=CO&q=${encodeURIComponent(`ro${loop}x${n}${Math.random().toString(36).slice(2, 6)}`)}`, { headers: { "x-locale": "es_CO" } });
          await response.arrayBuffer();
          if (response.status !== 200) errors += 1;
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    return { rps: latencies.length / seconds(started), p50: percentile(latencies, 50), p99: percentile(latencies, 99), errors };
  }
  const replicaReads: Awaited<ReturnType<typeof uncachedReads>>[] = [];
  const primaryReads: Awaited<ReturnType<typeof uncachedReads>>[] = [];
  for (let round = 0; round < 3; round += 1) {
    replicaReads.push(await uncachedReads(0, REPLICA_READ_S / 3));
    primaryReads.push(await uncachedReads(1, REPLICA_READ_S / 3));
  }
  const middle = (runs: typeof replicaReads) => [...runs].sort((a, b) => a.rps - b.rps)[1]!;

  /** What the database holds after the load: orders holding the sold subcategory, and the seat counters beside a recount. */
  async function whatTheDatabaseHolds(answeredIds: number[]) {
    const held = await sql!<{ id: number }[]>`
      select o.id from orders o join tickets t on t.order_id = o.id
      where o.event_date_id = ${offer.date.id} and t.product_variant_id = ${rushed!.id} and o.state in ${sql!(HOLDING)}`;
    const heldIds = new Set(held.map((row) => Number(row.id)));
    const answered = new Set(answeredIds);
    const [drift] = await sql!<{ n: number }[]>`
      select count(*)::int as n from seat_counts s
      full join (select t.product_variant_id as v, o.event_date_id as d, count(*)::int as taken from tickets t join orders o on o.id = t.order_id
                 where o.state in ${sql!(HOLDING)} and o.event_date_id is not null group by 1, 2) r
        on r.v = s.product_variant_id and r.d = s.event_date_id
      where coalesce(s.taken, 0) <> coalesce(r.taken, 0)`;
    return {
      heldIds,
      oversold: Math.max(0, held.length - seats),
      // A 201 whose order the database does not hold is lost.
      lost: answeredIds.filter((id) => !heldIds.has(id)).length,
      unanswered: [...heldIds].filter((id) => !answered.has(id)).length,
      drift: drift!.n,
    };
  }

  const origin = `http://127.0.0.1:${HAPROXY_PORT}`;
  const readPaths = [`/api/events?type=1&country-code=CO`, `/api/events/${other.slug}`, `/api/events/${other.slug}/product-variant`, `/api/provinces/by-event/${EVENT}`];
  const replica = middle(replicaReads);
  const primary = middle(primaryReads);
  const readsLine =
    `  uncached search reads  from the replica (h1) ${replica.rps.toFixed(0)}/s p50 ${replica.p50.toFixed(0)} ms p99 ${replica.p99.toFixed(0)} ms; from the primary (h2) ${primary.rps.toFixed(0)}/s p50 ${primary.p50.toFixed(0)} ms p99 ${primary.p99.toFixed(0)} ms` +
    ` (before the load, each host asked directly, 4 connections, median of 3 turns each; errors ${replica.errors + primary.errors}; one machine: the replica adds no cores here, it takes reads off the primary)`;

  if (RUSH) {
    console.log(`Rush through HAProxy: ${RUSH_BUYERS} buyers arrive within ${RUSH_SECONDS} s for ${RUSH_SEATS} seats, each once through the wizard's calls; ${READERS} readers alongside (${MachineLoad.now()}).`);
    const result = await rush({ origin, offer, variantId: rushed.id, tokens, arrivalSeconds: RUSH_SECONDS, readers: READERS, readPaths });
    const { heldIds, oversold, lost, drift } = await whatTheDatabaseHolds(result.answeredIds);
    console.log("");
    console.log(`  buyers                 ${RUSH_BUYERS} in ${result.seconds.toFixed(1)} s`);
    for (const [key, value] of [...result.outcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(22)} ${value}`);
    console.log(`  definite answers       ${result.definite} of ${RUSH_BUYERS}`);
    console.log(`  time-outs              ${result.timeouts}`);
    console.log(`  5xx                    ${result.serverErrors}`);
    console.log(`  arrival to answer      p50 ${result.p50.toFixed(0)} ms / p99 ${result.p99.toFixed(0)} ms (goal <= ${GOAL_RUSH_P99_MS} ms) ${machine.verdict(result.p99 <= GOAL_RUSH_P99_MS)}`);
    console.log(`  catalogue reads        ${result.reads}, p99 ${result.readP99.toFixed(0)} ms (goal <= ${GOAL_RUSH_READ_P99_MS} ms), errors ${result.readErrors} ${machine.verdict(result.readP99 <= GOAL_RUSH_READ_P99_MS)}`);
    console.log(`  seats held             ${heldIds.size} of ${RUSH_SEATS}`);
    console.log(`  oversold               ${oversold}`);
    console.log(`  lost                   ${lost}`);
    console.log(`  seat count drift       ${drift} rows`);
    console.log(readsLine);
    if (lost > 0 || oversold > 0 || drift !== 0) exitCode = 1;
    machine.finish();
    console.log(
      `hosts rush: buyers ${RUSH_BUYERS}, definite ${result.definite}, time-outs ${result.timeouts}, 5xx ${result.serverErrors}, oversold ${oversold}, lost ${lost}, p99 ${(result.p99 / 1000).toFixed(2)} s, read p99 ${result.readP99.toFixed(0)} ms`,
    );
  } else {
  // The load: readers and buyers through HAProxy, each answer kept with its moment.
  interface Sample {
    at: number;
    kind: "read" | "purchase";
    ok: boolean;
    what: string;
  }
  const samples: Sample[] = [];
  const answeredIds: number[] = [];
  let loading = true;
  const readers = Array.from({ length: READERS }, async (_, reader) => {
    for (let turn = reader; loading; turn += 1) {
      let ok = false;
      let what = "200";
      try {
        const response = await fetch(origin + readPaths[turn % readPaths.length]!, { headers: { accept: "application/json", "x-locale": "es_CO" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await response.arrayBuffer();
        ok = response.status === 200;
        what = String(response.status);
      } catch (error) {
        what = failureOf(error);
      }
      samples.push({ at: performance.now(), kind: "read", ok, what });
      await sleep(READ_PAUSE_MS);
    }
  });
  const purchaseBody = onePassengerPurchase(offer, rushed.id);
  async function buyer(token: string): Promise<void> {
    const headers = { accept: "application/json", "content-type": "application/json", "x-locale": "es_CL", authorization: `Bearer ${token}` };
    for (let attempt = 0; ; attempt += 1) {
      let what: string;
      try {
        const response = await fetch(`${origin}/shop-api/init-payment`, { method: "POST", headers, body: JSON.stringify(purchaseBody), signal: AbortSignal.timeout(TIMEOUT_MS) });
        const body = (await response.json().catch(() => undefined)) as { success?: boolean; code?: string; data?: { orderId?: number }; retryAfter?: number } | undefined;
        if (response.status === 201 && body?.success) {
          answeredIds.push(Number(body.data?.orderId));
          samples.push({ at: performance.now(), kind: "purchase", ok: true, what: "seat" });
          return;
        }
        if (body?.code === "stock_exhausted") {
          samples.push({ at: performance.now(), kind: "purchase", ok: true, what: "sold out" });
          return;
        }
        // The wizard waits as told and sends it again.
        if (body?.code === "purchase_queue_full" && typeof body.retryAfter === "number" && attempt < QUEUE_RETRIES) {
          await sleep(body.retryAfter * 1000 + Math.random() * 500);
          continue;
        }
        what = `${response.status} ${body?.code ?? ""}`.trim();
      } catch (error) {
        what = failureOf(error);
      }
      samples.push({ at: performance.now(), kind: "purchase", ok: false, what });
      return;
    }
  }
  const purchases: Promise<void>[] = [];
  const buying = (async () => {
    for (let next = 0; loading && next < tokens.length; next += 1) {
      purchases.push(buyer(tokens[next]!));
      await sleep(1000 / BUYERS_PER_SECOND);
    }
  })();
  // HAProxy's view of the first host, every 100 ms.
  const transitions: { at: number; status: string }[] = [];
  const watching = (async () => {
    let last = "";
    while (loading) {
      const status = (await haproxyStatus(socket)).h1 ?? "?";
      if (status !== last) transitions.push({ at: performance.now(), status });
      last = status;
      await sleep(100);
    }
  })();

  const loadStarted = performance.now();
  console.log(`Load through HAProxy: ${READERS} readers (one request at a time, ${READ_PAUSE_MS} ms apart), ${BUYERS_PER_SECOND} buyers a second for ${SEATS} seats.`);
  await sleep((BEFORE_KILL_S * 1000) / 2);
  const steady = await changeOnBoth();
  console.log(`+${seconds(loadStarted).toFixed(1)} s: a change through h2 served by both in ${steady.seconds.toFixed(2)} s (${MachineLoad.now()})`);
  await sleep(BEFORE_KILL_S * 1000 - (performance.now() - loadStarted));
  const killedAt = performance.now();
  const killed = killNamespace(namespaceOf(0));
  console.log(`+${seconds(loadStarted).toFixed(1)} s: h1 killed (SIGKILL to the ${killed} processes of its namespace; ${MachineLoad.now()})`);
  await sleep(DOWN_S * 1000);
  const restartedAt = performance.now();
  const restarted = await startHost(0, true);
  hosts[0] = restarted.child;
  console.log(`+${seconds(loadStarted).toFixed(1)} s: h1 started again, running in ${restarted.seconds.toFixed(1)} s (${MachineLoad.now()})`);
  await until("h1 up again in HAProxy", 30, async () => (await haproxyStatus(socket)).h1 === "UP");
  await sleep(AFTER_UP_S * 1000);
  const afterRestart = await changeOnBoth();


  loading = false;
  await Promise.all([...readers, buying, watching]);
  await Promise.all(purchases);
  const loadSeconds = seconds(loadStarted);

  const [lag] = await sql<{ lag: string }[]>`select coalesce(max(replay_lag)::text, '0') as lag from pg_stat_replication`;

  const { heldIds, oversold, lost, unanswered, drift } = await whatTheDatabaseHolds(answeredIds);
  const reads = samples.filter((sample) => sample.kind === "read");
  const buys = samples.filter((sample) => sample.kind === "purchase");
  const failed = samples.filter((sample) => !sample.ok);
  const failedBefore = failed.filter((sample) => sample.at < killedAt);
  const failedAfter = failed.filter((sample) => sample.at >= killedAt);
  const failedReads = failedAfter.filter((sample) => sample.kind === "read");
  const failedPurchases = failed.filter((sample) => sample.kind === "purchase");
  const lastFailure = failedAfter.at(-1);
  const failover = lastFailure ? seconds(killedAt, lastFailure.at) : 0;
  const down = transitions.find((transition) => transition.at >= killedAt && transition.status.startsWith("DOWN"));
  const back = transitions.find((transition) => transition.at >= restartedAt && transition.status === "UP");
  const kinds = (list: Sample[]) => {
    const counts = new Map<string, number>();
    for (const sample of list) counts.set(sample.what, (counts.get(sample.what) ?? 0) + 1);
    return [...counts].map(([what, count]) => `${count} × ${what}`).join(", ") || "none";
  };
  const window = (list: Sample[]) => (list.length ? `from +${seconds(killedAt, list[0]!.at).toFixed(2)} s to +${seconds(killedAt, list.at(-1)!.at).toFixed(2)} s after the kill` : "");

  console.log("");
  console.log(`  load                   ${loadSeconds.toFixed(1)} s: ${reads.length} reads, ${buys.length} purchases (${buys.filter((sample) => sample.what === "seat").length} seats, ${buys.filter((sample) => sample.what === "sold out").length} sold out)`);
  console.log(`  failed before the kill ${failedBefore.length} (${kinds(failedBefore)})`);
  console.log(`  failed reads           ${failedReads.length} of ${reads.filter((sample) => sample.at >= killedAt).length} after the kill (${kinds(failedReads)}) ${window(failedReads)}`);
  console.log(`  failed purchases       ${failedPurchases.length} of ${buys.length} (${kinds(failedPurchases)}) ${window(failedPurchases.filter((sample) => sample.at >= killedAt))}`);
  console.log(`  failover               ${failover.toFixed(2)} s from the kill to the last failed request (goal: failed reads within one health-check interval, ${CHECK_INTERVAL_S} s) ${machine.verdict(failedReads.every((sample) => seconds(killedAt, sample.at) <= CHECK_INTERVAL_S))}`);
  console.log(`  HAProxy                h1 DOWN ${down ? `${seconds(killedAt, down.at).toFixed(1)} s after the kill` : "never seen"}; UP ${back ? `${seconds(restartedAt, back.at).toFixed(1)} s after the restart began` : "never seen"}`);
  console.log(`  orders held            ${heldIds.size} of ${seats} seats; ${unanswered} of them without their buyer's 201 (the answer was cut with the host)`);
  console.log(`  lost                   ${lost} (answered 201 without an order held)`);
  console.log(`  oversold               ${oversold}`);
  console.log(`  seat count drift       ${drift} rows`);
  console.log(`  change on both         ${steady.seconds.toFixed(2)} s with both hosts up (${steady.detail}; goal <= ${GOAL_CHANGE_S} s) ${machine.verdict(steady.seconds <= GOAL_CHANGE_S)}`);
  console.log(`  ... after the restart  ${afterRestart.seconds.toFixed(2)} s, ${AFTER_UP_S} s after h1 was up again (${afterRestart.detail}; its publisher's first full build may still run)`);
  console.log(readsLine);
  console.log(`  replica replay lag     ${lag!.lag} at the end (pg_stat_replication)`);
  if (lost > 0 || oversold > 0 || drift !== 0) exitCode = 1;
  machine.finish();
  console.log(`hosts: lost ${lost}, oversold ${oversold}, failed purchases ${failedPurchases.length}, failover ${failover.toFixed(2)} s, change on both ${steady.seconds.toFixed(2)} s`);
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  exitCode = 1;
} finally {
  await sql?.end({ timeout: 2 }).catch(() => {});
  await database?.close().catch(() => {});
  cleanUp();
}
process.exit(exitCode);
