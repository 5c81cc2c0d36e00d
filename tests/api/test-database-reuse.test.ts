/**
 * A test database handed to the next file (tests/helpers/test-database.ts) is what a new one is: every table empty
 * and ids from 1, on either engine (PostgreSQL's rows are deleted, PGlite's truncated), and the handle of the file
 * that closed it refuses what it still tries.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { runStatement } from "../../src/server/db/statements";
import { seedDemoData } from "../../src/server/seed";
import { openTestDatabase } from "../helpers/test-database";
import type { Db } from "../../src/server/db/client";

async function rowsPerTable(db: Db): Promise<Record<string, number>> {
  const tables = (await runStatement<{ name: string }>(db, "select tablename as name from pg_tables where schemaname = 'public' order by 1", [])).map((row) => row.name);
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await runStatement<{ n: number }>(db, `select count(*)::int as n from "${table}"`, []);
    counts[table] = row!.n;
  }
  return counts;
}

describe(`a test database handed on (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("comes back with no rows in any table and its ids from 1", { timeout: 120_000 }, async () => {
    const first = await openTestDatabase();
    await seedDemoData(first.db);
    const seeded = await rowsPerTable(first.db);
    expect(Object.values(seeded).filter((n) => n > 0).length).toBeGreaterThan(10);
    const [firstUser] = await first.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    await first.close();

    const next = await openTestDatabase();
    try {
      const counts = await rowsPerTable(next.db);
      expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([]);
      expect(Object.keys(counts)).toEqual(Object.keys(seeded));
      // The same seed numbers its rows as it did on the new database.
      await seedDemoData(next.db);
      const [again] = await next.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
      expect(again!.id).toBe(firstUser!.id);
      expect(await rowsPerTable(next.db)).toEqual(seeded);
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
    } finally {
      await next.close();
    }
  });
});
