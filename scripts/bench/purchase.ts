/**
 * `npm run bench:purchase`: many buyers racing for the same seats, beside the database's own ceiling for that
 * contention pattern, measured in the same run (docs/performance.md).
 *
 * 1. A throw-away database on the PostgreSQL server of DATABASE_URL, migrated and seeded; BENCH_BUYERS buyers.
 * 2. The ceiling: `pgbench` with a script of one transaction that decrements one of the same number of hot stock
 *    rows conditionally and inserts an order, on as many connections as the shop has.
 * 3. For each process count of `--workers` (default 1): the real shop in a child process (the load generator
 *    never shares its event loop), Webpay's simulator in another (standing for Transbank); BENCH_BUYERS concurrent
 *    buyers each make BENCH_WARM_UP_ROUNDS purchases to warm the shop up (not measured, cancelled after each round),
 *    then BENCH_ROUNDS one-ticket purchases of
 *    a few subcategories whose stock is below the demand. The buyers send through Node's http client with bodies built
 *    once (lib/bench-buyers.ts), and a purchase answered 503 `purchase_queue_full` is sent again after its Retry-After,
 *    as the booking wizard does.
 *    Prints orders/s, p50/p99, the ratio to the ceiling, the shop's peak RSS, the CPU milliseconds per completed
 *    purchase of the shop's processes and of PostgreSQL's backends (from /proc, until the last seat was sold) beside
 *    pgbench's CPU per transaction in the same run (and the CPU the buyers and the gateway's simulator took), the
 *    writing transactions and WAL bytes per completed purchase (the server's, from its next transaction id and WAL
 *    position), the gateway transactions opened, then checks the database:
 *    0 oversold, 0 lost (every 201 has its order, every held order had its 201), seat counts equal to a recount.
 * 4. The goals, judged only when the machine's load stayed at most twice its cores: CPU per completed purchase at
 *    most 7 x pgbench's CPU per transaction (pgbench and its backends: the shop and its backends' counterpart), and
 *    completed orders per second at least 25 % of pgbench's transactions per second.
 * Exits 1 when a check fails; the database is dropped at the end.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../../src/server/db/client";
import { productVariants } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { postgresTarget } from "../../src/server/db/postgres-url";
import { throwAwayDatabase } from "../lib/throw-away-database";
import { exitWithUsageOnHelp } from "../lib/usage";
import { viaLocalSocket } from "./lib/local-socket";
import { backendPids, CpuSampler } from "./lib/cpu";
import { startChild, stopChild, type Child } from "./lib/children";
import { MachineLoad } from "./lib/machine";
import { benchOffer } from "./lib/bench-offer";
import { buyerClient, insertBuyers, onePassengerPurchase } from "./lib/bench-buyers";
import { freePort, peakRss, processTree } from "./lib/processes";

exitWithUsageOnHelp(`
Usage: npm run bench:purchase [-- --workers 1,2]

Concurrent buyers racing for the same seats on a throw-away PostgreSQL database, beside pgbench's ceiling for
the same contention pattern; prints orders/s, p50/p99 latency, the ratio to the ceiling, the CPU, transactions
and WAL per completed purchase, the shop's peak RSS, and checks 0 oversold and 0 lost (exits 1 otherwise).
Goals: CPU per purchase <= 7 x pgbench's per transaction, orders/s >= 25 % of pgbench's transactions/s.
--workers 1,2 runs the shop with 1, then 2 processes.
Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_BUYERS (200), BENCH_ROUNDS (15),
BENCH_WARM_UP_ROUNDS (5, purchases per buyer before the measured ones, cancelled),
BENCH_POOL (connections per shop process, 10), BENCH_PGBENCH_SECONDS (10), PGBENCH (path of pgbench).
`);

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
/**
 * Measured purchases per buyer. Fifteen make the measured window 4–6 s: with five it lasted 1–1.7 s, and runs of the
 * same code minutes apart read from 2.2 to 3.4 ms of CPU per purchase (a major collection or a compilation in the
 * window moved the figure); with fifteen they stayed within a tenth.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
/**
 * Rounds of the unmeasured warm-up (each buyer buys one seat of the warm-up subcategory, then all are cancelled). One
 * round left V8 still compiling the purchase's path while the seats sold: a fifth of the shop's CPU in the measured
 * second and a half was the optimising compiler's, which a shop selling for minutes pays once.
 */
