/**
 * A database outage is a wait, not an error. The test starts a PostgreSQL cluster of its own (Debian's initdb and
 * pg_ctl, a temporary folder, a free loopback port; as the `postgres` user when run as root, which initdb refuses),
 * opens the shop on it, stops the cluster mid-test and checks that purchases and other calls answer 503
 * `database_unavailable` with Retry-After, then starts it again and finds nothing half-written, and the same
 * purchase going through. Then, under load (buyers and readers at once), it stops and starts the cluster three times:
 * the shop answers every request with its own codes (never a 500), each refusal within 2 s, and keeps every order it
 * acknowledged. Skipped, saying why, on a machine without those binaries.
 */
import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, inArray, sql } from "drizzle-orm";
import { orders, productVariants, seatCounts } from "../../src/server/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/server/db/client";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { freePorts } from "../helpers/processes";

/** The newest Debian PostgreSQL server binaries on this machine, or null. */
function postgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")) && existsSync(join(root, name, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], "bin") : null;
}

const BIN = postgresBin();
const AS_ROOT = userInfo().uid === 0;

/** The command line that runs a server binary, as `postgres` when this process is root (initdb refuses root). */
function commandOf(binary: string, args: string[]): [string, string[]] {
  return AS_ROOT ? ["runuser", ["-u", "postgres", "--", join(BIN!, binary), ...args]] : [join(BIN!, binary), args];
}

