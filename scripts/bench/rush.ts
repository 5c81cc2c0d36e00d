/**
 * `npm run bench:rush`: an on-sale rush. BENCH_RUSH_BUYERS buyers (3,000) arrive within BENCH_RUSH_SECONDS (10 s)
 * for BENCH_RUSH_SEATS seats (500) of one subcategory of one event date; each tries once, with the booking
 * wizard's own calls in its order (src/islands/booking: the offer — provinces, then the subcategories with their
 * stock for the date —, the country's payment methods, then the purchase), signed in as the wizard requires.
 * A buyer whose offer already shows the subcategory sold out stops there, as the wizard does; a purchase answered
 * "wait" (503 `purchase_queue_full` with `retryAfter`) is sent again after that many seconds, as the wizard does.
 * Meanwhile a few readers keep asking for catalogue answers, to show whether the shop stays responsive.
 *
 * Prints every buyer's outcome, the p50/p99 from arrival to the definite answer, the readers' p99, the orders/s
 * beside pgbench's ceiling for the same contention (one hot stock row), the load average at the start and the end,
 * and checks the database after: 0 oversold, 0 lost, seat counts equal to a recount (exits 1 otherwise).
 * The goal line is printed only when the load stayed within 2 x cores.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../../src/server/db/client";
import { events, productVariants } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { QUEUE_RETRIES } from "../../src/stores/booking";
import { postgresTarget } from "../../src/server/db/postgres-url";
import { throwAwayDatabase } from "../lib/throw-away-database";
import { exitWithUsageOnHelp } from "../lib/usage";
import { insertBuyers, onePassengerPurchase } from "./lib/bench-buyers";
import { viaLocalSocket } from "./lib/local-socket";
import { benchOffer } from "./lib/bench-offer";
import { startChild, stopChild, type Child } from "./lib/children";
import { MachineLoad } from "./lib/machine";
import { percentile } from "./lib/percentile";
import { cpuSeconds, freePort, peakRss, processTree } from "./lib/processes";

exitWithUsageOnHelp(`
Usage: npm run bench:rush [-- --workers 1]

An on-sale rush on a throw-away PostgreSQL database: buyers arrive within a few seconds for fewer seats of one
subcategory of one date, each trying once with the booking wizard's calls (offer, payment methods, purchase), while
readers keep asking for catalogue answers. Prints each outcome (a seat, sold out, time-out, 5xx), p50/p99 from
arrival to answer, the readers' p99, orders/s beside pgbench's ceiling, the load average at the start and the end,
and checks 0 oversold and 0 lost in the database (exits 1 otherwise).
Needs DATABASE_URL (the throw-away database is made on that server); without it, says so and exits 0.
Settings: BENCH_RUSH_BUYERS (3000), BENCH_RUSH_SEATS (500), BENCH_RUSH_SECONDS (10), BENCH_RUSH_READERS (4),
BENCH_POOL (connections per shop process, 10), BENCH_PGBENCH_SECONDS (5), PGBENCH (path of pgbench),
PURCHASE_QUEUE_* (the shop's admission control, docs/architecture.md) are passed to the shop as they are.
`);

if (!process.env.DATABASE_URL) {
  console.log("bench:rush needs PostgreSQL: set DATABASE_URL=postgres://user@host:5432/<database> (a throw-away database is made on that server). Nothing measured.");
  process.exit(0);
}

const SERVER_URL = process.env.DATABASE_URL;
const BUYERS = Number(process.env.BENCH_RUSH_BUYERS ?? 3000);
const SEATS = Number(process.env.BENCH_RUSH_SEATS ?? 500);
const ARRIVAL_SECONDS = Number(process.env.BENCH_RUSH_SECONDS ?? 10);
const READERS = Number(process.env.BENCH_RUSH_READERS ?? 4);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 5);
const workersArg = process.argv.indexOf("--workers");
const WORKERS = workersArg > 0 ? Number(process.argv[workersArg + 1]) : 1;
/** The browser client's time-out (src/client/api.ts REQUEST_TIMEOUT_MS): past it the wizard shows an error. */
const TIMEOUT_MS = 15_000;
const GOAL_P99_MS = 3000;
const GOAL_READ_P99_MS = 250;
const WARM_UP_BUYERS = Math.min(200, BUYERS);
const JWT_SECRET = randomBytes(32).toString("base64url");
const EVENT = "festival-parque-ohiggins"; // Chilean pesos: Webpay settles them.
const COUNTRY = "CL";
const LOCALE = "es_CL";
const HOLDING = ["paid", "awaiting_payment", "awaiting_transfer_payment"];

