/**
 * Live stock: what is still on sale of each subcategory (product variant) on an event date.
 * Stock is counted per variant and event date; a writer locks, recounts, then writes.
 * The booking work locks the variant rows and recounts with `liveStock` inside its own transaction.
 */
import { and, eq, gt, inArray, or, isNull, sql, type SQL } from "drizzle-orm";
import { AWAITING_STATES, ORDER_STATE } from "../../../shared/domain/order-states";
import type { Db } from "../../db/client";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import { categories, eventDates, orders, productVariants, tickets, waitingList } from "../../db/schema";

/** Orders whose tickets hold a seat now (the seat-holding states): paid ones, and awaiting ones while their hold runs. */
export function holdsSeats(now: Date): SQL {
  return or(
    eq(orders.state, ORDER_STATE.paid),
    and(inArray(orders.state, [...AWAITING_STATES]), or(isNull(orders.holdExpiresAt), gt(orders.holdExpiresAt, now))),
  )!;
}

export interface StockQuery {
  eventId: number;
  /**
   * One calendar entry of this event, which the caller has already found (the purchase, the offer, the order),
   * so it is not looked up again; without it, the minimum over the event's upcoming dates.
   */
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
    .where(and(eq(orders.eventId, eventId), eventDateId === undefined ? undefined : eq(orders.eventDateId, eventDateId), holdsSeats(now)))
    .groupBy(tickets.productVariantId, orders.eventDateId)
    .as("held");

  // Seats offered to the next in a waiting list are held for them, as a hold's are; an offer that ran out still
  // holds them until the sweep passes them to the next in line (never back on open sale first).
  const offered = db
    .select({
      variantId: waitingList.productVariantId,
      eventDateId: waitingList.eventDateId,
      seats: sql<number>`sum(${waitingList.seats})::int`.as("offered_seats"),
    })
    .from(waitingList)
    .where(
      and(
        eq(waitingList.eventId, eventId),
        eventDateId === undefined ? undefined : eq(waitingList.eventDateId, eventDateId),
        eq(waitingList.state, WAITING_STATE.offered),
      ),
    )
    .groupBy(waitingList.productVariantId, waitingList.eventDateId)
    .as("offered");

  const available = sql<number>`min(greatest(${productVariants.stock} - coalesce(${held.count}, 0) - coalesce(${offered.seats}, 0), 0))::int`;
  const variantsOfEvent = and(eq(categories.eventId, eventId), variantIds ? inArray(productVariants.id, variantIds) : undefined);
  const rows =
    eventDateId === undefined
      ? await db
          .select({ variantId: productVariants.id, available })
          .from(productVariants)
          .innerJoin(categories, eq(categories.id, productVariants.categoryId))
          .innerJoin(eventDates, eq(eventDates.eventId, categories.eventId))
          .leftJoin(held, and(eq(held.variantId, productVariants.id), eq(held.eventDateId, eventDates.id)))
          .leftJoin(offered, and(eq(offered.variantId, productVariants.id), eq(offered.eventDateId, eventDates.id)))
          .where(and(variantsOfEvent, gt(eventDates.startDate, now)))
          .groupBy(productVariants.id)
      : await db
          .select({ variantId: productVariants.id, available })
          .from(productVariants)
          .innerJoin(categories, eq(categories.id, productVariants.categoryId))
          .leftJoin(held, eq(held.variantId, productVariants.id))
          .leftJoin(offered, eq(offered.variantId, productVariants.id))
          .where(variantsOfEvent)
          .groupBy(productVariants.id);
  return new Map(rows.map((row) => [row.variantId, Number(row.available)]));
}
