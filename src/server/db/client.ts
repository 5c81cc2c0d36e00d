/**
 * One Postgres dialect, two engines: embedded PGlite (default, nothing to install) or a real
 * PostgreSQL when DATABASE_URL is set. Both run the same SQL migrations.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** "pglite" or "postgres": tests and benchmarks print which one they ran on. */
  engine: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenOptions {
  /** postgres://... ; absent means PGlite. */
  url?: string;
  /** PGlite data folder; absent means in memory (tests). */
  dataDir?: string;
  /** Connection pool size for PostgreSQL. */
  max?: number;
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const sql = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzle(sql, { schema });
    await migrate(db, { migrationsFolder });
    return { db: db as unknown as Db, engine: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return { db: db as unknown as Db, engine: "pglite", close: () => client.close() };
}
