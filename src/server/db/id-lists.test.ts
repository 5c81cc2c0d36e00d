import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { PgDialect, integer, pgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anyId } from "./id-lists";

const rows = pgTable("rows", { id: integer("id").notNull() });
const client = new PGlite();
const db = drizzle(client);

beforeAll(async () => {
  await client.exec("create table rows (id int not null); insert into rows select generate_series(1, 10000);");
});
afterAll(() => client.close());

describe("anyId", () => {
  it("binds thousands of ids as one array parameter", () => {
    const ids = Array.from({ length: 5_000 }, (_, index) => index + 1);
    const query = new PgDialect().sqlToQuery(anyId(rows.id, ids));
    expect(query.sql).toBe('"rows"."id" = any($1::int[])');
    expect(query.params).toEqual([ids]);
  });

  it("finds the rows of the listed ids, and none for an empty list", async () => {
    const ids = Array.from({ length: 5_000 }, (_, index) => 2 * index + 1);
    const found = await db.select().from(rows).where(anyId(rows.id, ids));
    expect(found.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids);
    expect(await db.select().from(rows).where(anyId(rows.id, []))).toEqual([]);
  });
});
