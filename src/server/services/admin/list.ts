/** Paging, searching and sorting shared by every back-office list. */
import { and, asc, desc, eq, ilike, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { ListQuery } from "../../../shared/schemas/admin/common";
import type { Db } from "../../db/client";

export const DEFAULT_PAGE_SIZE = 20;

export function pageOf(query: ListQuery) {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  return { page, pageSize, offset: (page - 1) * pageSize };
}

/** `q` as an ILIKE pattern that finds it anywhere, its own % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Every matching row counted beside each row of the page, so one query answers both. */
export const totalField = sql<number>`count(*) over ()`.mapWith(Number);

export interface ListSpec<Row> {
  /** The rows and their joins (with `total: totalField` among the fields), before search, filters, order and page. */
  select(db: Db): PgSelect;
  /** Texts `q` is looked for in (any of them). */
  search: (AnyColumn | SQL)[];
  sorts: Record<string, AnyColumn | SQL>;
  defaultSort: string;
  /** Query parameter -> column it must equal. */
  filters?: Record<string, AnyColumn | SQL>;
  /** The id column, the tie-breaker of every order. */
  id: AnyColumn;
  toItem(row: Row): unknown;
}

/** One page of a list and how many rows match. */
export async function runList<Row>(db: Db, spec: ListSpec<Row>, query: ListQuery) {
  const { page, pageSize, offset } = pageOf(query);
  const conditions: (SQL | undefined)[] = [];
  if (query.q) {
    const pattern = likePattern(query.q);
    conditions.push(or(...spec.search.map((column) => ilike(column as AnyColumn, pattern))));
  }
  for (const [name, column] of Object.entries(spec.filters ?? {})) {
    const value = query[name];
    if (value !== undefined && value !== null && value !== "") conditions.push(eq(column as AnyColumn, value));
  }
  const where = and(...conditions);
  const sortKey = query.sort && query.sort in spec.sorts ? query.sort : spec.defaultSort;
  const direction = query.dir === "desc" ? desc : asc;
  const read = (limit: number, from: number) =>
    spec
      .select(db)
      .where(where)
      .orderBy(direction(spec.sorts[sortKey] as AnyColumn), asc(spec.id))
      .limit(limit)
      .offset(from) as unknown as Promise<Row[]>;
  const rows = await read(pageSize, offset);
  // A page past the end has no row to carry the count: ask for the first row alone.
  const totalOf = (row: Row | undefined) => (row as { total?: number } | undefined)?.total;
  const total = totalOf(rows[0]) ?? (offset > 0 ? (totalOf((await read(1, 0))[0]) ?? 0) : 0);
  return { items: rows.map((row) => spec.toItem(row)), total: Number(total), page, pageSize };
}
