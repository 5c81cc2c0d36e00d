/**
 * A migrated, empty database per test file: in-memory PGlite by default, or a throw-away database on the
 * PostgreSQL server named by DATABASE_URL (so the same suite proves both engines).
 *
 * Making one is the API suite's largest fixed cost: an embedded database is loaded from an archive of a migrated data
 * folder (made once per version of the migrations, kept in .tmp/; about 1.3 s of CPU), a PostgreSQL one is created
 * and migrated (about 4 s, most of it waiting on the server's disk). So a test process keeps the databases its files
 * have closed and hands one to its next file emptied: every table the migrations made emptied, every sequence
 * back at its start, and (PGlite's one session) the session's state discarded; one whose schema a file changed (a
 * table, function or trigger of a test's own) is not handed on, a new one is made. The next file sees what a new
 * database shows: the migrations' schema, no rows, ids from 1. What the earlier file still holds of it (a late
 * job, a stray promise) is cut off: on PGlite its handle refuses every call once closed, on PostgreSQL its
 * connections are closed, and any session still open on the database is ended. The PostgreSQL databases of a run are dropped when it ends (test-databases-teardown.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { isMainThread } from "node:worker_threads";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { throwAwayDatabase } from "../../scripts/lib/throw-away-database";
import { emptyDatabaseArchive, migrationsFolder, openDatabase, pgliteStartParams, type Database, type Db } from "../../src/server/db/client";
import * as schema from "../../src/server/db/schema";
import { runStatement } from "../../src/server/db/statements";
import { hashFiles } from "./hash-files";
import { quotedName, withTriggersOff } from "./triggers-off";

const ARCHIVES = resolve(import.meta.dirname, "../../.tmp/test-databases");

/** Names of a run's PostgreSQL databases: the test processes' parent is the run (test-databases-teardown.ts). */
export const runDatabasePrefix = (runPid: number) => `shop_test_run${runPid}`;

/**
 * The run this test belongs to: a test in a process of its own (the "forks" pool) is the run's child; a test in a
 * worker thread (the unit tests' "threads" pool) is inside the run's own process, whose parent is npm, so its
 * databases were named after npm and outlived every run.
 */
const runPid = isMainThread ? process.ppid : process.pid;

interface Kept {
  /** The database, emptied when it served a file before. */
  lease(): Promise<Database>;
  dispose(): Promise<void>;
}

/** Databases of this process that no file holds now. */
const idle: Kept[] = [];
/** Held longer, PGlite's would keep their memory for nothing: two cover a file that opens two at once. */
const MAX_IDLE = 2;

export async function openTestDatabase(): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  const make = () => (serverUrl ? postgresDatabase(serverUrl) : embeddedDatabase());
  const kept = idle.pop();
  if (kept) {
    try {
      return await kept.lease();
    } catch {
      // Not back to the migrations' state (an earlier file changed its schema): a new one instead.
      await kept.dispose().catch(() => {});
    }
  }
  const made = await make();
  try {
    return await made.lease();
  } catch (error) {
    await made.dispose().catch(() => {});
    throw error;
  }
}

function giveBack(kept: Kept): Promise<void> {
  if (idle.length < MAX_IDLE) {
    idle.push(kept);
    return Promise.resolve();
  }
  return kept.dispose();
}

