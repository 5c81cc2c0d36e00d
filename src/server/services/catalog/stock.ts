/**
 * Live stock: what is still on sale of each subcategory (product variant) on an event date.
 * DESIGN.md "Stock is counted per variant and event date"; STYLE.md "lock, recount, then write".
 * The booking work locks the variant rows and recounts with `liveStock` inside its own transaction.
 */
import { and, eq, gt, inArray, or, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, eventDates, orders, productVariants, tickets } from "../../db/schema";

/** Order states whose tickets hold a seat: paid, and unpaid ones while their hold has not run out. */
export const HOLDING_STATES = ["awaiting_payment", "awaiting_transfer_payment"] as const;

export function holdsSeats(now: Date): SQL {
  return or(
    eq(orders.state, "paid"),
    and(inArray(orders.state, [...HOLDING_STATES]), or(isNull(orders.holdExpiresAt), gt(orders.holdExpiresAt, now))),
  )!;
}

export interface StockQuery {
  eventId: number;
  /** One calendar entry; without it, the minimum over the event's upcoming dates. */
  eventDateId?: number;
  /** Only these variants (the booking recounts the ones it sells). */
  variantIds?: number[];
  now: Date;
}

/**
 * Variant id -> tickets still on sale: stock minus tickets of holding orders for that date, never below 0.
 * One query whatever the number of variants and dates. A variant absent from the map has nothing on sale
 * (for instance when the event has no upcoming date).
 */
export async function liveStock(db: Db, query: StockQuery): Promise<Map<number, number>> {
  const { eventId, eventDateId, variantIds, now } = query;
  if (variantIds && variantIds.length === 0) return new Map();
  const held = db
    .select({
      variantId: tickets.productVariantId,
      eventDateId: orders.eventDateId,
      count: sql<number>`count(*)::int`.as("held_count"),
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(orders.eventId, eventId), holdsSeats(now)))
    .groupBy(tickets.productVariantId, orders.eventDateId)
    .as("held");

  const rows = await db
    .select({
      variantId: productVariants.id,
      available: sql<number>`min(greatest(${productVariants.stock} - coalesce(${held.count}, 0), 0))::int`,
    })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .innerJoin(eventDates, eq(eventDates.eventId, categories.eventId))
    .leftJoin(held, and(eq(held.variantId, productVariants.id), eq(held.eventDateId, eventDates.id)))
    .where(
      and(
        eq(categories.eventId, eventId),
        eventDateId === undefined ? gt(eventDates.startDate, now) : eq(eventDates.id, eventDateId),
        variantIds ? inArray(productVariants.id, variantIds) : undefined,
      ),
    )
    .groupBy(productVariants.id);
  return new Map(rows.map((row) => [row.variantId, Number(row.available)]));
}