const ms = (value: number) => `${value.toFixed(0)} ms`;

function pgbenchPath(): string | undefined {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  for (const candidate of ["pgbench", "/usr/lib/postgresql/15/bin/pgbench"]) {
    if (spawnSync(candidate, ["--version"]).status === 0) return candidate;
  }
  return undefined;
}

/** The ceiling: every buyer wants the same row, so pgbench decrements ONE hot row conditionally and inserts an order. */
function measureCeiling(dbUrl: string, clients: number, workDir: string): { tps: number; latency: number } | undefined {
  const pgbench = pgbenchPath();
  if (!pgbench) return undefined;
  const script = join(workDir, "rush.sql");
  writeFileSync(
    script,
    ["BEGIN;", "UPDATE bench_hot SET stock = stock - 1 WHERE id = 1 AND stock >= 1;", "INSERT INTO bench_orders (hot_id, user_id, total) VALUES (1, :client_id, 14000);", "END;", ""].join("\n"),
  );
  const run = spawnSync(pgbench, ["-n", "-M", "prepared", "-f", script, "-c", String(clients), "-j", "2", "-T", String(PGBENCH_SECONDS), dbUrl], { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout)?.[1]);
  const latency = Number(/latency average = ([\d.]+) ms/.exec(run.stdout)?.[1]);
  return { tps, latency };
}

interface Answer {
  status: number;
  body: { success?: boolean; code?: string; data?: unknown; retryAfter?: number; position?: number } | undefined;
}

