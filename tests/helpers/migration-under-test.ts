/**
 * One migration tested on rows as the shop wrote them before it: a PGlite database with every migration before
 * it applied, and the migration itself to apply once the test has written its old rows.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
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