/** Runs a server binary and waits; throws with its output when it fails. */
function run(binary: string, args: string[]) {
  const [command, argv] = commandOf(binary, args);
  const result = spawnSync(command, argv, { encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0) throw new Error(`${binary} ${args.join(" ")} failed: ${result.stdout}${result.stderr}`);
}

/**
 * The same without blocking this process, which is also the shop's: `pg_ctl -w` waits for the server to stop or to
 * accept connections (a second or more on a busy machine), and a shop frozen that long answered its requests late
 * only because the test held its event loop, as a shop in a process of its own never is.
 */
async function runAside(binary: string, args: string[]) {
  const [command, argv] = commandOf(binary, args);
  await promisify(execFile)(command, argv, { encoding: "utf8", timeout: 120_000 }).catch((error: { stdout?: string; stderr?: string }) => {
    throw new Error(`${binary} ${args.join(" ")} failed: ${error.stdout ?? ""}${error.stderr ?? ""}`);
  });
}

let shop: TestShop;
let folder: string;
let port: number;
const dataDir = () => join(folder, "data");
const start = () => runAside("pg_ctl", ["-D", dataDir(), "-l", join(folder, "log"), "-w", "-t", "60", "-o", `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB -c max_connections=30`, "start"]);
const stop = () => runAside("pg_ctl", ["-D", dataDir(), "-m", "fast", "-w", "stop"]);

describe.skipIf(!BIN)(`a database outage (throw-away PostgreSQL cluster${BIN ? "" : ": skipped, no initdb/pg_ctl under /usr/lib/postgresql/*/bin"})`, () => {
  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), "rodamos-outage-"));
    if (AS_ROOT) {
      const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
      const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
      chownSync(folder, Number(owner.stdout.trim()), Number(group.stdout.trim()));
    }
    chmodSync(folder, 0o700);
    port = await freePorts();
    run("initdb", ["-D", dataDir(), "-A", "trust", "-U", "postgres", "--no-sync"]);
    await start();
    const database = await openDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 4 });
    shop = await openTestShop({ database });
  }, 300_000);

  afterAll(async () => {
    await shop?.close().catch(() => {});
    try {
      await stop();
    } catch {
      // Already stopped by a failed test.
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  it("answers 503 database_unavailable with Retry-After while the database is down, writes nothing, and takes the purchase once it is back", async () => {
    const buyer = await shop.buyer();
    const offer = await eventOffer(shop.db, "jazz-al-parque");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
    const counts = async () => {
      const result = await shop.db.execute(
        sql`select (select count(*) from orders)::int as orders, (select count(*) from tickets)::int as tickets, (select count(*) from payments)::int as payments, (select count(*) from outbox)::int as outbox, (select count(*) from waiting_list)::int as waiting`,
      );
      return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)[0];
    };
    const before = await counts();

    await stop();
    const purchase = await shop.call("POST", "/shop-api/init-payment", body, { token: buyer.token });
    expect(purchase.status).toBe(503);
    expect(purchase.body.code).toBe("database_unavailable");
    expect(purchase.body.message).toMatch(/No pudimos guardar esto ahora mismo: no se hizo ningún cambio/);
    expect(Number(purchase.headers.get("retry-after"))).toBeGreaterThan(0);
    // Other writes and reads that need the database wait the same way.
    const join = await shop.call("POST", "/shop-api/waiting-list", { eventDateId: offer.eventDateId, productVariantId: variant.id, seats: 1 }, { token: buyer.token });
    expect(join.status).toBe(503);
    expect(join.headers.get("retry-after")).not.toBeNull();
    const mine = await shop.call("GET", "/shop-api/waiting-list", undefined, { token: buyer.token });
    expect(mine.status).toBe(503);
    expect(mine.body.code).toBe("database_unavailable");

    await start();
    // Nothing half-written: every count is as it was.
    expect(await counts()).toEqual(before);
    // The same purchase, sent again as the wizard does, goes through once.
    const again = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: buyer.token });
    expect(again.status).toBe(201);
    const after = (await counts()) as { orders: number };
    expect(after.orders).toBe((before as { orders: number }).orders + 1);
  });

  it("three stops under load: every request answered by the shop within 2 s (503 with Retry-After while it is away), no 500, every acknowledged order kept", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = offer.typed(offer.variants[0]!.provinceId).find((one) => one.capacity === 1) ?? offer.typed(offer.variants[0]!.provinceId)[0]!;
    const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
    // Seats for every purchase the load makes: what is measured is the outage, not a sell-out.
    await shop.db.update(productVariants).set({ stock: 100_000 }).where(eq(productVariants.id, variant.id));
    await shop.db.update(seatCounts).set({ stock: null }).where(eq(seatCounts.productVariantId, variant.id));
    // One account per few purchases: the unpaid seats an account may hold are capped.
    const buyers = await Promise.all(Array.from({ length: 200 }, () => shop.buyer()));
    type Answer = { what: "purchase" | "read"; status: number; code: string | undefined; retryAfter: string | null; ms: number; orderId?: number };
    const answers: Answer[] = [];
    let running = true;
    let next = 0;
    const buyerLoop = async () => {
      while (running) {
        const buyer = buyers[next++ % buyers.length]!;
        const began = performance.now();
        const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: buyer.token });
        answers.push({ what: "purchase", status: answer.status, code: answer.body.code, retryAfter: answer.headers.get("retry-after"), ms: performance.now() - began, orderId: answer.status === 201 ? answer.body.data.orderId : undefined });
        await sleep(40);
      }
    };
    const readerLoop = async (index: number) => {
      while (running) {
        const began = performance.now();
        const answer = await shop.call("GET", "/shop-api/payment-history", undefined, { token: buyers[index]!.token });
        answers.push({ what: "read", status: answer.status, code: answer.body.code, retryAfter: answer.headers.get("retry-after"), ms: performance.now() - began });
        await sleep(20);
      }
    };
    const load = [...Array.from({ length: 5 }, () => buyerLoop()), ...Array.from({ length: 5 }, (_, index) => readerLoop(index))];
    for (let round = 0; round < 3; round += 1) {
      await sleep(1_500);
      await stop();
      await sleep(2_500);
      await start();
    }
    await sleep(2_000);
    running = false;
    await Promise.all(load);

    // The shop answered everything itself, and knew what each refusal was.
    const statuses = new Set(answers.map((answer) => answer.status));
    expect([...statuses].filter((status) => ![200, 201, 503].includes(status)), JSON.stringify(answers.filter((answer) => ![200, 201, 503].includes(answer.status)).slice(0, 5))).toEqual([]);
    const refused = answers.filter((answer) => answer.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((answer) => answer.code)).size).toBeGreaterThan(0);
    expect(refused.filter((answer) => answer.code !== "database_unavailable" && answer.code !== "outcome_unknown")).toEqual([]);
    expect(refused.filter((answer) => !answer.retryAfter)).toEqual([]);
    // Within 2 s, the slowest included: a stopped server refuses at once, a dying one ends its sessions.
    const slowest = Math.max(...refused.map((answer) => answer.ms));
    console.info(`outage under load: ${answers.length} answers, ${refused.length} of them 503 (slowest ${Math.round(slowest)} ms), slowest of all ${Math.round(Math.max(...answers.map((answer) => answer.ms)))} ms`);
    expect(slowest, `slowest 503 after ${Math.round(slowest)} ms`).toBeLessThan(2_000);
    // Work went on between the stops, and after the last one.
    const acknowledged = answers.filter((answer) => answer.orderId !== undefined).map((answer) => answer.orderId!);
    expect(acknowledged.length).toBeGreaterThan(10);
    expect(answers.slice(-10).some((answer) => answer.status !== 503)).toBe(true);
    // Every order the shop said it took is there.
    const kept = await shop.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acknowledged));
    expect(kept.length).toBe(new Set(acknowledged).size);
  }, 120_000);
});