/** One call as the wizard's client makes it (src/client/api.ts): JSON, the session's token, the page's language, 15 s. */
async function call(origin: string, path: string, token: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { accept: "application/json", "x-locale": LOCALE, authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  const response = await fetch(origin + path, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await response.text();
  let parsed: Answer["body"];
  try {
    parsed = JSON.parse(text) as Answer["body"];
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed };
}

/** Why a call got no answer: the client's time-out, or the network's reason (a refused or reset connection). */
function failureOf(error: unknown): string {
  if (error instanceof Error && error.name === "TimeoutError") return "time-out";
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return `network ${cause?.code ?? cause?.message ?? (error as Error).message}`;
}

const sleep = (milliseconds: number) => new Promise((done) => setTimeout(done, milliseconds));

const connection = viaLocalSocket(SERVER_URL);
const throwAway = await throwAwayDatabase(connection.url, "rodamos_rush");
const { name } = throwAway;
const dbUrl = throwAway.url;
const workDir = mkdtempSync(join(tmpdir(), "rodamos-rush-"));
const children: Child[] = [];
let exitCode = 0;

try {
  const database = await openDatabase({ url: dbUrl, max: 4 });
  const db = database.db;
  await seedDemoData(db);
  const target = postgresTarget(dbUrl);
  const sql = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });

  // What every buyer wants: one subcategory of the event's next date, with SEATS seats.
  const offer = await benchOffer(db, EVENT);
  const { date, bookable } = offer;
  const [rushed, warmUp] = bookable;
  if (!rushed || !warmUp) throw new Error("the demo event has too few subcategories for the bench");
  await db.update(productVariants).set({ stock: SEATS }).where(eq(productVariants.id, rushed.id));
  // Another subcategory for the warm-up: a shop that opens a sale has been serving for a while.
  await db.update(productVariants).set({ stock: WARM_UP_BUYERS }).where(eq(productVariants.id, warmUp.id));
  // A catalogue event the readers ask for: another one than the rushed event, whose answers the sales keep changing.
  const [other] = await db.select({ id: events.id, slug: events.slug }).from(events).where(and(eq(events.countryCode, "CO"), eq(events.type, 1), eq(events.published, true))).limit(1);

  // Buyers with accounts and session tokens, made before the rush (sign-up is not what is measured).
  const tokens = await insertBuyers(db, BUYERS, "rush", JWT_SECRET);
  const purchaseBody = (variantId: number) => onePassengerPurchase(offer, variantId);

  await sql.unsafe(`create table bench_hot (id int primary key, stock int not null);
    insert into bench_hot values (1, 1000000000);
    create table bench_orders (id bigserial primary key, hot_id int not null, user_id int not null, total int not null, created_at timestamptz not null default now());`);
  const ceilingClients = POOL * WORKERS;
  const ceiling = measureCeiling(dbUrl, ceilingClients, workDir);

  const gateway = await startChild("scripts/bench/purchase-gateway.ts", { NODE_ENV: "test" }, "BENCH GATEWAY READY");
  children.push(gateway);
  const port = freePort();
  const shop = await startChild(
    "scripts/bench/purchase-shop.ts",
    {
      NODE_ENV: "test",
      DATABASE_URL: dbUrl,
      DATABASE_POOL: String(POOL),
      WORKERS: String(WORKERS),
      JWT_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(workDir, "data"),
      WEBPAY_BASE_URL: `http://127.0.0.1:${gateway.line}/webpay`,
      PAYMENT_SIMULATORS: "true",
      ORDER_SWEEP_SECONDS: "0",
    },
    "BENCH SHOP READY",
  );
  children.push(shop);
  const origin = `http://127.0.0.1:${port}`;
  const offerPath = `/api/events/${EVENT}/product-variant?eventDateId=${date!.id}`;

  /** The orders the 201s named. */
  const answeredIds: number[] = [];
  /** "seat", "sold out", "sold out at the offer", "time-out at the purchase", "409 hold_limit_reached" … */
  type Outcome = string;
  /** One buyer through the wizard's calls: the outcome, how long from arrival, and how often the shop said "wait". */
  async function buyer(token: string, variantId: number): Promise<{ outcome: Outcome; latency: number; waits: number; purchaseLatency: number }> {
    const t0 = performance.now();
    let waits = 0;
    let purchaseLatency = NaN;
    let stage = "offer";
    const done = (outcome: Outcome) => ({ outcome, latency: performance.now() - t0, waits, purchaseLatency });
    try {
      const provinces = await call(origin, `/api/provinces/by-event/${EVENT}`, token);
      if (provinces.status !== 200) return done(`offer ${provinces.status}`);
      const offer = await call(origin, offerPath, token);
      if (offer.status !== 200) return done(`offer ${offer.status}`);
      const subcategory = (offer.body?.data as { subCategories: { productVariantId: number; stock: number }[] }[])
        .flatMap((category) => category.subCategories)
        .find((candidate) => candidate.productVariantId === variantId);
      if (!subcategory) return done("offer without the subcategory");
      if (subcategory.stock <= 0) return done("sold out at the offer");
      stage = "payment methods";
      const methods = await call(origin, `/api/payment-methods?country-code=${COUNTRY}`, token);
      if (methods.status !== 200) return done(`payment methods ${methods.status}`);
      stage = "purchase";
      const p0 = performance.now();
      for (let attempt = 0; ; attempt += 1) {
        const answer = await call(origin, "/shop-api/init-payment", token, purchaseBody(variantId));
        if (answer.status === 201 && answer.body?.success) {
          purchaseLatency = performance.now() - p0;
          answeredIds.push(Number((answer.body.data as { orderId: number }).orderId));
          return done("seat");
        }
        if (answer.body?.code === "stock_exhausted") {
          purchaseLatency = performance.now() - p0;
          return done("sold out");
        }
        // Admission control: the shop asks to come back in a moment; the wizard waits as told and sends it again.
        // Up to QUEUE_RETRIES times, each after the seconds it was told plus up to half a second, as the wizard.
        if (answer.body?.code === "purchase_queue_full" && typeof answer.body.retryAfter === "number") {
          if (attempt >= QUEUE_RETRIES) return done("gave up waiting at the purchase");
          waits += 1;
          await sleep(answer.body.retryAfter * 1000 + Math.random() * 500);
          continue;
        }
        return done(`${answer.status} ${answer.body?.code ?? "?"}`);
      }
    } catch (error) {
      return done(`${failureOf(error)} at the ${stage}`);
    }
  }

  // Warm-up, not measured: some buyers go through the wizard for the other subcategory; their orders are cancelled.
  await Promise.all(tokens.slice(0, WARM_UP_BUYERS).map((token) => buyer(token, warmUp.id)));
  await sql`update orders set state = 'cancelled', hold_expires_at = null where event_date_id = ${date!.id} and state in ${sql(HOLDING)}`;
  answeredIds.length = 0;
  const startedIds = new Set((await sql<{ id: number }[]>`select id from orders`).map((row) => Number(row.id)));

  // The readers: each asks for catalogue answers one after the other until the rush is over.
  const readPaths = [`/api/events?type=1&country-code=CO`, `/api/events/${other!.slug}`, `/api/events/${other!.slug}/product-variant`];
  const readLatencies: number[] = [];
  const readFailures = new Map<string, number>();
  let rushing = true;
  const readers = Array.from({ length: READERS }, async (_, reader) => {
    for (let turn = reader; rushing; turn += 1) {
      const t0 = performance.now();
      try {
        const response = await fetch(origin + readPaths[turn % readPaths.length]!, { headers: { accept: "application/json", "x-locale": "es_CO" }, signal: AbortSignal.timeout(TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status !== 200) readFailures.set(String(response.status), (readFailures.get(String(response.status)) ?? 0) + 1);
      } catch (error) {
        readFailures.set(failureOf(error), (readFailures.get(failureOf(error)) ?? 0) + 1);
      }
      readLatencies.push(performance.now() - t0);
    }
  });

  const machine = new MachineLoad(false);
  console.log(
    `Rush bench on PostgreSQL (${name}): ${BUYERS} buyers arrive within ${ARRIVAL_SECONDS} s for ${SEATS} seats of one subcategory of one date, ` +
      `each once through the wizard's calls (offer, payment methods, purchase by Webpay); ${READERS} catalogue readers alongside; ` +
      `shop with ${WORKERS} process${WORKERS > 1 ? "es" : ""}, pool ${POOL} each; the shop and pgbench reach PostgreSQL by ${connection.transport}`,
  );
  console.log(`Load average (1 min) at the start: ${machine.start.toFixed(1)} on ${machine.cores} cores`);
  if (ceiling) {
    console.log(
      `Ceiling (pgbench -M prepared, ${ceilingClients} clients, ${PGBENCH_SECONDS} s: BEGIN; conditional decrement of ONE hot row; insert an order; END):` +
        ` ${ceiling.tps.toFixed(0)} transactions/s, latency average ${ceiling.latency.toFixed(1)} ms`,
    );
  } else console.log("Ceiling: pgbench not found (install postgresql-client or set PGBENCH); figures printed without it");

  // Arrivals spread at random over the window, as a sale's opening announcement brings them.
  const arrivals = tokens.map(() => Math.random() * ARRIVAL_SECONDS * 1000).sort((a, b) => a - b);
  const cpuAtStart = cpuSeconds(processTree(shop.process.pid!));
  const ownCpuAtStart = process.cpuUsage();
  // The gateway's transactions opened during the rush (purchase-gateway.ts): a purchase asks the gateway before
  // it writes, so the buyers who lose the last seats after their lookup leave one unused each.
  const gatewayStarted = async () => ((await (await fetch(`http://127.0.0.1:${gateway.line}/started`)).json()) as { started: number }).started;
  const gatewayAtStart = await gatewayStarted();
  const started = performance.now();
  let lastSeat = 0;
  const results = await Promise.all(
    tokens.map(async (token, index) => {
      await sleep(arrivals[index]! - (performance.now() - started));
      const result = await buyer(token, rushed.id);
      if (result.outcome === "seat") lastSeat = performance.now();
      return result;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const gatewayOpened = (await gatewayStarted()) - gatewayAtStart;
  rushing = false;
  await Promise.all(readers);
  const shopCpu = cpuSeconds(processTree(shop.process.pid!)) - cpuAtStart;
  const ownCpu = process.cpuUsage(ownCpuAtStart);
  const generatorCpu = (ownCpu.user + ownCpu.system) / 1e6;
  const rss = peakRss(shop.process.pid!);
  await stopChild(shop);

  // What the database holds after the rush.
  const held = await sql<{ id: number }[]>`
    select o.id from orders o join tickets t on t.order_id = o.id
    where o.event_date_id = ${date!.id} and t.product_variant_id = ${rushed.id} and o.state in ${sql(HOLDING)}`;
  const heldIds = new Set(held.map((row) => Number(row.id)).filter((id) => !startedIds.has(id)));
  const sold = heldIds.size;
  const oversold = Math.max(0, held.length - SEATS);
  const drift = await sql<{ n: number }[]>`
    select count(*)::int as n from seat_counts s
    full join (select t.product_variant_id as v, o.event_date_id as d, count(*)::int as taken from tickets t join orders o on o.id = t.order_id
               where o.state in ${sql(HOLDING)} and o.event_date_id is not null group by 1, 2) r
      on r.v = s.product_variant_id and r.d = s.event_date_id
    where coalesce(s.taken, 0) <> coalesce(r.taken, 0)`;

  const outcomes = new Map<string, number>();
  for (const result of results) outcomes.set(result.outcome, (outcomes.get(result.outcome) ?? 0) + 1);
  const seats = outcomes.get("seat") ?? 0;
  // A 201 whose order the database does not hold is lost; an order held without its 201 was sold to a buyer whose
  // answer never came (a time-out or a reset connection at the purchase): it shows in their account and its hold
  // runs out unpaid.
  const lost = answeredIds.filter((id) => !heldIds.has(id)).length;
  const answered = new Set(answeredIds);
  const unanswered = [...heldIds].filter((id) => !answered.has(id)).length;
  const purchaseFailures = results.filter((result) => /at the purchase$/.test(result.outcome)).length;
  const definite = results.filter((result) => ["seat", "sold out", "sold out at the offer"].includes(result.outcome)).length;
  const timeouts = results.filter((result) => result.outcome.startsWith("time-out")).length;
  const serverErrors = results.filter((result) => /^5\d\d /.test(result.outcome)).length;
  const latencies = results.map((result) => result.latency).sort((a, b) => a - b);
  const purchaseLatencies = results.map((result) => result.purchaseLatency).filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  const waits = results.reduce((sum, result) => sum + result.waits, 0);
  readLatencies.sort((a, b) => a - b);
  const readErrors = [...readFailures.values()].reduce((sum, value) => sum + value, 0);
  const selling = Math.max((lastSeat - started) / 1000, 0.001);
  const perSecond = seats / selling;
  const p99 = percentile(latencies, 99);
  const readP99 = percentile(readLatencies, 99);

  console.log("");
  console.log(`  buyers                ${BUYERS} in ${seconds.toFixed(2)} s (arrivals over ${ARRIVAL_SECONDS} s)`);
  for (const [key, value] of [...outcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(21)} ${value}`);
  console.log(`  definite answers      ${definite} of ${BUYERS}`);
  console.log(`  time-outs             ${timeouts}`);
  console.log(`  5xx                   ${serverErrors}`);
  console.log(`  asked to wait         ${waits} times (503 purchase_queue_full, sent again after retryAfter)`);
  console.log(`  arrival to answer     p50 ${ms(percentile(latencies, 50))} / p99 ${ms(p99)} / max ${ms(latencies.at(-1) ?? NaN)}`);
  console.log(`  purchase call         p50 ${ms(percentile(purchaseLatencies, 50))} / p99 ${ms(percentile(purchaseLatencies, 99))} (first send to answer, waits included)`);
  console.log(`  catalogue reads       ${readLatencies.length}, p50 ${ms(percentile(readLatencies, 50))} / p99 ${ms(readP99)}, errors ${readErrors}`);
  for (const [key, value] of readFailures) console.log(`    read ${key.padEnd(16)} ${value}`);
  console.log(`  seats sold            ${sold} of ${SEATS} in ${selling.toFixed(2)} s: ${perSecond.toFixed(0)} orders/s`);
  console.log(`  gateway starts        ${gatewayOpened} (${gatewayOpened - sold} for buyers then refused at the write)`);
  if (ceiling) console.log(`  of the ceiling        ${((perSecond / ceiling.tps) * 100).toFixed(0)} % (pgbench ${ceiling.tps.toFixed(0)} transactions/s)`);
  console.log(`  shop CPU              ${shopCpu.toFixed(1)} s in ${seconds.toFixed(1)} s (${((shopCpu / seconds) * 100).toFixed(0)} % of one core)`);
  // The buyers and readers share this process: when it is busy, their answers wait on it, not on the shop.
  console.log(`  load generator CPU    ${generatorCpu.toFixed(1)} s (${((generatorCpu / seconds) * 100).toFixed(0)} % of one core: the buyers and readers)`);
  console.log(`  peak RSS              ${rss.map((entry) => `${entry.mb.toFixed(0)} MB`).join(" + ")}`);
  console.log(`  oversold              ${oversold}`);
  console.log(`  lost                  ${lost} (answered 201 without an order held)`);
  console.log(`  sold, answer missed   ${unanswered} (held orders whose buyer got no answer)`);
  console.log(`  seat count drift      ${drift[0]!.n} rows`);
  const judged = machine.finish();
  if (oversold !== 0 || lost !== 0 || unanswered > purchaseFailures || drift[0]!.n !== 0) exitCode = 1;

  const misses = [
    definite < BUYERS ? `${BUYERS - definite} without a definite answer` : "",
    timeouts > 0 ? `${timeouts} time-outs` : "",
    serverErrors > 0 ? `${serverErrors} 5xx` : "",
    oversold > 0 ? `${oversold} oversold` : "",
    p99 > GOAL_P99_MS ? `p99 ${ms(p99)} > ${ms(GOAL_P99_MS)}` : "",
    readP99 > GOAL_READ_P99_MS ? `read p99 ${ms(readP99)} > ${ms(GOAL_READ_P99_MS)}` : "",
  ].filter(Boolean);
  // Above twice the cores finish() has said that no goal is judged.
  if (!judged) {
    /* nothing more to say */
  } else if (misses.length === 0) {
    console.log(`Goal met: every buyer answered (seat or sold out), 0 time-outs, 0 5xx, 0 oversold, p99 ≤ ${ms(GOAL_P99_MS)}, read p99 ≤ ${ms(GOAL_READ_P99_MS)}.`);
  } else console.log(`Goal not met: ${misses.join(", ")}.`);

  await sql.end({ timeout: 5 });
  await database.close();
} finally {
  for (const child of children) await stopChild(child);
  await throwAway.drop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
