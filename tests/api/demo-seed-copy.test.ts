/**
 * The test shops' demo data copied from an earlier seed (tests/helpers/demo-seed-copy.ts) is the seed's: every table
 * holds the same rows, every sequence stands where the seed left it, and the database checks references and runs
 * its triggers again once the copy is in. A copy serves only the hour it was made in.
 */
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/server/db/schema";
import { runStatement } from "../../src/server/db/statements";
import { seedDemoData } from "../../src/server/seed";
import type { Db } from "../../src/server/db/client";
import { insertUser } from "../helpers/fixtures";
import { copySeed, seedDemoDataByCopy, seedHour, takeSeedCopy } from "../helpers/demo-seed-copy";
import { openTestDatabase } from "../helpers/test-database";

/** Every row of every table of the shop's schema, as text, sorted; and every sequence's position. */
async function contents(db: Db) {
  const tables = (await runStatement<{ name: string }>(db, "select tablename as name from pg_tables where schemaname = 'public' order by 1", [])).map((row) => row.name);
  const rows: Record<string, string[]> = {};
  for (const table of tables) rows[table] = (await runStatement<{ row: string }>(db, `select t::text as row from "${table}" t`, [])).map((row) => row.row).sort();
  const sequences = await runStatement(db, "select sequencename, last_value::text from pg_sequences where schemaname = 'public' order by 1", []);
  return { rows, sequences };
}

describe(`the demo seed copied (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("holds the seed's rows and sequence positions, and the database checks references again after it", { timeout: 120_000 }, async () => {
    const seeded = await openTestDatabase();
    const copied = await openTestDatabase();
    try {
      await seedDemoData(seeded.db);
      const copy = await takeSeedCopy(seeded.db, seedHour(new Date()));
      expect(copy.tables.length).toBeGreaterThan(10);
      expect(await copySeed(copied.db, copy)).toBe(true);
      const expected = await contents(seeded.db);
      expect(Object.values(expected.rows).flat().length).toBeGreaterThan(100);
      expect(await contents(copied.db)).toEqual(expected);
      // The next row gets the id it gets after the seed.
      const next = async (db: Db) => (await insertUser(db, { email: "siguiente@example.com" })).id;
      expect(await next(copied.db)).toBe(await next(seeded.db));
      // Triggers and foreign keys are back on: a row naming an account that does not exist is refused.
      await expect(copied.db.execute(sql`insert into frequent_friends (user_id, fullname, phone, email) values (999999, 'Nadie', '1', 'n@example.com')`)).rejects.toThrow();
    } finally {
      await seeded.close();
      await copied.close();
    }
  });

  it("is made again in another hour: a database then gets that hour's seed", { timeout: 120_000 }, async () => {
    const verifiedAt = async (db: Db) => (await db.select({ at: users.verifiedAt }).from(users).orderBy(users.id).limit(1))[0]!.at!.toISOString();
    // Hours of their own, ahead of the real clock: a later file in this process seeds again for its own hour.
    const first = new Date(Math.floor(Date.now() / 3_600_000 + 7 * 24) * 3_600_000 + 10 * 60_000);
    const later = new Date(first.getTime() + 3_600_000);
    const sameHour = new Date(later.getTime() + 20 * 60_000);
    for (const [now, seededAt] of [[first, first], [later, later], [sameHour, later]] as const) {
      const database = await openTestDatabase();
      try {
        await seedDemoDataByCopy(database.db, now);
        expect(await verifiedAt(database.db)).toBe(seededAt.toISOString());
      } finally {
        await database.close();
      }
    }
  });
});
