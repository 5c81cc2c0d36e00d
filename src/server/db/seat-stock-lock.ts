/**
 * The lock between selling seats and changing how many there are. Every purchase (the seat counter in the database,
 * `seat_counts_apply`, migration 0170) takes a shared advisory lock per subcategory it sells, in id order; a back-office
 * change of a subcategory's stock or of a seat pool takes the exclusive lock of the same keys, in the same order,
 * before it recounts what is sold. So no sale slips between the recount and the change, and a sale that waited reads
 * the new figures. Advisory locks live in PostgreSQL's memory only: many buyers of one subcategory share the lock
 * without writing anything, where a row lock shared by them wrote a new multixact per sale.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** The first key of every seat-stock lock: "rost" in ASCII, a constant the shop alone uses (also in migration 0170). */
export const SEAT_STOCK_LOCK_KEY = 0x726f7374;

/** Takes the exclusive seat-stock lock of these subcategories until the transaction ends (id order: no deadlock). */
export async function lockSeatStock(tx: Db, variantIds: number[]): Promise<void> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  // One statement; PostgreSQL evaluates the locking calls after sorting, so they are taken in id order.
  await tx.execute(sql`select pg_advisory_xact_lock(${SEAT_STOCK_LOCK_KEY}::int, id) from unnest(${`{${ids.join(",")}}`}::int[]) as variant(id) order by id`);
}

/** Takes the shared seat-stock lock of one subcategory, as a purchase does, until the transaction ends. */
export async function shareSeatStock(tx: Db, variantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${SEAT_STOCK_LOCK_KEY}::int, ${variantId}::int)`);
}
