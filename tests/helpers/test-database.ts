/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new throw-away
 * database on the PostgreSQL server named by DATABASE_URL (so the same suite proves both engines).
 *
 * Creating a PGlite database and running every migration on it costs several seconds of CPU, loading an archive of
 * one already migrated about a quarter of that: the archive is made once per version of the migrations, kept in
 * .tmp/, and every test file loads its own copy of it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { emptyDatabaseArchive, migrationsFolder, openDatabase, type Database } from "../../src/server/db/client";
import { hashFiles } from "./hash-files";

const ARCHIVES = resolve(import.meta.dirname, "../../.tmp/test-databases");

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ archive: await migratedArchive() });
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

/** The migrated empty database's archive; two processes that both find none each make it, and one rename wins. */
async function migratedArchive(): Promise<Blob> {
  const file = join(ARCHIVES, `migrated-${hashFiles(migrationsFolder).slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const archive = new Uint8Array(await (await emptyDatabaseArchive()).arrayBuffer());
    mkdirSync(ARCHIVES, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, archive);
    renameSync(partial, file);
    // Archives of earlier migrations are of no use any more (44 MB each).
    for (const name of readdirSync(ARCHIVES)) if (/^migrated-[0-9a-f]+\.tar$/.test(name) && join(ARCHIVES, name) !== file) rmSync(join(ARCHIVES, name), { force: true });
    return new Blob([archive]);
  }
  return new Blob([readFileSync(file)]);
}
