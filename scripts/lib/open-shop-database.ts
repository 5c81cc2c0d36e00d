/** The shop's own database as `npm start` opens it: DATABASE_URL (and its replica DATABASE_READ_URL), else the embedded PGlite in DATA_DIR. */
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, pgliteStartParams } from "../../src/server/db/client";
import type { Env } from "../../src/server/env";

export function openShopDatabase(env: Env) {
  return openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL, readUrl: env.DATABASE_READ_URL, max: env.DATABASE_POOL } : { dataDir: join(env.DATA_DIR, "pglite") });
}

/**
 * The payment methods a shop's database enables, known without opening it the way `openShopDatabase` does (which
 * creates DATA_DIR and migrates): a database that does not exist yet will be seeded with every method each country
 * offers; PostgreSQL is read (no write) when it has the table; an existing embedded database is read from a copy
 * (opening PGlite's folder itself would write to it); undefined when nothing could tell.
 */
export async function enabledMethodsBeforeOpening(env: Env, seededMethods: readonly string[]): Promise<readonly string[] | undefined> {
  if (!env.DATABASE_URL) {
    const folder = join(env.DATA_DIR, "pglite");
    return existsSync(folder) ? embeddedMethods(folder, seededMethods) : seededMethods;
  }
  const { closeQuietly, openSession } = await import("../../src/server/db/pg-driver");
  const session = openSession(env.DATABASE_URL, { applicationName: "rodamos-start" });
  try {
    await session.connect();
    const table = await session.query<{ name: string | null }>("select to_regclass('payment_methods')::text as name");
    if (!table.rows[0]?.name) return seededMethods;
    const rows = await session.query<{ method: string }>("select distinct country_code || ':' || code as method from payment_methods where enabled");
    return rows.rows.map((row) => row.method);
  } catch {
    // Unreachable now: opening says so in its own words.
    return undefined;
  } finally {
    await closeQuietly(session);
  }
}

/** Reads the enabled methods of an embedded database from a throw-away copy of its folder, leaving the folder untouched. */
async function embeddedMethods(folder: string, seededMethods: readonly string[]): Promise<readonly string[] | undefined> {
  const copy = mkdtempSync(join(tmpdir(), "rodamos-methods-"));
  try {
    cpSync(folder, copy, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const client = new PGlite(copy, { startParams: pgliteStartParams(PGlite.defaultStartParams) });
    try {
      const table = await client.query<{ name: string | null }>("select to_regclass('payment_methods')::text as name");
      if (!table.rows[0]?.name) return seededMethods;
      const rows = await client.query<{ method: string }>("select distinct country_code || ':' || code as method from payment_methods where enabled");
      return rows.rows.map((row) => row.method);
    } finally {
      await client.close();
    }
  } catch {
    // A folder PGlite cannot read: opening it says so in its own words.
    return undefined;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}
