/**
 * Hot statements in plain SQL, run on the driver itself: on PostgreSQL as named prepared statements (parsed and
 * planned once per pooled connection, then only bound and executed: Drizzle's own queries are re-parsed every
 * time unless given a name; the name is a digest of the text, so one name never stands for two texts), on PGlite
 * as ordinary queries. A refusal raised by the database (`shop_refuse`,
 * the seat-count trigger) comes back as the ShopError it names.
 */
import { createHash } from "node:crypto";
import pg from "pg";
import { ShopError, type ShopErrorCode } from "../../shared/domain/shop-error";
import type { Db } from "./client";
import { planOncePoolOf } from "./plan-once";

/** SQLSTATE of `shop_refuse(code)` (migration 0005): the message is a ShopError code. */
export const REFUSAL_SQLSTATE = "RD001";

interface PgliteClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/** The driver under a database or a transaction (Drizzle keeps it as `$client`, or on a transaction's session). */
function driverOf(db: Db): pg.Pool | pg.ClientBase | PgliteClient {
  const holder = db as unknown as { $client?: unknown; session?: { client?: unknown } };
  const client = holder.$client ?? holder.session?.client;
  if (!client) throw new Error("no database driver under this Db");
  return client as pg.Pool | pg.ClientBase | PgliteClient;
}

const names = new Map<string, string>();
/** The prepared statement's name for `text`. */
function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, (name = `s_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`));
  return name;
}

/** The ShopError code a database refusal carries (on the error or, wrapped by Drizzle, its cause), else null. */
export function refusalOf(error: unknown): ShopErrorCode | null {
  for (let current = error, depth = 0; current && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (code === REFUSAL_SQLSTATE && typeof message === "string") return message as ShopErrorCode;
  }
  return null;
}

/**
 * Runs `text` ($1 … parameters) and answers its rows; a database refusal is thrown as its ShopError.
 * `planOnce`: PostgreSQL keeps the plan it made on the connection's first run (outside a transaction, on PostgreSQL).
 * It otherwise plans a statement anew on each run whenever the plan it would keep looks dearer than one made for the
 * values, which with arrays (a batch's rows through `unnest`) it always does: planning the positions' statement cost
 * PostgreSQL five times running it. Only for statements whose best plan is the same for any values (rows found by
 * their keys).
 */
export async function runStatement<Row = Record<string, unknown>>(db: Db, text: string, params: unknown[], options: { planOnce?: boolean } = {}): Promise<Row[]> {
  const found = driverOf(db);
  const driver = options.planOnce && found instanceof pg.Pool ? (planOncePoolOf(found) ?? found) : found;
  // Times as ISO text: both drivers bind it to timestamptz the same way, whatever the machine's time zone.
  const values = params.map((value) => (value instanceof Date ? value.toISOString() : value));
  try {
    if (driver instanceof pg.Pool || driver instanceof pg.Client) return (await driver.query({ name: nameOf(text), text, values })).rows as Row[];
    return (await (driver as PgliteClient).query(text, values)).rows as Row[];
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal) throw new ShopError(refusal);
    throw error;
  }
}
