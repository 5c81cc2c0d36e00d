/**
 * Migration 0120 gives the about-us form's table the glossary's name without losing a row: `quote_requests`
 * becomes `company_requests` (a quote is only a private event's); its sequence, keys and NOT NULL constraints
 * follow, and the Drizzle schema names exactly what the database then holds.
 */
import type { PGlite } from "@electric-sql/pglite";
import { getTableConfig } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migration-under-test";
import { companyRequests } from "../../src/server/db/schema";

let db: PGlite;

beforeAll(async () => {
  const underTest = await databaseBefore("0120");
  db = underTest.db;
  // A row as the shop wrote it before 0120 (its country's key left out: only the names and the rows matter here).
  await db.exec("SET session_replication_role = replica");
  await db.exec(`INSERT INTO quote_requests (id, country_code, name, email, phone, date, place, message)
    VALUES (5, 'CO', 'Grupo Andino', 'a@example.com', '3001234567', '2027-01-10', 'Cota', 'Cuarenta personas')`);
  await db.exec(`SELECT setval('quote_requests_id_seq', 5)`);
  await db.exec("SET session_replication_role = DEFAULT");
  await underTest.migrate();
}, 180_000);
afterAll(async () => {
  await db?.close();
});

describe("migration 0120", () => {
  it("keeps every company request under the new name, and the old name is gone", async () => {
    expect((await db.query(`SELECT id, country_code, name, place FROM company_requests`)).rows).toEqual([
      { id: 5, country_code: "CO", name: "Grupo Andino", place: "Cota" },
    ]);
    const old = await db.query(`SELECT to_regclass('quote_requests') AS a, to_regclass('quote_requests_id_seq') AS b`);
    expect(old.rows).toEqual([{ a: null, b: null }]);
  });

  it("goes on numbering from the renamed sequence", async () => {
    await db.exec("SET session_replication_role = replica");
    const { rows } = await db.query<{ id: number }>(`INSERT INTO company_requests (country_code, name, email, phone, date, place, message)
      VALUES ('CO', 'Otra', 'o@example.com', '3001234567', '2027-02-01', 'Chía', 'Hola') RETURNING id`);
    await db.exec("SET session_replication_role = DEFAULT");
    expect(rows).toEqual([{ id: 6 }]);
    expect((await db.query(`SELECT pg_get_serial_sequence('company_requests', 'id') AS name`)).rows).toEqual([{ name: "public.company_requests_id_seq" }]);
  });

  it("names its key, foreign key and NOT NULL constraints after the table, as the Drizzle schema does", async () => {
    const config = getTableConfig(companyRequests);
    expect(config.name).toBe("company_requests");
    const { rows } = await db.query<{ name: string; type: string }>(`SELECT conname AS name, contype AS type FROM pg_constraint WHERE conrelid = 'company_requests'::regclass ORDER BY conname`);
    const named = rows.filter((row) => row.type !== "n").map((row) => row.name);
    expect(named).toEqual([...config.foreignKeys.map((key) => key.getName()), "company_requests_pkey"].sort());
    const notNull = rows.filter((row) => row.type === "n").map((row) => row.name);
    if (notNull.length > 0) expect(notNull).toEqual(config.columns.filter((column) => column.notNull).map((column) => `company_requests_${column.name}_not_null`).sort());
    expect(rows.map((row) => row.name).filter((name) => /quote/.test(name))).toEqual([]);
  });
});