const WARM_UP_ROUNDS = Number(process.env.BENCH_WARM_UP_ROUNDS ?? 5);
const POOL = Number(process.env.BENCH_POOL ?? 10);
/** The ceiling's run: ten seconds, as its CPU per transaction moved by a third between 5-second runs. */
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
const workersArg = process.argv.indexOf("--workers");
const WORKER_COUNTS = (workersArg > 0 ? process.argv[workersArg + 1]! : "1").split(",").map(Number);
const SUBCATEGORIES = 3;
/** Seats per subcategory: together well below BUYERS x ROUNDS, so the last seats are fought over. */
const STOCK = Math.max(1, Math.floor((BUYERS * ROUNDS * 0.6) / SUBCATEGORIES));
const JWT_SECRET = randomBytes(32).toString("base64url");
const EVENT = "festival-parque-ohiggins"; // Chilean pesos: Webpay settles them.
const HOLDING = ["paid", "awaiting_payment", "awaiting_transfer_payment"];
/**
 * The goals, as ratios to pgbench's transaction in the same run: the CPU per completed purchase (the shop's processes
 * and PostgreSQL's backends) at most this many times pgbench's CPU per transaction (pgbench and its backends), and
 * the completed orders per second at least this share of pgbench's transactions per second.
 */
const CPU_GOAL_RATIO = 7;
const THROUGHPUT_GOAL_SHARE = 0.25;
const goalLines: (() => string)[] = [];

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
/**
 * The server's write-ahead log position and next transaction id: their growth over the measured purchases is the WAL
 * and the writing transactions (one id each) per purchase. Server-wide: other databases' writes meanwhile count too.
 */
async function serverWrites(watcher: postgres.Sql): Promise<{ lsn: string; xid: number }> {
  const [row] = await watcher<{ lsn: string; xid: string }[]>`select pg_current_wal_lsn()::text as lsn, pg_snapshot_xmax(pg_current_snapshot())::text as xid`;
  return { lsn: row!.lsn, xid: Number(row!.xid) };
}
/** How many transactions the gateway simulator has opened (purchase-gateway.ts). */
async function gatewayStarts(origin: string): Promise<number> {
  return ((await (await fetch(`${origin}/started`)).json()) as { started: number }).started;
}
const ms = (value: number) => `${value.toFixed(1)} ms`;

function pgbenchPath(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  for (const candidate of ["pgbench", "/usr/lib/postgresql/15/bin/pgbench"]) {
    if (spawnSync(candidate, ["--version"]).status === 0) return candidate;
  }
  throw new Error("pgbench not found: install postgresql-client or set PGBENCH");
}

/**
 * The ceiling: the same contention (a conditional decrement of one of N hot rows, then an order insert) in pgbench,
 * with the CPU its PostgreSQL backends and pgbench itself used per transaction.
 */
