/**
 * `npm run bench:purchase`: many buyers racing for the same seats (issue 4 section 5).
 * Creates a throw-away database on the PostgreSQL server of DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), migrates and seeds it, starts the real shop listening on loopback
 * (BENCH_PORT, default 4406; 0 picks a free port), and lets BENCH_BUYERS (200) concurrent buyers each make
 * BENCH_ROUNDS (5) purchases of one ticket by Webpay (the adapter creates the transaction on the simulator over
 * HTTP too) for a few subcategories whose stock is smaller than the demand. Prints completed orders per second,
 * p50/p99 latency and the oversell count, which must be 0 (the script exits 1 otherwise); then drops the database.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { and, asc, eq, gt, inArray, isNull, or } from "drizzle-orm";
import postgres from "postgres";
import { createApp } from "../../src/server/app";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { openDatabase } from "../../src/server/db/client";
import { categories, counties, eventDates, events, orders, productVariants, tickets, users } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/db/seed";
import { parseEnv } from "../../src/server/env";
import { exitWithUsageOnHelp } from "../lib/usage";

exitWithUsageOnHelp(`
Usage: npm run bench:purchase

Concurrent buyers racing for the same seats on a throw-away PostgreSQL database; prints orders per
second, p50/p99 latency and the oversell count (exits 1 if any seat is oversold).
Settings: DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_BUYERS (200),
BENCH_ROUNDS (5), BENCH_PORT (4406), BENCH_POOL (20).
`);

const SERVER_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const BUYERS = Number(process.env.BENCH_BUYERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4406);
const POOL = Number(process.env.BENCH_POOL ?? 20);
const SUBCATEGORIES = 3;
/** Seats per subcategory: together well below BUYERS x ROUNDS, so the last seats are fought over. */
const STOCK = Math.max(1, Math.floor((BUYERS * ROUNDS * 0.6) / SUBCATEGORIES));
const JWT_SECRET = randomBytes(32).toString("base64url");
const EVENT = "festival-parque-ohiggins";

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const admin = postgres(SERVER_URL, { max: 1, onnotice: () => {} });
const name = `rodamos_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
await admin.unsafe(`create database "${name}"`);
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${name}`;
const dataDir = mkdtempSync(join(tmpdir(), "rodamos-bench-"));
let server: ServerType | undefined;
let exitCode = 0;

