/**
 * Ending unpaid orders: a hold that ran out becomes `expired`, a refused or abandoned payment `cancelled`. Either
 * way the seats go back on sale (the stock count only counts paid and unexpired awaiting orders) and the
 * discount use the order took is given back. Every step is a conditional update, so running it twice, or from
 * two processes at once, ends each order once.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discounts, orders, payments } from "../../db/schema";
import { AWAITING_STATES } from "../../../shared/domain/order-states";

/**
 * Ends the awaiting orders matching `where`; answers the ids it ended. One statement (data-modifying CTEs), so
 * it is atomic without a transaction and costs a single round trip when, as usual, nothing has run out.
 */
export async function endAwaitingOrders(db: Db, where: SQL | undefined, state: typeof ORDER_STATE.expired | typeof ORDER_STATE.cancelled): Promise<number[]> {
  const awaiting = inArray(orders.state, [...AWAITING_STATES]);
  const result = await db.execute(sql`
    with ended as (
      update ${orders} set ${sql.identifier(orders.state.name)} = ${state}, ${sql.identifier(orders.holdExpiresAt.name)} = null
      where ${where ? and(awaiting, where) : awaiting}
      returning ${orders.id} as id, ${orders.discountId} as discount_id
    ), uses as (
      update ${discounts} set ${sql.identifier(discounts.timesUsed.name)} = greatest(${discounts.timesUsed} - given_back.n, 0)
      from (select discount_id, count(*)::int as n from ended where discount_id is not null group by discount_id) as given_back
      where ${discounts.id} = given_back.discount_id
      returning ${discounts.id}
    ), payment_rows as (
      update ${payments} set ${sql.identifier(payments.state.name)} = ${state}
      where ${payments.orderId} in (select id from ended) and ${payments.state} = ${PAYMENT_STATE.created}
      returning ${payments.id}
    )
    select id from ended`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
  return rows.map((row) => Number(row.id));
}

export interface SweepScope {
  eventId?: number;
  userId?: number;
  orderId?: number;
}

/**
 * Marks unpaid orders whose hold has run out as `expired`. Run before each purchase (for
 * that event), before an owner reads an order, and on a timer in the running server.
 */
export function expireHolds(db: Db, now: Date, scope: SweepScope = {}): Promise<number[]> {
  return endAwaitingOrders(
    db,
    and(
      lte(orders.holdExpiresAt, now),
      scope.eventId !== undefined ? eq(orders.eventId, scope.eventId) : undefined,
      scope.userId !== undefined ? eq(orders.userId, scope.userId) : undefined,
      scope.orderId !== undefined ? eq(orders.id, scope.orderId) : undefined,
    ),
    ORDER_STATE.expired,
  );
}

/** A refused or abandoned payment: the order is cancelled if it was still waiting. True when it was. */
export async function cancelOrder(db: Db, orderId: number): Promise<boolean> {
  return (await endAwaitingOrders(db, eq(orders.id, orderId), ORDER_STATE.cancelled)).length > 0;
}
