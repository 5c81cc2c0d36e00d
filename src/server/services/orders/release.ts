/**
 * Ending unpaid orders: a hold that ran out becomes `expired`, a refused or abandoned payment `cancelled`. Either
 * way the seats go back on sale (the stock count only counts paid and unexpired awaiting orders) and the
 * discount use the order took is given back. Every step is a conditional update, so running it twice, or from
 * two processes at once, ends each order once.
 */
import { and, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { discounts, eventDates, orders, payments } from "../../db/schema";
import { AWAITING_STATES } from "./order-states";

/** Ends the awaiting orders matching `where`; answers the ids it ended. */
export async function endAwaitingOrders(db: Db, where: SQL | undefined, state: "expired" | "cancelled"): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(orders)
      .set({ state, holdExpiresAt: null })
      .where(and(inArray(orders.state, [...AWAITING_STATES]), where))
      .returning({ id: orders.id, discountId: orders.discountId });
    if (ended.length === 0) return [];
    const uses = new Map<number, number>();
    for (const order of ended) if (order.discountId !== null) uses.set(order.discountId, (uses.get(order.discountId) ?? 0) + 1);
    for (const [discountId, count] of [...uses].sort(([a], [b]) => a - b)) {
      await tx
        .update(discounts)
        .set({ timesUsed: sql`greatest(${discounts.timesUsed} - ${count}, 0)` })
        .where(eq(discounts.id, discountId));
    }
    const ids = ended.map((order) => order.id);
    await tx
      .update(payments)
      .set({ state: state === "expired" ? "expired" : "cancelled" })
      .where(and(inArray(payments.orderId, ids), eq(payments.state, "created")));
    return ids;
  });
}

export interface SweepScope {
  eventId?: number;
  userId?: number;
  orderId?: number;
  /** The event of this calendar entry (a purchase names the date, not the event). */
  eventOfDateId?: number;
}

/**
 * Marks unpaid orders whose hold has run out as `expired` (issue 4 section 2). Run before each purchase (for
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
      scope.eventOfDateId !== undefined
        ? eq(orders.eventId, db.select({ eventId: eventDates.eventId }).from(eventDates).where(eq(eventDates.id, scope.eventOfDateId)))
        : undefined,
    ),
    "expired",
  );
}

/** A refused or abandoned payment: the order is cancelled if it was still waiting. True when it was. */
export async function cancelOrder(db: Db, orderId: number): Promise<boolean> {
  return (await endAwaitingOrders(db, eq(orders.id, orderId), "cancelled")).length > 0;
}
