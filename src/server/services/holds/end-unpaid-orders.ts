/**
 * Ending unpaid orders: a hold that ran out becomes `expired`, a refused or abandoned payment `cancelled`. Either
 * way the seats go back on sale and the discount use the order took is given back; the order's life
 * (services/order-life/) makes the change and writes its history. Every step is a conditional update, so running
 * it twice, or from two processes at once, ends each order once.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { and, eq, lte } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { endAwaiting, SWEEPER, type OrderActor } from "../order-life/order-life";

export interface SweepScope {
  eventId?: number;
  userId?: number;
  orderId?: number;
}

/**
 * Marks unpaid orders whose hold has run out as `expired` (the sweeper's doing, whoever's read set it off). Run
 * before each purchase (for that event), before an owner reads an order, and on a timer in the running server.
 */
export function expireHolds(db: Db, now: Date, scope: SweepScope = {}): Promise<number[]> {
  return endAwaiting(
    db,
    and(
      lte(orders.holdExpiresAt, now),
      scope.eventId !== undefined ? eq(orders.eventId, scope.eventId) : undefined,
      scope.userId !== undefined ? eq(orders.userId, scope.userId) : undefined,
      scope.orderId !== undefined ? eq(orders.id, scope.orderId) : undefined,
    ),
    ORDER_STATE.expired,
    SWEEPER,
  );
}

/** A refused or abandoned payment: the order is cancelled if it was still waiting. True when it was. */
export async function cancelOrder(db: Db, orderId: number, by: OrderActor, reason?: string): Promise<boolean> {
  return (await endAwaiting(db, eq(orders.id, orderId), ORDER_STATE.cancelled, by, reason === undefined ? {} : { reason })).length > 0;
}
