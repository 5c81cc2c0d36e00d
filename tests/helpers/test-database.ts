/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new throw-away
 * database on the PostgreSQL server named by DATABASE_URL (so the same suite proves both engines).
 */
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { openDatabase, type Database } from "../../src/server/db/client";

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase();
  const throwAway = await throwAwayDatabase(serverUrl, "shop_test");
  const database = await openDatabase({ url: throwAway.url, max: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      await throwAway.drop();
    },
  };
}
