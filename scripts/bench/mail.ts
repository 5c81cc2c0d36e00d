/**
 * `npm run bench:mail`: the tickets of an on-sale, mailed. BENCH_MAIL_ORDERS paid orders (2,000), half organiser-
 * funded (prepaid: paid as placed) and half by card (placed, then paid as Webpay's confirmation pays them), are
 * placed at once on a throw-away PostgreSQL database through the shop's own purchase and payment code, while the
 * shop runs in a child process with its outbox and an SMTP server stands for the mail provider. Each order's mail
 * carries its QR codes, the trip's calendar files and the invoice; its one passenger, who has an address of their
 * own, gets a mail of their own.
 *
 * Prints the orders mailed per second from the first order placed until the last buyer has their tickets, the
 * placing rate beside it (the ceiling: mail cannot leave faster than orders are paid), the shop's CPU per order,
 * the outbox's lag (an order's commit to its buyer's mail at the server: p50, p99, max), the SMTP connections
 * opened, the load average; and checks that every order's buyer and passenger got exactly one mail (exits 1 if not).
 * The last line: `mail: N orders, X orders/s, CPU Y ms/order, lag p99 Z s`.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray } from "drizzle-orm";
import nodemailer from "nodemailer";
import postgres from "postgres";
import { openDatabase } from "../../src/server/db/client";
import { orders, productVariants } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { postgresTarget } from "../../src/server/db/postgres-url";
import { parseEnv } from "../../src/server/env";
import { createShopContext } from "../../src/server/composition";
import { purchase } from "../../src/server/services/purchase/purchase";
import { markPaid, orderForPayment } from "../../src/server/services/purchase/confirm-payment";
import { byGateway } from "../../src/server/services/order-life/order-life";
import { lockOrderForPayment } from "../../src/server/services/payment-attempts/open-attempt";
import { throwAwayDatabase } from "../lib/throw-away-database";
import { exitWithUsageOnHelp } from "../lib/usage";
import { viaLocalSocket } from "./lib/local-socket";
import { benchOffer } from "./lib/bench-offer";
import { insertBuyers, onePassengerPurchase } from "./lib/bench-buyers";
import { startChild, stopChild, type Child } from "./lib/children";
import { CpuSampler } from "./lib/cpu";
import { MachineLoad } from "./lib/machine";
import { percentile } from "./lib/percentile";
import { freePort, peakRss, processTree } from "./lib/processes";
import { startSmtpSink, type SmtpSink } from "./lib/smtp-sink";

exitWithUsageOnHelp(`
Usage: npm run bench:mail [-- --workers 2]

An on-sale's tickets, mailed: paid orders (half prepaid, half by card) placed at once on a throw-away PostgreSQL
database while the shop mails them through a local SMTP server. Prints orders mailed per second until the last has
its tickets beside the placing rate, the shop's CPU per order, the outbox lag p50/p99/max and the load average, and
checks every order was mailed exactly once (exits 1 otherwise). Goal: >= 25 orders/s.
--workers N runs the shop with N processes (they share the outbox).
Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_MAIL_ORDERS (2000),
BENCH_MAIL_PLACERS (concurrent purchases placing them, 16), BENCH_POOL (connections per shop process, 10),
OUTBOX_* (the shop's outbox settings) are passed to the shop as they are.
`);

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ORDERS = Number(process.env.BENCH_MAIL_ORDERS ?? 2000);
const PLACERS = Number(process.env.BENCH_MAIL_PLACERS ?? 16);
const POOL = Number(process.env.BENCH_POOL ?? 10);
const workersArg = process.argv.indexOf("--workers");
const WORKERS = workersArg > 0 ? Number(process.argv[workersArg + 1]) : 1;
const GOAL_ORDERS_PER_SECOND = 25;
/** Give up waiting for mails after this long without one arriving. */
const STALL_MS = 60_000;
const JWT_SECRET = randomBytes(32).toString("base64url");
/** Card orders: Chilean pesos, which Webpay settles. Prepaid orders: the organiser-funded demo event. */
const CARD_EVENT = "festival-parque-ohiggins";
const PREPAID_EVENT = "dia-de-la-familia-andina-seguros";

/** Orders the bare sender's ceiling sends the mails of (two each). */
const CEILING_ORDERS = 400;

