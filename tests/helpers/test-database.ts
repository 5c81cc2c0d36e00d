/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new throw-away
 * database on the PostgreSQL server named by DATABASE_URL (so the same suite proves both engines).
 */
import { randomBytes } from "node:crypto";
import { openDatabase, type Database } from "../../src/server/db/client";

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase();
  const { default: postgres } = await import("postgres");
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  const name = `shop_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
