/**
 * Taking the seats (STYLE.md "Stock and money", after pretix's locking): in ONE transaction lock what becomes
 * scarcer (the variant rows, `for update`, always in id order so two buyers can never wait on each other in a
 * circle), recount paid + pending + unexpired holds with the catalogue's own stock count, then write the order
 * with its tickets, passengers, address lines and payment row and count the discount use (refused, and all of it
 * rolled back, if the last use went meanwhile). A second buyer of the
 * same subcategory waits on the lock and then recounts with this order included: N buyers for the last K seats
 * get exactly K orders.
 */
import { and, asc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { addressLines, discounts, orders, passengers, payments, productVariants, tickets } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import { liveStock } from "../catalog/stock";
import { enqueueOrderNotice, type OrderNotice } from "./order-notices";
import type { OrderState } from "./order-states";
import { ticketsPerVariant } from "./pricing";
import type { PurchasePlan } from "./purchase-checks";

/** Locks the variant rows in id order; the caller is inside a transaction. */
export async function lockVariants(tx: Db, variantIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(variantIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(productVariants.id, ids)).orderBy(asc(productVariants.id)).for("update");
}

/** After `lockVariants`: do `wanted` (variant -> tickets) still fit in the live stock of that date? */
export async function seatsAvailable(tx: Db, eventId: number, eventDateId: number, wanted: Map<number, number>, now: Date): Promise<boolean> {
  const available = await liveStock(tx, { eventId, eventDateId, variantIds: [...wanted.keys()], now });
  return [...wanted].every(([variantId, count]) => (available.get(variantId) ?? 0) >= count);
}

export interface PlacedOrder {
  id: number;
  state: OrderState;
  holdExpiresAt: Date | null;
}

/** The mail a new order sends, queued with it: paid at once -> confirmation, a transfer -> its instructions. */
function noticeOnPlacing(state: OrderState): OrderNotice | null {
  if (state === "paid") return "confirmation";
  if (state === "awaiting_transfer_payment") return "transfer_instructions";
  return null;
}

export async function placeOrder(db: Db, plan: PurchasePlan, state: OrderState, holdExpiresAt: Date | null, now: Date): Promise<PlacedOrder> {
  return db.transaction(async (tx) => {
    const wanted = ticketsPerVariant(plan.tickets.map((ticket) => ticket.productVariantId));
    await lockVariants(tx, wanted.keys());
    if (!(await seatsAvailable(tx, plan.event.id, plan.eventDateId, wanted, now))) throw new ShopError("stock_exhausted");

    const [order] = await tx
      .insert(orders)
      .values({
        userId: plan.userId,
        eventId: plan.event.id,
        eventDateId: plan.eventDateId,
        provinceId: plan.provinceId,
        paymentCode: plan.paymentCode,
        state,
        currency: plan.currency,
        subtotal: plan.totals.subtotal,
        total: plan.totals.total,
        discountId: plan.discount?.id ?? null,
        holdExpiresAt,
        paidAt: state === "paid" ? now : null,
        createdAt: now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;

    // The statements below do not depend on one another: issued together, PostgreSQL receives them pipelined on
    // the transaction's connection, which keeps the variant locks held for fewer round trips.
    // One insert per ticket, so each ticket's passengers and addresses attach to the right row.
    const ticketIds = await Promise.all(
      plan.tickets.map(async (ticket) => {
        const [row] = await tx
          .insert(tickets)
          .values({ orderId, productVariantId: ticket.productVariantId, price: ticket.price, discountPrice: ticket.discountPrice, placeId: ticket.placeId })
          .returning({ id: tickets.id });
        return row!.id;
      }),
    );
    const passengerRows = plan.tickets.flatMap((ticket, index) => ticket.passengers.map((passenger) => ({ ticketId: ticketIds[index]!, ...passenger })));
    const addressRows = plan.tickets.flatMap((ticket, index) =>
      ticket.addresses.map((line) => ({ ticketId: ticketIds[index]!, address: line.address, countyId: line.commune_id })),
    );
    const [discountUse] = await Promise.all([
      plan.discount
        ? // Checked before, but another buyer may have taken the last use since: count it only while below the limit.
          tx
            .update(discounts)
            .set({ timesUsed: sql`${discounts.timesUsed} + 1` })
            .where(and(eq(discounts.id, plan.discount.id), or(isNull(discounts.usageLimit), lt(discounts.timesUsed, discounts.usageLimit))))
            .returning({ id: discounts.id })
        : Promise.resolve([{ id: 0 }]),
      passengerRows.length > 0 ? tx.insert(passengers).values(passengerRows) : undefined,
      addressRows.length > 0 ? tx.insert(addressLines).values(addressRows) : undefined,
      tx.insert(payments).values({ orderId, method: plan.paymentCode, state: state === "paid" ? "approved" : "created", amount: plan.totals.total, createdAt: now }),
    ]);
    if (discountUse.length === 0) throw new ShopError("discount_used_up", { discountCode: "errors.discount_used_up" });
    const notice = noticeOnPlacing(state);
    if (notice) await enqueueOrderNotice(tx, orderId, notice);
    return { id: orderId, state, holdExpiresAt };
  });
}