/**
 * The ceiling: what a bare nodemailer pool (as many connections as the shop's outbox lanes) sends to the same SMTP
 * server, with mails of the shop's size made once (a 12 KB page with a QR picture, two calendar files and a small
 * PDF), two per order: the cost of handing mail over, without the database or rendering. The SMTP server runs in
 * this process too, so its CPU counts against the ceiling, not the shop. (nodemailer adds the pictures it takes out of the
 * page to the attachments it is given: each mail gets its own copy.)
 */
async function bareSender(sink: SmtpSink, orders: number): Promise<{ perSecond: number; cpuMs: number }> {
  const lanes = Number(process.env.OUTBOX_CONCURRENCY ?? 4);
  const transport = nodemailer.createTransport({ url: sink.url, pool: true, maxConnections: lanes, maxMessages: 1000 });
  const picture = randomBytes(2600).toString("base64");
  const html = `<html><body>${"<p>Hola, tu compra está confirmada.</p>".repeat(120)}<img src="data:image/png;base64,${picture}"></body></html>`;
  const attachments = [
    { filename: "trip-outbound.ics", content: "BEGIN:VCALENDAR\r\n".repeat(60), contentType: "text/calendar" },
    { filename: "trip-return.ics", content: "BEGIN:VCALENDAR\r\n".repeat(60), contentType: "text/calendar" },
    { filename: "invoice.pdf", content: randomBytes(2500).toString("base64"), contentType: "application/pdf", encoding: "base64" },
  ];
  const cpu = process.cpuUsage();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      for (let index = next++; index < orders; index = next++) {
        await transport.sendMail({ from: "a@rodamos.co", to: "b@example.com", subject: "Tu compra", text: "Hola", html, attachments: attachments.map((file) => ({ ...file })), attachDataUrls: true });
        await transport.sendMail({ from: "a@rodamos.co", to: "c@example.com", subject: "Tu ticket", text: "Hola", html, attachDataUrls: true });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  transport.close();
  return { perSecond: orders / seconds, cpuMs: (used.user + used.system) / 1000 / orders };
}

const machine = new MachineLoad();
const connection = viaLocalSocket(SERVER_URL);
const throwAway = await throwAwayDatabase(connection.url, "rodamos_mail");
const workDir = mkdtempSync(join(tmpdir(), "rodamos-mail-"));
const children: Child[] = [];
const sink = await startSmtpSink();
let exitCode = 0;

try {
  const database = await openDatabase({ url: throwAway.url, max: PLACERS + 2 });
  const db = database.db;
  await seedDemoData(db);
  const target = postgresTarget(throwAway.url);
  const sql = postgres(target.url, { ...target.options, max: 1, onnotice: () => {} });

  const cardOffer = await benchOffer(db, CARD_EVENT);
  const prepaidOffer = await benchOffer(db, PREPAID_EVENT);
  const cardVariant = cardOffer.bookable[0]!;
  const prepaidVariant = prepaidOffer.bookable[0]!;
  await db.update(productVariants).set({ stock: ORDERS }).where(inArray(productVariants.id, [cardVariant.id, prepaidVariant.id]));
  await insertBuyers(db, ORDERS, "mail", JWT_SECRET);
  const buyerIds = (await sql<{ id: number }[]>`select id from users where email like 'mail%@example.com' order by id`).map((row) => Number(row.id));

  const gateway = await startChild("scripts/bench/purchase-gateway.ts", { NODE_ENV: "test" }, "BENCH GATEWAY READY");
  children.push(gateway);
  const shared = {
    NODE_ENV: "test",
    DATABASE_URL: throwAway.url,
    JWT_SECRET,
    WEBPAY_BASE_URL: `http://127.0.0.1:${gateway.line}/webpay`,
    PAYMENT_SIMULATORS: "true",
    ORDER_SWEEP_SECONDS: "0",
    SMTP_URL: sink.url,
  };
  // The placing side: the shop's purchase and payment code in this process, on its own context (its outbox never
  // delivers: the shop under test does).
  const env = parseEnv({ ...process.env, ...shared, DATA_DIR: join(workDir, "placer") });
  const placer = createShopContext({ db, env });

  const ceiling = await bareSender(sink, Math.min(ORDERS, CEILING_ORDERS));
  sink.mails.length = 0;
  sink.connections = 0;

  const port = freePort();
  const shop = await startChild(
    "scripts/bench/purchase-shop.ts",
    { ...shared, DATABASE_POOL: String(POOL), WORKERS: String(WORKERS), PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: join(workDir, "shop") },
    "BENCH SHOP READY",
  );
  children.push(shop);

  console.log(
    `Mail bench on PostgreSQL (${throwAway.name}): ${ORDERS} paid orders of one ticket (half prepaid, half by card), placed by ${PLACERS} at a time ` +
      `through the shop's purchase code; the shop (${WORKERS} process${WORKERS > 1 ? "es" : ""}, pool ${POOL}) mails each buyer ` +
      `(QR codes, calendar files, invoice) and its passenger through a local SMTP server; PostgreSQL by ${connection.transport}`,
  );

  const shopCpu = new CpuSampler(() => processTree(shop.process.pid!));
  await shopCpu.sample();
  const placerCpu = process.cpuUsage();
  const started = performance.now();
  const startedAt = Date.now();
  const placed: number[] = [];
  const failures = new Map<string, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: PLACERS }, async () => {
      for (let index = next++; index < ORDERS; index = next++) {
        const prepaid = index % 2 === 0;
        const offer = prepaid ? prepaidOffer : cardOffer;
        const body = onePassengerPurchase(offer, (prepaid ? prepaidVariant : cardVariant).id);
        const claims = { userId: buyerIds[index]!, role: "customer", tv: 0, exp: Math.floor(Date.now() / 1000) + 3600 };
        try {
          const answer = await purchase(placer, claims, { ...body, paymentCode: prepaid ? "prepagado" : "webpay" } as never, "es_CL");
          if (!prepaid) {
            // Webpay's confirmation, as the return or the webhook applies it: the order is paid and its mail queued.
            const order = (await orderForPayment(db, answer.orderId))!;
            await db.transaction(async (tx) => {
              await lockOrderForPayment(tx, order.id);
              await markPaid(tx, order, new Date(), byGateway("webpay"), { notice: "confirmation" });
            });
          }
          placed.push(answer.orderId);
        } catch (error) {
          const key = (error as { code?: string }).code ?? (error as Error).message;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  const placedSeconds = (performance.now() - started) / 1000;
  const placingMs = (({ user, system }) => (user + system) / 1000)(process.cpuUsage(placerCpu));

  // Every paid order's confirmation job, and the mails it should bring.
  const jobs = await sql<{ id: number; mail_key: string; order_id: number; created: Date }[]>`
    select id, mail_key, (payload->>'orderId')::int as order_id, created_at as created from outbox
    where kind = 'order.notice' and payload->>'notice' = 'confirmation' order by id`;
  const expected = new Set(jobs.map((job) => job.mail_key));
  const buyerMail = (mail: { messageId: string }) => expected.has(mail.messageId.replace(/@rodamos\.co$/, ""));
  let lastArrival = Date.now();
  let seen = 0;
  for (;;) {
    const arrived = sink.mails.filter(buyerMail).length;
    if (arrived !== seen) {
      seen = arrived;
      lastArrival = Date.now();
    }
    if (arrived >= jobs.length) break;
    if (Date.now() - lastArrival > STALL_MS) {
      console.log(`  stalled: no mail for ${STALL_MS / 1000} s with ${arrived} of ${jobs.length} orders mailed`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A moment for a mail sent twice to show up.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await shopCpu.stop();
  const rss = peakRss(shop.process.pid!);

  const byKey = new Map<string, { count: number; at: number }>();
  for (const mail of sink.mails) {
    const key = mail.messageId.replace(/@rodamos\.co$/, "");
    const entry = byKey.get(key);
    byKey.set(key, { count: (entry?.count ?? 0) + 1, at: entry?.at ?? mail.at });
  }
  const buyerArrivals = jobs.map((job) => byKey.get(job.mail_key)).filter((entry) => entry !== undefined);
  const lastTickets = Math.max(...buyerArrivals.map((entry) => entry.at));
  const lags = jobs
    .map((job) => (byKey.get(job.mail_key)?.at ?? NaN) - job.created.getTime())
    .filter((lag) => !Number.isNaN(lag))
    .sort((a, b) => a - b);
  const mailedOrders = buyerArrivals.length;
  const twice = [...byKey.values()].filter((entry) => entry.count > 1).length;
  const passengerMails = sink.mails.filter((mail) => mail.messageId.includes("-passenger-")).length;
  const passengersExpected = (await sql<{ n: number }[]>`
    select count(*)::int as n from passengers p join tickets t on t.id = p.ticket_id where t.order_id in ${sql(placed)}`)[0]!.n;
  const mailingSeconds = (lastTickets - startedAt) / 1000;
  const perSecond = mailedOrders / mailingSeconds;
  const placingRate = placed.length / placedSeconds;
  const cpuPerOrder = shopCpu.usedBetween(started, started + (lastTickets - startedAt)) / Math.max(mailedOrders, 1);
  const bytes = sink.mails.reduce((sum, mail) => sum + mail.bytes, 0);
  const paid = (await db.select({ id: orders.id }).from(orders).where(eq(orders.state, "paid"))).length;
  const seconds = (value: number) => `${(value / 1000).toFixed(2)} s`;

  console.log("");
  console.log(`  orders placed         ${placed.length} of ${ORDERS} in ${placedSeconds.toFixed(1)} s: ${placingRate.toFixed(0)} orders/s (the ceiling: mail cannot leave before the order is paid)`);
  for (const [key, value] of failures) console.log(`    not placed: ${key.padEnd(12)} ${value}`);
  console.log(`  paid orders           ${paid} (confirmation jobs ${jobs.length})`);
  console.log(`  orders mailed         ${mailedOrders} of ${jobs.length}, the last ${mailingSeconds.toFixed(1)} s after the first order: ${perSecond.toFixed(1)} orders/s`);
  console.log(`  of the placing rate   ${((perSecond / placingRate) * 100).toFixed(0)} %`);
  console.log(`  outbox lag            p50 ${seconds(percentile(lags, 50))} / p99 ${seconds(percentile(lags, 99))} / max ${seconds(lags.at(-1) ?? NaN)} (commit to the buyer's mail at the server)`);
  console.log(
    `  ceiling: bare sender  ${ceiling.perSecond.toFixed(0)} orders/s, CPU ${ceiling.cpuMs.toFixed(1)} ms per order (two mails of the same size made once, the same pool and SMTP server)`,
  );
  console.log(`  of the bare sender    ${((perSecond / ceiling.perSecond) * 100).toFixed(0)} % of its orders/s; CPU ${(cpuPerOrder / ceiling.cpuMs).toFixed(1)} x its CPU per order`);
  console.log(`  shop CPU per order    ${cpuPerOrder.toFixed(1)} ms (${WORKERS} process${WORKERS > 1 ? "es" : ""}; placing took ${(placingMs / Math.max(placed.length, 1)).toFixed(1)} ms per order in this process)`);
  console.log(`  mails                 ${sink.mails.length} (${passengerMails} to passengers of ${passengersExpected}), ${(bytes / sink.mails.length / 1024).toFixed(0)} KB each on average`);
  console.log(`  SMTP connections      ${sink.connections}`);
  console.log(`  mailed twice          ${twice}`);
  console.log(`  peak RSS              ${rss.map((entry) => `${entry.mb.toFixed(0)} MB`).join(" + ")}`);
  machine.finish();
  const exact = mailedOrders === jobs.length && jobs.length === placed.length && twice === 0 && passengerMails === passengersExpected;
  if (!exact) exitCode = 1;
  console.log(`  every order mailed exactly once: ${exact ? "yes" : "NO"}`);
  console.log(`  ${perSecond.toFixed(1)} orders/s ${machine.verdict(perSecond >= GOAL_ORDERS_PER_SECOND)} (goal >= ${GOAL_ORDERS_PER_SECOND} orders/s on ${machine.cores} cores; ${MachineLoad.now()})`);
  console.log(`mail: ${mailedOrders} orders, ${perSecond.toFixed(1)} orders/s, CPU ${cpuPerOrder.toFixed(1)} ms/order, lag p99 ${(percentile(lags, 99) / 1000).toFixed(1)} s`);

  await sql.end({ timeout: 5 });
  await database.close();
} finally {
  for (const child of children) await stopChild(child);
  await sink.close();
  await throwAway.drop();
  rmSync(workDir, { recursive: true, force: true });
}
process.exit(exitCode);
