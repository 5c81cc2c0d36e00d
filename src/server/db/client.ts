/**
 * One Postgres dialect, two engines: embedded PGlite (default, nothing to install) or a real
 * PostgreSQL when DATABASE_URL is set. Both run the same SQL migrations. PGlite's folder belongs to one process
 * (data-dir-lock.ts); on PostgreSQL many processes may start at once, so migrating takes an advisory lock.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { lockDataDir } from "./data-dir-lock";
import { openNotifications, type Notifications } from "./notifications";
import { closeQuietly, openPool, openSession, RANDOM_PAGE_COST } from "./pg-driver";
import { planOnceOn } from "./plan-once";
import { readFallback } from "./read-fallback";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** "pglite" or "postgres": tests and benchmarks print which one they ran on. */
  engine: "pglite" | "postgres";
  /**
   * A streaming replica of the primary for catalogue reads (DATABASE_READ_URL, src/server/db/replica.ts), if any;
   * its reads go to the primary while it is down (src/server/db/read-fallback.ts).
   */
  readDb?: Db;
  /** With `readDb`: whether its reads go to the replica now (false while it is down or catching up). */
  readsOnReplica?: () => boolean;
  close(): Promise<void>;
}

/** The server each PostgreSQL `Db` was opened on, for what needs a session of its own (the leader's lock). */
const serverUrls = new WeakMap<object, string>();

export function postgresUrlOf(db: Db): string | undefined {
  return serverUrls.get(db);
}

/** LISTEN/NOTIFY of each PostgreSQL `Db` (one session of its own, opened when first asked). */
const notifiers = new WeakMap<object, () => Notifications>();

/** The notifications of the PostgreSQL server under `db`; undefined on PGlite (one process: nobody to tell). */
export function notificationsOf(db: Db): Notifications | undefined {
  return notifiers.get(db)?.();
}

/** The migrations' files (a cache of `emptyDatabaseArchive` knows from them when it is out of date). */
export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** pg_advisory_lock key for migrating: a constant the shop alone uses ("rodm" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x726f646d;

/** Shared buffers of the embedded database (see `openDatabase`). */
export const PGLITE_SHARED_BUFFERS = "16MB";

/** PGlite's start parameters with the shop's shared buffers and planner costs, for every embedded database it opens. */
export const pgliteStartParams = (defaults: string[]) => [...defaults, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`, "-c", `random_page_cost=${RANDOM_PAGE_COST}`];

export interface OpenOptions {
  /** postgres://... ; absent means PGlite. */
  url?: string;
  /** postgres://... of a streaming replica of `url` (never migrated: it replays what the primary does). */
  readUrl?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  max?: number;
  /** With `readUrl`: how often a replica that stopped answering is asked whether it is back (tests shorten it). */
  replicaRetryMs?: number;
  /**
   * PGlite in memory only: start from this archive of a data folder (`emptyDatabaseArchive`) instead of an empty
   * one. Loading a migrated archive costs a fraction of creating and migrating a database (tests open one per file).
   */
  archive?: Blob;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) return openPostgres(options.url, options);
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const release = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  let client: InstanceType<typeof PGlite> | undefined;
  try {
    // PostgreSQL's default 128 MB of shared buffers (PGlite's 160 MB) is resident memory the embedded shop's
    // small catalogue never fills; the public reads are answered from the answer cache anyway.
    const startParams = pgliteStartParams(PGlite.defaultStartParams);
    client = options.dataDir ? new PGlite(options.dataDir, { startParams }) : new PGlite({ startParams, loadDataDir: options.archive });
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder });
    const opened = client;
    return {
      db: db as unknown as Db,
      engine: "pglite",
      close: async () => {
        try {
          await opened.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => {});
    release();
    throw error;
  }
}

/** An in-memory PGlite database with every migration applied and no rows, as PGlite's data-folder archive. */
export async function emptyDatabaseArchive(): Promise<Blob> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = new PGlite({ startParams: pgliteStartParams(PGlite.defaultStartParams) });
  try {
    await migrate(drizzle(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir("none");
  } finally {
    await client.close();
  }
}


/**
 * PostgreSQL through node-postgres (src/server/db/pg-driver.ts: connect and statement timeouts, and a lost
 * connection never ends the process). Migrations run on a session of their own, holding the migration lock and
 * without the statement timeout (an index on a large table may take longer than any request should).
 */
async function openPostgres(url: string, options: OpenOptions): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const max = options.max ?? 10;
  const migrator = openSession(url, { applicationName: "rodamos-migrate", statementTimeout: false });
  try {
    await migrator.connect();
    await migrator.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(migrator, { schema }), { migrationsFolder });
    await migrator.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
  } finally {
    await closeQuietly(migrator);
  }
  const pool = openPool(url, { max });
  // The statements run with `planOnce` (db/statements.ts): a connection or two is enough, they are few and short.
  const planned = openPool(url, { max: 2, genericPlans: true });
  planOnceOn(pool, planned);
  const db = drizzle(pool, { schema }) as unknown as Db;
  serverUrls.set(db, url);
  let notifications: Notifications | undefined;
  notifiers.set(db, () => (notifications ??= openNotifications(url)));
  const closeNotifications = async () => notifications?.close();
  if (!options.readUrl) {
    return {
      db,
      engine: "postgres",
      close: async () => {
        await closeNotifications();
        await Promise.all([closeQuietly(pool), closeQuietly(planned)]);
      },
    };
  }
  const readPool = openPool(options.readUrl, { max, applicationName: "rodamos-reads" });
  // A replica that is down or out of reach sends its reads to the primary until it is back (read-fallback.ts).
  const reads = readFallback(readPool, pool, { retryMs: options.replicaRetryMs });
  return {
    db,
    readDb: drizzle(reads.client, { schema }) as unknown as Db,
    readsOnReplica: reads.onReplica,
    engine: "postgres",
    close: async () => {
      reads.close();
      await closeNotifications();
      await Promise.all([closeQuietly(pool), closeQuietly(readPool), closeQuietly(planned)]);
    },
  };
}
