/**
 * A shop killed mid-purchase (SIGKILL: no shutdown code runs) loses no side effect: the real server runs as a
 * child process, buyers pay through the Webpay simulator, the process is killed while purchases are in flight
 * and started again on the same data. Every paid order then has exactly one confirmation mail and an approved
 * payment row, and the outbox owes nothing. On PGlite in a data folder by default; on a fresh PostgreSQL
 * database when DATABASE_URL is set.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, isNull } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { openDatabase, type Database } from "../../src/server/db/client";
import { orders, outbox, payments, productVariants } from "../../src/server/db/schema";
import { seedDemoData } from "../../src/server/seed";
import { countyOf, eventOffer, insertUser, purchaseBody } from "../helpers/fixtures";
import { freePorts } from "../helpers/processes";
import { migratedDataFolder } from "../helpers/test-database";

const JWT_SECRET = "crash-test-secret-that-is-long-enough-for-hs256";
const dataDir = mkdtempSync(join(tmpdir(), "rodamos-crash-"));
let child: ChildProcess | undefined;
let dropDatabase: (() => Promise<void>) | undefined;

afterAll(async () => {
  child?.kill("SIGKILL");
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * The shop's database: the PGlite folder the server will open (holding the migrated database already: migrating a
 * new folder on disk is not what this tests, and was a third of its time), or a throw-away PostgreSQL database.
 */
async function databaseUrl(): Promise<string | undefined> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    await migratedDataFolder(join(dataDir, "pglite"));
    return undefined;
  }
  const throwAway = await throwAwayDatabase(serverUrl, "shop_crash");
  dropDatabase = throwAway.drop;
  return throwAway.url;
}

const openShopData = (url: string | undefined): Promise<Database> => openDatabase(url ? { url } : { dataDir: join(dataDir, "pglite") });

/** Resolves when the process has ended (at once if it already has). */
function exited(process: ChildProcess): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => process.once("exit", () => resolve()));
}

async function startShop(port: number, url: string | undefined): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET,
    DATABASE_URL: url ?? "",
    // A killed process's claimed rows are taken again a second later.
    OUTBOX_LEASE_SECONDS: "1",
    ORDER_SWEEP_SECONDS: "0",
  };
  if (!url) delete env.DATABASE_URL;
  const started = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], { env, stdio: ["ignore", "pipe", "pipe"] });
  started.stdout!.resume();
  if (process.env.CRASH_TEST_LOG) started.stderr!.pipe(process.stderr);
  else started.stderr!.resume();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/countries`)).ok) return started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("the shop did not start");
}

/** Confirmation mails in the local mail drop, per order number. */
function confirmationsPerOrder(): Map<number, number> {
  const counts = new Map<number, number>();
  const dir = join(dataDir, "mail-drop");
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".json"));
  } catch {
    return counts;
  }
  for (const name of names) {
    const mail = JSON.parse(readFileSync(join(dir, name), "utf8")) as { subject: string; text: string };
    if (!mail.subject.startsWith("Tus tickets para")) continue;
    const id = Number(/Pedido N\.º (\d+)/.exec(mail.text)?.[1]);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  return counts;
}

describe(`crash mid-purchase (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("every paid order gets exactly one confirmation mail after a SIGKILL and a restart", { timeout: 330_000 }, async () => {
    const url = await databaseUrl();
    const setup = await openShopData(url);
    await seedDemoData(setup.db);
    const offer = await eventOffer(setup.db, "festival-parque-ohiggins");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(setup.db, variant.provinceId);
    await setup.db.update(productVariants).set({ stock: 100_000 }).where(eq(productVariants.id, variant.id));
    const secret = new TextEncoder().encode(JWT_SECRET);
    const buyers = await Promise.all(
      Array.from({ length: 4 }, async () => {
        const user = await insertUser(setup.db, { email: `crash.${randomBytes(4).toString("hex")}@example.com`, verifiedAt: new Date() });
        return (await signSessionToken(secret, { userId: user.id, role: "customer", tokenVersion: user.tokenVersion }, new Date())).token;
      }),
    );
    await setup.close();

    const port = await freePorts();
    const origin = `http://127.0.0.1:${port}`;
    child = await startShop(port, url);

    let killed = false;
    let inFlight = 0;
    let paidAnswers = 0;
    const body = JSON.stringify(purchaseBody(offer, [variant.id], county, { paymentCode: "webpay" }));
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual" as const,
    });
    async function buyer(token: string) {
      while (!killed) {
        inFlight += 1;
        try {
          const started = await fetch(`${origin}/shop-api/init-payment`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body });
          const data = ((await started.json()) as { data: { webpay_token: string } }).data;
          const decided = await fetch(`${origin}/payments-sim/webpay/webpayserver/decide`, form({ token_ws: data.webpay_token, action: "approve" }));
          const back = await fetch(new URL(decided.headers.get("location")!, origin), { redirect: "manual" });
          if (back.headers.get("location")?.includes("state=paid")) paidAnswers += 1;
        } catch {
          // The shop died under this purchase.
        } finally {
          inFlight -= 1;
        }
      }
    }
    const load = buyers.map((token) => buyer(token));
    // Kill once some orders are paid, while purchases are still under way.
    const deadline = Date.now() + 60_000;
    while (paidAnswers < 12 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inFlight).toBeGreaterThan(0);
    child.kill("SIGKILL");
    killed = true;
    await Promise.all(load);
    await exited(child);

    // Same data, a new process: the outbox delivers what the dead one owed.
    child = await startShop(port, url);
    // Until its outbox has nothing left to do (its own count on /metrics, which this machine may read): a confirmation
    // is a PDF, calendar files and codes, seconds each on a busy machine, so a few quiet seconds prove nothing.
    const pending = async () => {
      try {
        const text = await (await fetch(`${origin}/metrics`)).text();
        return Number(/^rodamos_outbox_pending (\d+)/m.exec(text)?.[1] ?? Number.NaN);
      } catch {
        return Number.NaN;
      }
    };
    const waitUntil = Date.now() + 120_000;
    while ((await pending()) !== 0 && Date.now() < waitUntil) await new Promise((resolve) => setTimeout(resolve, 250));
    const stopping = child;
    stopping.kill("SIGTERM");
    const forced = setTimeout(() => stopping.kill("SIGKILL"), 10_000);
    await exited(stopping);
    clearTimeout(forced);
    child = undefined;

    const check = await openShopData(url);
    try {
      const paid = await check.db.select({ id: orders.id }).from(orders).where(eq(orders.state, "paid"));
      expect(paid.length).toBeGreaterThanOrEqual(12);
      const mails = confirmationsPerOrder();
      for (const { id } of paid) expect({ order: id, mails: mails.get(id) ?? 0 }).toEqual({ order: id, mails: 1 });
      // No confirmation for an order that is not paid.
      expect([...mails.keys()].every((id) => paid.some((order) => order.id === id))).toBe(true);
      const paymentRows = await check.db.select({ orderId: payments.orderId, state: payments.state }).from(payments).where(inArray(payments.orderId, paid.map((order) => order.id)));
      expect(paymentRows.filter((row) => row.state !== "approved")).toEqual([]);
      expect(await check.db.select().from(outbox).where(isNull(outbox.doneAt))).toEqual([]);
    } finally {
      await check.close();
    }
  });
});
