/**
 * Demo data for the embedded database: realistic, deterministic, and with no remote URLs
 * (every image is shipped in public/demo). Dates are relative to the day it runs, so events stay upcoming.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { seedCountries } from "./countries";

export async function seedDemoData(db: Db) {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await seedCountries(t);
  });
}

/** Seeds only a database that has no countries yet, so restarts keep what people did. */
export async function seedIfEmpty(db: Db): Promise<boolean> {
  const result = await db.execute(sql`select count(*)::int as n from countries`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  if ((rows[0]?.n ?? 0) > 0) return false;
  await seedDemoData(db);
  return true;
}
