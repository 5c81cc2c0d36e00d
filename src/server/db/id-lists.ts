/**
 * A list of row ids as one parameter: `column = any($1::int[])`. Drizzle's `inArray` binds one parameter per id, so a
 * day's 5,000 passengers were 5,000 parameters to build in the shop and to send, parse and plan in the database on
 * every read (the live feed reads the day again every 15 s). An empty list matches nothing, as `inArray` does.
 */
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export function anyId(column: AnyPgColumn | SQL, ids: readonly number[]): SQL {
  return sql`${column} = any(${sql.param([...ids])}::int[])`;
}
