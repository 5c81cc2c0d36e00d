/**
 * One migration tested on rows as the shop wrote them before it: a PGlite database with every migration before
 * it applied, and the migration itself to apply once the test has written its old rows.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { expect } from "vitest";
import { migrationsFolder, pgliteStartParams } from "../../src/server/db/client";

const statements = (file: string) =>
  readFileSync(join(migrationsFolder, file), "utf8")
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter(Boolean);

export interface MigrationUnderTest {
  db: PGlite;
  /** Applies the migration under test. */
  migrate: () => Promise<void>;
}

/** `number` is the migration's file prefix, "0042" for `0042_private-event-names.sql`. */
export async function databaseBefore(number: string): Promise<MigrationUnderTest> {
  const files = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith(".sql"))
    .sort();
  const migration = files.find((name) => name.startsWith(`${number}_`));
  if (!migration) throw new Error(`no migration ${number}`);
  const db = new PGlite({ startParams: pgliteStartParams(PGlite.defaultStartParams) });
  for (const file of files.filter((name) => name < migration)) for (const statement of statements(file)) await db.exec(statement);
  return {
    db,
    migrate: async () => {
      for (const statement of statements(migration)) await db.exec(statement);
    },
  };
}

/**
 * The names the database gives a table's constraints and indexes; NOT NULL constraints apart (PostgreSQL 18 and
 * PGlite name them, `{table}_{column}_not_null`; older servers keep none).
 */
async function namesOf(db: PGlite, table: string): Promise<{ constraints: string[]; notNull: string[]; indexes: string[] }> {
  const constraints = await db.query<{ name: string; type: string }>(`SELECT conname AS name, contype AS type FROM pg_constraint WHERE conrelid = $1::regclass ORDER BY conname`, [table]);
  const indexes = await db.query<{ name: string }>(`SELECT indexname AS name FROM pg_indexes WHERE tablename = $1 ORDER BY indexname`, [table]);
  return {
    constraints: constraints.rows.filter((row) => row.type !== "n").map((row) => row.name),
    notNull: constraints.rows.filter((row) => row.type === "n").map((row) => row.name),
    indexes: indexes.rows.map((row) => row.name),
  };
}

/**
 * After a renaming migration: the table's keys, indexes and checks are exactly what the Drizzle schema names (its
 * foreign keys and indexes, plus `others`: the primary key and the checks), and none says the former word.
 */
export async function expectNamedAsSchema(db: PGlite, table: PgTable, others: string[], former: RegExp): Promise<void> {
  const config = getTableConfig(table);
  const names = await namesOf(db, config.name);
  expect(names.constraints, config.name).toEqual([...config.foreignKeys.map((key) => key.getName()), ...others].sort());
  expect(names.indexes, config.name).toEqual([...config.indexes.map((index) => index.config.name!), ...others.filter((name) => name.endsWith("_pkey"))].sort());
  const notNull = config.columns.filter((column) => column.notNull).map((column) => `${config.name}_${column.name}_not_null`);
  if (names.notNull.length > 0) expect(names.notNull, config.name).toEqual(notNull.sort());
  expect([...names.constraints, ...names.notNull, ...names.indexes].filter((name) => former.test(name)), config.name).toEqual([]);
}
