/**
 * Backup and restore, as an operator runs them (`npm run backup`, `npm run restore`, docs/operations.md): a shop
 * with an order is backed up, the backup restored into a NEW place, and a shop started there finds the order for
 * its buyer and signs tickets with the same key. The embedded half runs on the PGlite pass of the suite, the
 * PostgreSQL half (pg_dump / pg_restore) on the pass with DATABASE_URL, in databases of its own.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../src/server/db/client";
import { ROLE } from "../../src/shared/domain/roles";
import type { OrderDetailAnswer } from "../../src/shared/schemas/answers/orders";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { migratedDataFolder } from "../helpers/test-database";
import { openTestShop } from "../helpers/test-shop";

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));
const newFolder = (name: string) => {
  const folder = mkdtempSync(join(tmpdir(), `rodamos-${name}-`));
  folders.push(folder);
  return folder;
};

/** Runs scripts/<script>.ts as `npm run <script>` does, with these settings; answers its exit code and output. */
function runScript(script: "backup" | "restore", args: string[], settings: { DATA_DIR: string; DATABASE_URL?: string }) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...settings };
  if (!settings.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], { env, timeout: 120_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` });
    });
  });
}

const UPLOAD = join("uploads", "events", "backup-check.webp");

/** A shop on `database` (DATA_DIR `dataDir`) where a buyer starts an order; answers what must survive. */
async function shopWithAnOrder(database: Database, dataDir: string) {
  const shop = await openTestShop({ database, listen: true, env: { DATA_DIR: dataDir } });
  try {
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const [variant] = festival.typed(festival.variants[0]!.provinceId);
    const buyer = await shop.buyer();
    const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(festival, [variant!.id], await countyOf(shop.db, variant!.provinceId)), { token: buyer.token });
    expect(started.status).toBe(201);
    const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${started.body.data.orderId}`, undefined, { token: buyer.token });
    expect(detail.status).toBe(200);
    const staff = await shop.buyer(ROLE.staff);
    const key = await shop.call<{ kid: string }>("GET", "/shop-api/staff/ticket-key", undefined, { token: staff.token });
    mkdirSync(join(dataDir, "uploads", "events"), { recursive: true });
    writeFileSync(join(dataDir, UPLOAD), "an uploaded image");
    return { shop, buyer: buyer.token, staff: staff.token, order: detail.body.data.order, kid: key.body.data.kid };
  } catch (error) {
    await shop.close();
    throw error;
  }
}

/** The restored shop, started on `database` and `dataDir`, finds what `before` saw. */
async function expectRestored(database: Database, dataDir: string, before: Awaited<ReturnType<typeof shopWithAnOrder>>) {
  const shop = await openTestShop({ database, seed: false, env: { DATA_DIR: dataDir } });
  try {
    const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${before.order.id}`, undefined, { token: before.buyer });
    expect(detail.status).toBe(200);
    expect(detail.body.data.order).toEqual(before.order);
    const key = await shop.call<{ kid: string }>("GET", "/shop-api/staff/ticket-key", undefined, { token: before.staff });
    expect(key.body.data.kid).toBe(before.kid);
    expect(readFileSync(join(dataDir, UPLOAD), "utf8")).toBe("an uploaded image");
  } finally {
    await shop.close();
  }
}

describe.skipIf(process.env.DATABASE_URL)("backup and restore of the embedded database", () => {
  it("restores a shop with an order into a new data folder, never over one", { timeout: 240_000 }, async () => {
    const source = newFolder("source");
    const backup = join(newFolder("backups"), "today");
    // The source folder holds the migrated database already (migrating a new folder is not what this tests).
    const before = await shopWithAnOrder(await openDatabase({ dataDir: await migratedDataFolder(join(source, "pglite")) }), source);
    try {
      // The embedded database belongs to the running shop: the backup waits for it to stop.
      const refused = await runScript("backup", [backup], { DATA_DIR: source });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain("Stop the shop");
    } finally {
      await before.shop.close();
    }
    const backedUp = await runScript("backup", [backup], { DATA_DIR: source });
    expect(backedUp.output).toContain(`written to ${backup}`);
    expect(backedUp.code).toBe(0);

    const target = newFolder("restored");
    const restored = await runScript("restore", [backup], { DATA_DIR: target });
    expect(restored.output).toContain("restored into");
    expect(restored.code).toBe(0);
    await expectRestored(await openDatabase({ dataDir: join(target, "pglite") }), target, before);

    // A second restore into the same folder would overwrite a shop: refused.
    const again = await runScript("restore", [backup], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.output).toContain("already holds a database");
  });
});

const serverUrl = process.env.DATABASE_URL;
describe.skipIf(!serverUrl)("backup and restore of a PostgreSQL database", () => {
  it("restores a shop with an order into a new database by pg_dump and pg_restore", { timeout: 240_000 }, async () => {
    const { default: postgres } = await import("postgres");
    // Only the server of DATABASE_URL is used: its maintenance database creates and drops this test's own two.
    const urlOf = (name: string) => {
      const url = new URL(serverUrl!);
      url.pathname = `/${name}`;
      return url.toString();
    };
    const admin = postgres(urlOf("postgres"), { max: 1, onnotice: () => {} });
    const suffix = `${Date.now()}_${randomBytes(3).toString("hex")}`;
    const [sourceName, targetName] = [`backup_source_${suffix}`, `backup_target_${suffix}`];
    await admin.unsafe(`create database "${sourceName}"`);
    await admin.unsafe(`create database "${targetName}"`);
    try {
      const source = newFolder("source");
      const backup = join(newFolder("backups"), "today");
      const before = await shopWithAnOrder(await openDatabase({ url: urlOf(sourceName), max: 5 }), source);
      await before.shop.close();
      const backedUp = await runScript("backup", [backup], { DATA_DIR: source, DATABASE_URL: urlOf(sourceName) });
      expect(backedUp.output).toContain(`written to ${backup}`);
      expect(backedUp.code).toBe(0);
      expect(existsSync(join(backup, "database.pgdump"))).toBe(true);

      const target = newFolder("restored");
      const restored = await runScript("restore", [backup], { DATA_DIR: target, DATABASE_URL: urlOf(targetName) });
      expect(restored.output).toContain("restored into");
      expect(restored.code).toBe(0);
      await expectRestored(await openDatabase({ url: urlOf(targetName), max: 5 }), target, before);

      const again = await runScript("restore", [backup], { DATA_DIR: target, DATABASE_URL: urlOf(targetName) });
      expect(again.code).toBe(1);
      expect(again.output).toContain("restore into a new, empty database");
    } finally {
      await admin.unsafe(`drop database if exists "${sourceName}" with (force)`);
      await admin.unsafe(`drop database if exists "${targetName}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
});
