/**
 * The demo data as a test shop starts with it (tests/helpers/test-shop.ts), seeded once per test process and hour and
 * copied into each later database. Seeding runs a few hundred statements and hashes four passwords with argon2:
 * about 0.6 CPU-s a file on PGlite, a hundred files per pass. Copying the rows the seed made costs a statement per
 * table.
 *
 * The copy is the seed's rows and sequence positions as they were, so a file sees what `seedDemoData` would have made:
 * the same rows with the same ids, the next id where the seed left it. Only what the seed took from the clock is as
 * old as the copy: the seed places events on local days and hours (`localDateTime`), the same throughout one UTC hour
 * in every shop time zone (whole hours off UTC), so a copy serves within the hour it was made; an account's
 * `verifiedAt` and a default `created_at` can be up to that hour old, as if the seed had run at the hour's start.
 * The password hashes are the same in every copy (same salts): the demo accounts' passwords are published anyway.
 *
 * The rows go in with triggers and foreign-key checks off (`session_replication_role = replica`): what a trigger
 * would have written elsewhere is copied from its own table. Where the role may not set that (not a superuser),
 * the database is seeded instead.
 */
import type { Db } from "../../src/server/db/client";
import { runStatement } from "../../src/server/db/statements";
import { seedDemoData } from "../../src/server/seed";
import { quotedName, withTriggersOff } from "./triggers-off";

export interface SeedCopy {
  /** The UTC hour it was made in (`2026-12-07T11`): the hour it can serve. */
  hour: string;
  /** Each table the seed wrote to: its insertable columns and its rows as JSON. */
  tables: { name: string; columns: string[]; rows: string }[];
  /** Each sequence the seed moved on, and where it left it. */
  sequences: { name: string; lastValue: string }[];
}

/** The UTC hour of `now`, the key a copy serves under. */
export const seedHour = (now: Date) => now.toISOString().slice(0, 13);

let kept: SeedCopy | undefined;

/**
 * `seedDemoData(db, { now })` on an empty database: the first time in `now`'s hour by seeding, then by copying what
 * that seed made.
 */
export async function seedDemoDataByCopy(db: Db, now = new Date()): Promise<void> {
  if (kept?.hour === seedHour(now) && (await copySeed(db, kept))) return;
  await seedDemoData(db, { now });
  kept = await takeSeedCopy(db, seedHour(now));
}

/** What the seed left in `db`: every non-empty table of the shop's schema and every sequence it moved on. */
export async function takeSeedCopy(db: Db, hour: string): Promise<SeedCopy> {
  const columns = await runStatement<{ name: string; columns: string[] }>(
    db,
    `select c.relname as name, array_agg(a.attname::text order by a.attnum) as columns
       from pg_class c join pg_attribute a on a.attrelid = c.oid
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
      group by c.relname order by c.relname`,
    [],
  );
  const tables: SeedCopy["tables"] = [];
  for (const table of columns) {
    const [row] = await runStatement<{ rows: string | null }>(db, `select json_agg(t)::text as rows from ${quotedName(table.name)} t`, []);
    if (row?.rows) tables.push({ name: table.name, columns: table.columns, rows: row.rows });
  }
  const sequences = await runStatement<{ name: string; lastValue: string }>(
    db,
    "select sequencename as name, last_value::text as \"lastValue\" from pg_sequences where schemaname = 'public' and last_value is not null order by 1",
    [],
  );
  return { hour, tables, sequences };
}

/**
 * The copy's rows and sequence positions into `db`, which must be empty, in one transaction. Answers false, having
 * changed nothing, where the role may not turn triggers off.
 */
export async function copySeed(db: Db, copy: SeedCopy): Promise<boolean> {
  return withTriggersOff(db, async (t) => {
    for (const table of copy.tables) {
      const list = table.columns.map(quotedName).join(", ");
      await runStatement(t, `insert into ${quotedName(table.name)} (${list}) overriding system value select ${list} from json_populate_recordset(null::${quotedName(table.name)}, $1::json)`, [table.rows]);
    }
    for (const sequence of copy.sequences) await runStatement(t, "select setval($1::regclass, $2::bigint, true)", [quotedName(sequence.name), sequence.lastValue]);
  });
}