async function measureCeiling(dbUrl: string, clients: number, workDir: string, watcher: postgres.Sql, database: string) {
  const script = join(workDir, "purchase.sql");
  writeFileSync(
    script,
    [
      `\\set id random(1, ${SUBCATEGORIES})`,
      "BEGIN;",
      "UPDATE bench_hot SET stock = stock - 1 WHERE id = :id AND stock >= 1;",
      "INSERT INTO bench_orders (hot_id, user_id, total) VALUES (:id, :client_id, 14000);",
      "END;",
      "",
    ].join("\n"),
  );
  const run = spawn(pgbenchPath(), ["-n", "-M", "prepared", "-f", script, "-c", String(clients), "-j", "2", "-T", String(PGBENCH_SECONDS), dbUrl], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const backends = new CpuSampler(backendPids(watcher, database, "pgbench"));
  const client = new CpuSampler(() => [run.pid!]);
  let stdout = "";
  let stderr = "";
  run.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  run.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => run.once("exit", resolve));
  const ended = performance.now();
  await Promise.all([backends.stop(), client.stop()]);
  if (status !== 0) throw new Error(`pgbench failed: ${stderr}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1]);
  const transactions = Number(/number of transactions actually processed: (\d+)/.exec(stdout)?.[1]);
  return {
    tps,
    latency,
    backendMsPerTx: backends.usedBetween(started, ended) / transactions,
    clientMsPerTx: client.usedBetween(started, ended) / transactions,
  };
}


const machine = new MachineLoad();
const connection = viaLocalSocket(SERVER_URL);
const throwAway = await throwAwayDatabase(connection.url, "rodamos_bench");
const { name } = throwAway;
const dbUrl = throwAway.url;
const workDir = mkdtempSync(join(tmpdir(), "rodamos-bench-"));
const children: Child[] = [];
let exitCode = 0;

try {
  const database = await openDatabase({ url: dbUrl, max: 4 });
  const db = database.db;
  await seedDemoData(db);
  const target = postgresTarget(dbUrl);
  const sql = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });
  // Its own connection, whose backend pg_stat_activity's query leaves out of the figures.
  const watcher = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });

  // What the buyers want: a few one-seat subcategories of one event date, with scarce stock.
  const offer = await benchOffer(db, EVENT);
  const { date, bookable } = offer;
  const variants = bookable.slice(0, SUBCATEGORIES);
  const variantIds = variants.map((variant) => variant.id);
  await db.update(productVariants).set({ stock: STOCK }).where(inArray(productVariants.id, variantIds));
  // Another subcategory for the warm-up, with a seat for every buyer: a shop serving for a while is warm.
  const warmUp = bookable[SUBCATEGORIES];
  if (!warmUp) throw new Error("the demo event has too few subcategories for the bench");
  await db.update(productVariants).set({ stock: BUYERS }).where(eq(productVariants.id, warmUp.id));

  // Buyers with session tokens, inserted directly (sign-up is not what is measured).
  const tokens = await insertBuyers(db, BUYERS, "bench", JWT_SECRET);

  // The ceiling, on as many connections as the largest shop run has.
  await sql.unsafe(`create table bench_hot (id int primary key, stock int not null);
    insert into bench_hot select g, 1000000000 from generate_series(1, ${SUBCATEGORIES}) g;
    create table bench_orders (id bigserial primary key, hot_id int not null, user_id int not null, total int not null, created_at timestamptz not null default now());`);
  const ceilingClients = POOL * Math.max(...WORKER_COUNTS);
  const ceiling = await measureCeiling(dbUrl, ceilingClients, workDir, watcher, name);

  console.log(
    `Purchase bench on PostgreSQL (${name}), ${BUYERS} concurrent buyers x ${ROUNDS} purchases of one ticket by Webpay ` +
      `(after ${WARM_UP_ROUNDS} unmeasured warm-up purchase${WARM_UP_ROUNDS === 1 ? "" : "s"} each), ` +
      `${SUBCATEGORIES} subcategories x ${STOCK} seats = ${SUBCATEGORIES * STOCK} seats for ${BUYERS * ROUNDS} purchases; ` +
      `the shop and pgbench reach PostgreSQL by ${connection.transport}`,
  );
  console.log(
    `Ceiling (pgbench -M prepared, ${ceilingClients} clients, ${PGBENCH_SECONDS} s: BEGIN; conditional decrement of 1 of ${SUBCATEGORIES} hot rows; insert an order; END):` +
      ` ${ceiling.tps.toFixed(0)} transactions/s, latency average ${ms(ceiling.latency)} (${MachineLoad.now()})`,
  );
  console.log(
    `  CPU per pgbench transaction: PostgreSQL's backends ${ceiling.backendMsPerTx.toFixed(3)} ms, pgbench itself ${ceiling.clientMsPerTx.toFixed(3)} ms`,
  );

  const gateway = await startChild("scripts/bench/purchase-gateway.ts", { NODE_ENV: "test" }, "BENCH GATEWAY READY");
  children.push(gateway);
  const gatewayOrigin = `http://127.0.0.1:${gateway.line}`;
  const gatewayUrl = `${gatewayOrigin}/webpay`;
  const summary: string[] = [];

  for (const workers of WORKER_COUNTS) {
    const cancelAll = () =>
      sql`update orders set state = 'cancelled', hold_expires_at = null where event_date_id = ${date!.id} and state in ${sql(HOLDING)}`;
    // A fresh start for each run: earlier orders cancelled (their seats go back through the seat count).
    await cancelAll();
    const port = freePort();
    const shop = await startChild(
      "scripts/bench/purchase-shop.ts",
      {
        NODE_ENV: "test",
        DATABASE_URL: dbUrl,
        DATABASE_POOL: String(POOL),
        WORKERS: String(workers),
        JWT_SECRET,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: join(workDir, `data-${workers}`),
        WEBPAY_BASE_URL: gatewayUrl,
        PAYMENT_SIMULATORS: "true",
        ORDER_SWEEP_SECONDS: "0",
      },
      "BENCH SHOP READY",
    );
    children.push(shop);
    const origin = `http://127.0.0.1:${port}`;
    // The buyers' requests, built before the run (lib/bench-buyers.ts buyerClient): what the shop receives is what
    // a browser sends; only the load generator's own CPU per purchase is less.
    const client = buyerClient(origin, BUYERS);
    const bodies = new Map([warmUp, ...variants].map((variant) => [variant.id, client.body(onePassengerPurchase(offer, variant.id))]));
    const headers = tokens.map((token) => client.headers(token));
    const buy = (buyer: number, variantId: number) => client.post("/shop-api/init-payment", headers[buyer]!, bodies.get(variantId)!);

    // Warm-up, not measured: in each round every buyer buys one seat of the warm-up subcategory; those orders are then cancelled.
    for (let round = 0; round < WARM_UP_ROUNDS; round += 1) {
      await Promise.all(tokens.map((_, buyer) => buy(buyer, warmUp.id)));
      await cancelAll();
    }
    const startedIds = new Set((await sql<{ id: number }[]>`select id from orders`).map((row) => Number(row.id)));

    // CPU of the shop's processes and of the database's backends, sampled through the measured purchases.
    const shopCpu = new CpuSampler(() => processTree(shop.process.pid!));
    const databaseCpu = new CpuSampler(backendPids(watcher, name));
    // The machine's other work for the same purchases: the gateway's simulator and this process's buyers.
    const gatewayCpu = new CpuSampler(() => [gateway.process.pid!]);
    const buyersCpu = process.cpuUsage();
    await Promise.all([shopCpu.sample(), databaseCpu.sample(), gatewayCpu.sample()]);
    const writesBefore = await serverWrites(watcher);
    const gatewayBefore = await gatewayStarts(gatewayOrigin);
    const latencies: number[] = [];
    const outcomes = new Map<string, number>();
    const answeredIds: number[] = [];
    let lastCompleted = 0;
    let resent = 0;
    const started = performance.now();
    await Promise.all(
      tokens.map(async (_, buyer) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const variant = variants[(buyer + round) % variants.length]!;
          const t0 = performance.now();
          let key: string;
          try {
            let { status, body: answer } = await buy(buyer, variant.id);
            // The purchase queue's "come back in a second" (503 purchase_queue_full): the wizard waits Retry-After and
            // sends the purchase again, and so does the buyer here; its latency runs until the final answer.
            while (status === 503 && answer.code === "purchase_queue_full") {
              resent += 1;
              await new Promise((resume) => setTimeout(resume, (answer.retryAfter ?? 1) * 1000));
              ({ status, body: answer } = await buy(buyer, variant.id));
            }
            key = status === 201 && answer.success ? "completed" : `${status} ${answer.code ?? "?"}`;
            if (key === "completed") {
              answeredIds.push(answer.data!.orderId!);
              lastCompleted = performance.now();
            }
          } catch (error) {
            key = `network ${(error as Error).message}`;
          }
          latencies.push(performance.now() - t0);
          outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const buyersMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(buyersCpu));
    const writesAfter = await serverWrites(watcher);
    const gatewayAfter = await gatewayStarts(gatewayOrigin);
    await Promise.all([shopCpu.stop(), databaseCpu.stop(), gatewayCpu.stop()]);
    const loadNow = MachineLoad.now();
    const rss = peakRss(shop.process.pid!);
    client.close();
    await stopChild(shop);

    // What the database holds after the run.
    const held = await sql<{ id: number; variant: number }[]>`
      select o.id, t.product_variant_id as variant from orders o join tickets t on t.order_id = o.id
      where o.event_date_id = ${date!.id} and o.state in ${sql(HOLDING)}`;
    const heldOrders = new Set(held.map((row) => Number(row.id)).filter((id) => !startedIds.has(id)));
    let oversold = 0;
    for (const variant of variants) oversold += Math.max(0, held.filter((row) => Number(row.variant) === variant.id).length - STOCK);
    const answered = new Set(answeredIds);
    const lost = [...answered].filter((id) => !heldOrders.has(id)).length + [...heldOrders].filter((id) => !answered.has(id)).length;
    const drift = await sql<{ n: number }[]>`
      select count(*)::int as n from seat_counts s
      full join (select t.product_variant_id as v, o.event_date_id as d, count(*)::int as taken from tickets t join orders o on o.id = t.order_id
                 where o.state in ${sql(HOLDING)} and o.event_date_id is not null group by 1, 2) r
        on r.v = s.product_variant_id and r.d = s.event_date_id
      where coalesce(s.taken, 0) <> coalesce(r.taken, 0)`;

    latencies.sort((a, b) => a - b);
    const completed = outcomes.get("completed") ?? 0;
    const selling = Math.max((lastCompleted - started) / 1000, 0.001);
    const perSecond = completed / selling;
    console.log("");
    console.log(`Shop with ${workers} process${workers > 1 ? "es" : ""} (pool ${POOL} each)`);
    console.log(`  purchases attempted   ${BUYERS * ROUNDS} in ${seconds.toFixed(2)} s`);
    for (const [key, value] of [...outcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(21)} ${value}`);
    if (resent > 0) console.log(`  sent again            ${resent} (after a 503 purchase_queue_full and its Retry-After, as the wizard does)`);
    console.log(`  completed orders/s    ${perSecond.toFixed(0)} (${completed} orders until the last seat was sold, ${selling.toFixed(2)} s)`);
    const share = perSecond / ceiling.tps;
    console.log(`  of the ceiling        ${(share * 100).toFixed(0)} % (pgbench ${ceiling.tps.toFixed(0)} transactions/s)`);
    console.log(`  latency p50 / p99     ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} (all answers)`);
    // Until the last seat was sold: the refusals after it are not purchases.
    const shopMs = shopCpu.usedBetween(started, lastCompleted) / completed;
    const databaseMs = databaseCpu.usedBetween(started, lastCompleted) / completed;
    const pgbenchMs = ceiling.backendMsPerTx + ceiling.clientMsPerTx;
    const cpuRatio = (shopMs + databaseMs) / pgbenchMs;
    const label = `${workers} process${workers > 1 ? "es" : ""}`;
    goalLines.push(
      () =>
        `  ${label}: CPU per completed purchase ${(shopMs + databaseMs).toFixed(2)} ms = ${cpuRatio.toFixed(1)} x pgbench's ${pgbenchMs.toFixed(3)} ms per transaction ` +
          `${machine.verdict(cpuRatio <= CPU_GOAL_RATIO)} (goal <= ${CPU_GOAL_RATIO} x): shop ${shopMs.toFixed(2)} ms + PostgreSQL's backends ${databaseMs.toFixed(2)} ms; ` +
          `pgbench ${ceiling.clientMsPerTx.toFixed(3)} ms + its backends ${ceiling.backendMsPerTx.toFixed(3)} ms (${loadNow})`,
      () =>
        `  ${label}: ${perSecond.toFixed(0)} completed orders/s = ${(share * 100).toFixed(0)} % of pgbench's ${ceiling.tps.toFixed(0)} transactions/s ` +
          `${machine.verdict(share >= THROUGHPUT_GOAL_SHARE)} (goal >= ${THROUGHPUT_GOAL_SHARE * 100} %)`,
    );
    console.log(`  CPU per purchase      shop ${shopMs.toFixed(2)} ms + PostgreSQL's backends ${databaseMs.toFixed(2)} ms = ${(shopMs + databaseMs).toFixed(2)} ms (${loadNow})`);
    const walBytes = Number((await watcher<{ bytes: string }[]>`select pg_wal_lsn_diff(${writesAfter.lsn}, ${writesBefore.lsn})::text as bytes`)[0]!.bytes);
    console.log(
      `  writes per purchase   ${((writesAfter.xid - writesBefore.xid) / completed).toFixed(2)} transactions, ${(walBytes / completed).toFixed(0)} B of WAL ` +
        `(the whole server's, all ${BUYERS * ROUNDS} attempts: WAL ${writesBefore.lsn} to ${writesAfter.lsn})`,
    );
    // All the attempts' CPU (the refusals after the last seat too), per completed purchase: where the cores went.
    console.log(
      `  beside it             the buyers (this process) ${(buyersMs / completed).toFixed(2)} ms + the gateway's simulator ` +
        `${(gatewayCpu.usedBetween(started, performance.now()) / completed).toFixed(2)} ms of CPU per completed purchase`,
    );
    const opened = gatewayAfter - gatewayBefore;
    console.log(`  gateway starts        ${opened} (${(opened / completed).toFixed(2)} per completed purchase: ${opened - completed} opened for buyers then refused)`);
    console.log(`  peak RSS              ${rss.map((entry) => `${entry.mb.toFixed(0)} MB`).join(" + ")}${rss.length > 1 ? " (primary + workers)" : ""}`);
    console.log(`  seats sold            ${heldOrders.size} of ${SUBCATEGORIES * STOCK}`);
    console.log(`  oversold              ${oversold}`);
    console.log(`  lost                  ${lost}`);
    console.log(`  seat count drift      ${drift[0]!.n} rows`);
    summary.push(`  ${String(workers).padStart(2)} process${workers > 1 ? "es" : "  "}  ${perSecond.toFixed(0).padStart(6)} orders/s  p99 ${ms(percentile(latencies, 99))}`);
    const unexpected = [...outcomes.keys()].filter((key) => key !== "completed" && key !== "409 stock_exhausted");
    if (unexpected.length > 0) console.log(`  unexpected answers: ${unexpected.join(", ")}`);
    if (oversold !== 0 || lost !== 0 || drift[0]!.n !== 0 || completed === 0 || unexpected.length > 0) exitCode = 1;
  }
  if (WORKER_COUNTS.length > 1) {
    console.log("\nThroughput by process count:");
    for (const line of summary) console.log(line);
  }
  console.log("");
  machine.finish();
  for (const line of goalLines) console.log(line());
  await watcher.end({ timeout: 5 });
  await sql.end({ timeout: 5 });
  await database.close();
} finally {
  for (const child of children) await stopChild(child);
  await throwAway.drop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