async function embeddedDatabase(): Promise<Kept> {
  const database = await openDatabase({ archive: await migratedArchive() });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const schemaAsMade = await schemaFingerprint(database.db);
  let served = false;
  const kept: Kept = {
    async lease() {
      if (served) await empty(database.db, schemaAsMade, { discardSession: true });
      served = true;
      let closed = false;
      // The file's own handle on the one PGlite: once the file closes it, every call through it is refused.
      const handle = new Proxy(client, {
        get(target, key) {
          if (closed) throw new Error("this test database was closed");
          const value: unknown = Reflect.get(target, key, target);
          return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      });
      return {
        db: drizzle({ client: handle, schema }) as unknown as Db,
        engine: "pglite",
        async close() {
          if (closed) return;
          closed = true;
          await giveBack(kept);
        },
      };
    },
    dispose: () => database.close(),
  };
  return kept;
}

async function postgresDatabase(serverUrl: string): Promise<Kept> {
  const throwAway = await throwAwayDatabase(serverUrl, runDatabasePrefix(runPid));
  let schemaAsMade: string | undefined;
  const kept: Kept = {
    async lease() {
      // A pool of the file's own: closing it closes every connection the file had.
      // Sessions an earlier file left (a leader's lock held by a shop it did not close) end, as with a new database.
      if (schemaAsMade) await throwAway.endSessions();
      const database = await openDatabase({ url: throwAway.url, max: 20 });
      try {
        if (schemaAsMade) await empty(database.db, schemaAsMade, { discardSession: false });
        else schemaAsMade = await schemaFingerprint(database.db);
      } catch (error) {
        await database.close();
        throw error;
      }
      let closed = false;
      return {
        ...database,
        async close() {
          if (closed) return;
          closed = true;
          await database.close();
          await giveBack(kept);
        },
      };
    },
    dispose: () => throwAway.drop(),
  };
  return kept;
}

/**
 * Every object of the shop's schema with its definition (columns, constraints, indexes, functions, triggers, views,
 * enum labels), hashed: a file that made, changed or dropped one leaves a database that is not the migrations' any
 * more, and it is not kept.
 */
async function schemaFingerprint(db: Db): Promise<string> {
  const [row] = await runStatement<{ fingerprint: string }>(
    db,
    `select md5(string_agg(x, E'\\n' order by x)) as fingerprint from (
      select 'rel ' || relname || ' ' || relkind::text from pg_class where relnamespace = 'public'::regnamespace
      union all select 'col ' || table_name || '.' || column_name || ' ' || data_type || ' ' || coalesce(column_default, '') || ' ' || is_nullable
        from information_schema.columns where table_schema = 'public'
      union all select 'con ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) from pg_constraint where connamespace = 'public'::regnamespace
      union all select 'idx ' || indexdef from pg_indexes where schemaname = 'public'
      union all select 'fn ' || pg_get_functiondef(oid) from pg_proc where pronamespace = 'public'::regnamespace and prokind in ('f', 'p')
      union all select 'tg ' || pg_get_triggerdef(oid) from pg_trigger where not tgisinternal
      union all select 'view ' || viewname || ' ' || definition from pg_views where schemaname = 'public'
      union all select 'enum ' || t.typname || ' ' || e.enumlabel from pg_enum e join pg_type t on t.oid = e.enumtypid
    ) objects(x)`,
    [],
  );
  return row!.fingerprint;
}

/** Back to the migrated, empty database: no rows, sequences at their start; refused if its schema is not as made. */
async function empty(db: Db, schemaAsMade: string, options: { discardSession: boolean }): Promise<void> {
  // Advisory locks, prepared statements, settings and temporary tables of the earlier file's session.
  if (options.discardSession) await db.execute(sql.raw("discard all"));
  if ((await schemaFingerprint(db)) !== schemaAsMade) throw new Error("an earlier test file changed this database's schema");
  const tables = (await runStatement<{ name: string }>(db, "select tablename as name from pg_tables where schemaname = 'public'", [])).map((row) => row.name);
  // PGlite (in memory) truncates at once; PostgreSQL deletes the rows, or truncates where it may not (deleteEveryRow).
  if (options.discardSession || !(await deleteEveryRow(db, tables))) await db.execute(sql.raw(`truncate table ${tables.map(quotedName).join(", ")} restart identity cascade`));
  await db.execute(
    sql.raw(
      "select setval(c.oid, s.seqstart, false) from pg_sequence s join pg_class c on c.oid = s.seqrelid join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'",
    ),
  );
}

/**
 * An embedded data folder (`openDatabase({ dataDir })`, DATA_DIR/pglite) holding the migrated, empty database, as
 * a new folder is once the shop has opened it: for the tests of what happens to a folder (its lock, a crash, a
 * backup, a start), not of the migrations, which every file's database already passes (`openDatabase` still
 * migrates it, finding nothing to do). Loading the archive costs 2.5 CPU-s and a few seconds; migrating a new folder
 * on disk 8 CPU-s and 20 s or more on a busy 2-core machine.
 */
export async function migratedDataFolder(dataDir: string): Promise<string> {
  const { PGlite } = await import("@electric-sql/pglite");
  mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir, { startParams: pgliteStartParams(PGlite.defaultStartParams), loadDataDir: await migratedArchive() });
  await client.close();
  return dataDir;
}

/**
 * PostgreSQL: every row deleted in one transaction, foreign keys and triggers not fired (`session_replication_role`
 * replica: every table is emptied, so no reference is left dangling). TRUNCATE makes new files for every table and
 * index and waits on the server's disk: 1.1–1.3 s for the 62 tables against 0.06–0.12 s for the deletes, once per
 * test file. The rows a file leaves are few, and autovacuum clears them as in any database. Answers false, having
 * changed nothing, where the role may not set replica mode (a superuser's setting): the caller truncates instead.
 */
function deleteEveryRow(db: Db, tables: string[]): Promise<boolean> {
  return withTriggersOff(db, async (tx) => {
    for (const table of tables) await tx.execute(sql.raw(`delete from ${quotedName(table)}`));
  });
}

/** The migrated empty database's archive; two processes that both find none each make it, and one rename wins. */
export async function migratedArchive(): Promise<Blob> {
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
