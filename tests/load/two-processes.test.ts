/**
 * Two real shop processes on one PostgreSQL database, as a deployment behind a reverse proxy runs them: buyers
 * split between the two never oversell, and the attempt limits are shared through Redis (failures counted on one
 * process refuse the next try on the other). Needs DATABASE_URL (and REDIS_URL for the limits); skipped without.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { openDatabase, type Database } from "../../src/server/db/client";
import { orders, productVariants, tickets } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { countyOf, eventOffer, insertUser, purchaseBody } from "../helpers/fixtures";
import { freePorts } from "../helpers/processes";

const serverUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const JWT_SECRET = "two-processes-secret-that-is-long-enough-for-hs256";

if (!serverUrl) console.warn("tests/load/two-processes.test.ts skipped: set DATABASE_URL (PostgreSQL) to run it.");

interface ShopProcess {
  child: ChildProcess;
  origin: string;
}

let database: Database | undefined;
let adminEnd: (() => Promise<void>) | undefined;
const processes: ShopProcess[] = [];
const dataDirs: string[] = [];

/** The shop's server entry (scripts/serve.ts) in a child process, resolved once it says it is ready. */
function startShop(databaseUrl: string, port: number): Promise<ShopProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), "rodamos-proc-"));
  dataDirs.push(dataDir);
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "test",
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl ?? "",
      JWT_SECRET,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ORDER_SWEEP_SECONDS: "0",
      // Purchases fired together wait their turn as long as the queue allows (this tests the seats, not the queue).
      PURCHASE_QUEUE_WAIT_MS: "14000",
    },
  });
  return new Promise((resolve, reject) => {
    let output = "";
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("API ready")) resolve({ child, origin: `http://127.0.0.1:${port}` });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`shop process on ${port} ended (${code}):\n${output}`)));
  });
}

beforeAll(async () => {
  if (!serverUrl) return;
  const throwAway = await throwAwayDatabase(serverUrl, "shop_test_procs");
  adminEnd = throwAway.drop;
  const url = new URL(throwAway.url);
  database = await openDatabase({ url: url.toString(), max: 4 });
  await seedDemoData(database.db);
  const port = await freePorts(2);
  processes.push(...(await Promise.all([startShop(url.toString(), port), startShop(url.toString(), port + 1)])));
}, 180_000);

afterAll(async () => {
  for (const shop of processes) {
    const ended = new Promise((done) => shop.child.once("exit", done));
    shop.child.kill("SIGTERM");
    await ended;
  }
  await database?.close();
  await adminEnd?.();
  dataDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
});

async function post(origin: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { success: boolean; code?: string } };
}

describe.skipIf(!serverUrl)("two shop processes on one PostgreSQL", () => {
  it("20 buyers split between the processes for the last 10 seats: exactly 10 sold, 0 oversold", { timeout: 120_000 }, async () => {
    const db = database!.db;
    const offer = await eventOffer(db, "feria-de-cali-salsodromo");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(db, variant.provinceId);
    await db.update(productVariants).set({ stock: 10 }).where(eq(productVariants.id, variant.id));
    const secret = new TextEncoder().encode(JWT_SECRET);
    const buyers = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const user = await insertUser(db, { email: `dos-procesos-${index}.${Date.now()}@example.com`, verifiedAt: new Date() });
        return (await signSessionToken(secret, { userId: user.id, role: "customer", tokenVersion: user.tokenVersion }, new Date())).token;
      }),
    );

    const answers = await Promise.all(
      buyers.map((token, index) =>
        post(processes[index % 2]!.origin, "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" }), { authorization: `Bearer ${token}` }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.body.code === "stock_exhausted")).toBe(true);
    const sold = await db
      .select({ id: tickets.id })
      .from(tickets)
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .where(and(eq(tickets.productVariantId, variant.id), eq(orders.eventDateId, offer.eventDateId), inArray(orders.state, ["paid", "awaiting_payment", "awaiting_transfer_payment"])));
    expect(sold).toHaveLength(10);
  });

  it.skipIf(!redisUrl)("shares the attempt limits through Redis: failures on one process refuse the next try on the other", { timeout: 60_000 }, async () => {
    const [a, b] = processes;
    const email = `compartido.${Date.now()}@example.com`;
    // The processes sit behind a proxy on this machine: the client's address is the forwarded one.
    const from = { "x-forwarded-for": `203.0.113.${Math.floor(Math.random() * 200) + 1}` };
    for (let i = 0; i < 3; i += 1) expect((await post(a!.origin, "/shop-api/login", { email, password: `guess-${i}` }, from)).status).toBe(401);
    for (let i = 3; i < 5; i += 1) expect((await post(b!.origin, "/shop-api/login", { email, password: `guess-${i}` }, from)).status).toBe(401);
    const sixth = await post(b!.origin, "/shop-api/login", { email, password: "guess-6" }, from);
    expect(sixth.status).toBe(429);
    expect(sixth.body.code).toBe("too_many_attempts");
    expect((await post(a!.origin, "/shop-api/login", { email, password: "guess-7" }, from)).status).toBe(429);
  });
});