try {
  const database = await openDatabase({ url: dbUrl.toString(), max: POOL });
  const db = database.db;
  await seedDemoData(db);

  // The shop, listening on loopback; the adapters reach the simulators on the same port.
  let handler: (request: Request) => Response | Promise<Response> = () => new Response("starting", { status: 503 });
  const port = await new Promise<number>((resolve, reject) => {
    server = serve({ fetch: (request) => handler(request), port: PORT, hostname: "127.0.0.1" }, (info: AddressInfo) => resolve(info.port));
    server.once("error", reject);
  });
  const origin = `http://127.0.0.1:${port}`;
  // NODE_ENV=test keeps the mailer quiet and the expiry timer off: the bench measures purchases only.
  const env = parseEnv({ NODE_ENV: "test", JWT_SECRET, PUBLIC_URL: origin, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PAYMENT_SIMULATORS: "true" });
  const app = createApp({ db, env });
  handler = (request) => app.fetch(request);

  // What the buyers want: a few one-seat subcategories of one event date, with scarce stock.
  const [event] = await db.select().from(events).where(eq(events.slug, EVENT));
  const [date] = await db
    .select()
    .from(eventDates)
    .where(and(eq(eventDates.eventId, event!.id), gt(eventDates.startDate, new Date())))
    .orderBy(asc(eventDates.startDate))
    .limit(1);
  const offered = (
    await db
      .select({ variant: productVariants })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(eq(categories.eventId, event!.id))
      .orderBy(asc(productVariants.id))
  ).map((row) => row.variant);
  const provinceId = offered[0]!.provinceId;
  const variants = offered.filter((variant) => variant.provinceId === provinceId && variant.approaches.length === 0).slice(0, SUBCATEGORIES);
  await db.update(productVariants).set({ stock: STOCK }).where(inArray(productVariants.id, variants.map((variant) => variant.id)));
  const [county] = await db.select({ id: counties.id }).from(counties).where(eq(counties.provinceId, provinceId)).limit(1);

  // Buyers with session tokens, inserted directly (sign-up is not what is measured).
  const inserted = await db
    .insert(users)
    .values(
      Array.from({ length: BUYERS }, (_, index) => ({
        email: `bench${index}@example.com`,
        passwordHash: `bench-${index}`,
        firstName: "Bench",
        lastName: "Buyer",
        phoneNumber: "573001234567",
        countryCode: "CO",
        localeCode: "es_CO",
        verifiedAt: new Date(),
      })),
    )
    .returning({ id: users.id, passwordHash: users.passwordHash });
  const secret = new TextEncoder().encode(JWT_SECRET);
  const tokens = await Promise.all(inserted.map(async (user) => (await signSessionToken(secret, { userId: user.id, role: "customer", tokenVersion: 0 }, new Date())).token));

  const body = (variantId: number) =>
    JSON.stringify({
      url: `/event/${EVENT}`,
      eventDateId: date!.id,
      provinceId,
      paymentCode: "webpay",
      tickets: [
        {
          placeId: event!.placeId,
          productVariantId: variantId,
          passengers: [{ name: "Bench Buyer", email: "bench@example.com", phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
          addresses: [{ address: "Calle 1 # 2-3", commune_id: county!.id }],
        },
      ],
    });

  const latencies: number[] = [];
  const completedLatencies: number[] = [];
  const outcomes = new Map<string, number>();
  const count = (key: string) => outcomes.set(key, (outcomes.get(key) ?? 0) + 1);

  console.log(
    `Purchase bench on PostgreSQL (${name}, pool ${POOL}), shop at ${origin}: ${BUYERS} concurrent buyers x ${ROUNDS} purchases, ` +
      `${variants.length} subcategories x ${STOCK} seats = ${variants.length * STOCK} seats for ${BUYERS * ROUNDS} purchases`,
  );
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, buyer) => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const variant = variants[(buyer + round) % variants.length]!;
        const t0 = performance.now();
        let key: string;
        try {
          const response = await fetch(`${origin}/shop-api/init-payment`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: body(variant.id),
          });
          const answer = (await response.json()) as { success: boolean; code?: string };
          key = response.status === 201 && answer.success ? "completed" : `${response.status} ${answer.code ?? "?"}`;
        } catch (error) {
          key = `network ${(error as Error).message}`;
        }
        const elapsed = performance.now() - t0;
        latencies.push(elapsed);
        if (key === "completed") completedLatencies.push(elapsed);
        count(key);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  // Oversell: tickets held (paid, or awaiting with a live hold) beyond each subcategory's stock on that date.
  const now = new Date();
  const held = await db
    .select({ variantId: tickets.productVariantId })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(orders.eventDateId, date!.id),
        inArray(tickets.productVariantId, variants.map((variant) => variant.id)),
        or(eq(orders.state, "paid"), and(inArray(orders.state, ["awaiting_payment", "awaiting_transfer_payment"]), or(isNull(orders.holdExpiresAt), gt(orders.holdExpiresAt, now)))),
      ),
    );
  let oversell = 0;
  for (const variant of variants) oversell += Math.max(0, held.filter((row) => row.variantId === variant.id).length - STOCK);

  latencies.sort((a, b) => a - b);
  completedLatencies.sort((a, b) => a - b);
  const completed = outcomes.get("completed") ?? 0;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log("");
  console.log(`  purchases attempted   ${BUYERS * ROUNDS} in ${seconds.toFixed(2)} s`);
  for (const [key, value] of [...outcomes].sort((a, b) => b[1] - a[1])) console.log(`  ${key.padEnd(21)} ${value}`);
  console.log(`  completed orders/s    ${(completed / seconds).toFixed(1)}`);
  console.log(`  latency p50 / p99     ${ms(percentile(latencies, 50))} / ${ms(percentile(latencies, 99))} (all answers)`);
  console.log(`  completed p50 / p99   ${ms(percentile(completedLatencies, 50))} / ${ms(percentile(completedLatencies, 99))}`);
  console.log(`  seats sold            ${held.length} of ${variants.length * STOCK}`);
  console.log(`  oversell              ${oversell}`);
  if (oversell !== 0 || completed === 0) exitCode = 1;
  const unexpected = [...outcomes.keys()].filter((key) => key !== "completed" && key !== "409 stock_exhausted");
  if (unexpected.length > 0) {
    console.log(`  unexpected answers: ${unexpected.join(", ")}`);
    exitCode = 1;
  }

  await new Promise<void>((done) => {
    server!.close(() => done());
    (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  });
  server = undefined;
  await database.close();
} finally {
  if (server) (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end({ timeout: 5 });
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
