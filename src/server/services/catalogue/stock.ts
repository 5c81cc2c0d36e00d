/**
 * Live stock: what is still on sale of each subcategory (product variant) on an event date.
 * Stock is counted per variant and event date (a date may have its own stock of a variant), and within the seat
 * pool the variant draws on that date; the purchase itself is guarded by the seat counter (migration 0014).
 * The booking work locks the variant rows and recounts with `liveStock` inside its own transaction.
 */
import { and, eq, gt, inArray, or, isNull, sql, type SQL } from "drizzle-orm";
import { AWAITING_STATES, ORDER_STATE } from "../../../shared/domain/order-states";
import type { Db } from "../../db/client";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import { categories, eventDates, orders, productVariants, seatCounts, seatPools, seatPoolVariants, tickets, waitingList } from "../../db/schema";

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
 * Variant id -> tickets still on sale: per date, the date's stock of the variant (its own, else the variant's)
 * minus tickets of holding orders, and, when the variant draws on a seat pool that date, no more tickets than the
 * pool's seats left hold (seats left ÷ passengers per ticket); never below 0, the lowest over the dates asked.
 * One query whatever the number of variants, dates and pools. A variant absent from the map has nothing on sale
 * (for instance when the event has no upcoming date).
 */
export async function liveStock(db: Db, query: StockQuery): Promise<Map<number, number>> {
  const { eventId, eventDateId, variantIds, now } = query;
  if (variantIds && variantIds.length === 0) return new Map();
  const dates = eventDateId === undefined ? sql`${eventDates.startDate} > ${now.toISOString()}::timestamptz` : sql`${eventDates.id} = ${eventDateId}`;
  const variants = variantIds ? sql`and ${inArray(productVariants.id, variantIds)}` : sql``;
  const result = await db.execute(sql`
    with held as (
      select variant, date, sum(n)::int as n from (
        select ${tickets.productVariantId} as variant, ${orders.eventDateId} as date, count(*)::int as n
        from ${tickets} join ${orders} on ${orders.id} = ${tickets.orderId}
        where ${orders.eventId} = ${eventId} ${eventDateId === undefined ? sql`` : sql`and ${orders.eventDateId} = ${eventDateId}`} and ${holdsSeats(now)}
        group by 1, 2
        union all
        -- Seats offered to the next in a waiting list are held for them, as a hold's are; an offer that ran out still
        -- holds them until the sweep passes them to the next in line (never back on open sale first).
        select ${waitingList.productVariantId}, ${waitingList.eventDateId}, sum(${waitingList.seats})::int
        from ${waitingList}
        where ${waitingList.eventId} = ${eventId} ${eventDateId === undefined ? sql`` : sql`and ${waitingList.eventDateId} = ${eventDateId}`} and ${waitingList.state} = ${WAITING_STATE.offered}
        group by 1, 2
      ) as taken
      group by 1, 2
    ), cells as (
      select ${productVariants.id} as variant, ${productVariants.capacity} as capacity, ${seatPoolVariants.poolId} as pool,
        coalesce(${seatCounts.stock}, ${productVariants.stock}) - coalesce(held.n, 0) as tickets_left
      from ${productVariants}
      join ${categories} on ${categories.id} = ${productVariants.categoryId}
      join ${eventDates} on ${eventDates.eventId} = ${categories.eventId}
      left join ${seatCounts} on ${seatCounts.productVariantId} = ${productVariants.id} and ${seatCounts.eventDateId} = ${eventDates.id}
      left join ${seatPoolVariants} on ${seatPoolVariants.productVariantId} = ${productVariants.id} and ${seatPoolVariants.eventDateId} = ${eventDates.id}
      left join held on held.variant = ${productVariants.id} and held.date = ${eventDates.id}
      where ${categories.eventId} = ${eventId} and ${dates} ${variants}
    ), pools as (
      select ${seatPools.id} as pool, ${seatPools.seats} - coalesce(sum(held.n * ${productVariants.capacity}), 0) as seats_left
      from ${seatPools}
      join ${seatPoolVariants} on ${seatPoolVariants.poolId} = ${seatPools.id}
      join ${productVariants} on ${productVariants.id} = ${seatPoolVariants.productVariantId}
      left join held on held.variant = ${seatPoolVariants.productVariantId} and held.date = ${seatPoolVariants.eventDateId}
      where ${seatPools.id} in (select pool from cells where pool is not null)
      group by ${seatPools.id}, ${seatPools.seats}
    )
    select cells.variant, min(greatest(least(cells.tickets_left, coalesce(div(pools.seats_left, cells.capacity), cells.tickets_left)), 0))::int as available
    from cells left join pools on pools.pool = cells.pool
    group by cells.variant`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { variant: number; available: number }[];
  return new Map(rows.map((row) => [Number(row.variant), Number(row.available)]));
}
