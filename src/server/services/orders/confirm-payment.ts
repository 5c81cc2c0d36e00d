/**
 * Applying what a payment provider says. Idempotent by construction: an order becomes
 * paid only through `update … where state in (awaiting states)`, and the confirmation mail is queued (in the same
 * transaction, with the payment row's new state) only when that update changed a row, so a repeated return, a webhook racing the return, or a provider's retry confirm and
 * mail once. Refused and abandoned payments cancel the order and release its seats. An outcome the shop could
 * not check with the provider (`verified: false`) may only cancel, and only on the buyer's own signed return link.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { refusalOf } from "../../db/statements";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { PaymentConfirmation } from "../../payments";
import { AWAITING_STATES } from "./order-states";
import { enqueue } from "../../outbox/enqueue";
import { enqueueOrderNotice, type OrderNotice } from "./order-notices";
import { paymentOf, recordConfirmation, type PaymentRecord } from "./payment-records";
import { cancelOrder } from "../holds/release";
// An order that pays a private event's quote sets off its invitations in the same transaction.
import { applyRequestPayment } from "../private-events/quote";
import { isOpenShare } from "../shares/share-payment";

export interface OrderForPayment {
  id: number;
  userId: number;
  eventId: number;
  eventDateId: number | null;
  state: string;
  total: number;
  currency: string;
  paymentCode: string;
}

export async function orderForPayment(db: Db, orderId: number): Promise<OrderForPayment | null> {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      eventId: orders.eventId,
      eventDateId: orders.eventDateId,
      state: orders.state,
      total: orders.total,
      currency: orders.currency,
      paymentCode: orders.paymentCode,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

export interface ConfirmationResult {
  /** The order's state afterwards. */
  state: string;
  /** True when this call changed the order (and sent its mail). */
  changed: boolean;
}

/**
 * awaiting -> paid, in one conditional update. An order that is no longer awaiting but whose payment did arrive
 * (its hold ran out a moment before, or a late webhook) is paid anyway if its seats are still free (the seat
 * count refuses otherwise, as it refuses a purchase); otherwise the caller marks the payment `refund_due` and queues its refund.
 */
export async function markPaid(db: Db, order: OrderForPayment, now: Date): Promise<"paid" | "already_paid" | "no_seats"> {
  const changed = await db
    .update(orders)
    .set({ state: ORDER_STATE.paid, paidAt: now, holdExpiresAt: null })
    .where(and(eq(orders.id, order.id), inArray(orders.state, [...AWAITING_STATES])))
    .returning({ id: orders.id });
  if (changed.length > 0) {
    await applyRequestPayment(db, order.id);
    return "paid";
  }
  const current = await orderForPayment(db, order.id);
  if (!current || current.state === ORDER_STATE.paid) return "already_paid";
  if (current.eventDateId === null) return "no_seats";
  // Reviving the order takes its seats back through the seat-count trigger, which refuses (stock_exhausted) when
  // they were sold again; the savepoint keeps the caller's transaction usable after that refusal.
  try {
    return await db.transaction(async (savepoint) => {
      const revived = await savepoint
        .update(orders)
        .set({ state: ORDER_STATE.paid, paidAt: now, holdExpiresAt: null })
        .where(and(eq(orders.id, order.id), inArray(orders.state, [ORDER_STATE.expired, ORDER_STATE.cancelled])))
        .returning({ id: orders.id });
      if (revived.length > 0) await applyRequestPayment(savepoint, order.id);
      return revived.length > 0 ? "paid" : "already_paid";
    });
  } catch (error) {
    if (refusalOf(error) === "stock_exhausted") return "no_seats";
    throw error;
  }
}

/** A cancel that rests only on the browser's word must match what the payment started with. */
function unverifiedCancelMatches(confirmation: PaymentConfirmation, payment: PaymentRecord): boolean {
  if (confirmation.method === "webpay") {
    return Boolean(payment.echo.buyOrder) && confirmation.echo.buyOrder === payment.echo.buyOrder && confirmation.echo.sessionId === payment.echo.sessionId;
  }
  if (confirmation.method === "mercadopago") {
    return confirmation.providerReference === null || confirmation.providerReference === payment.providerReference;
  }
  return false;
}

export interface ConfirmOptions {
  /** The confirmation came through the buyer's own signed return link. */
  ownerReturn: boolean;
  /** Which mail a newly paid order gets (a confirmed transfer gets "payment received"). */
  paidNotice?: OrderNotice;
}

export async function applyConfirmation(
  deps: ShopContext,
  order: OrderForPayment,
  confirmation: PaymentConfirmation,
  options: ConfirmOptions,
): Promise<ConfirmationResult> {
  const { db } = deps;
  const now = deps.now();
  // A provider answer about another order, or another method, is never applied to this one.
  if (confirmation.method !== order.paymentCode) throw new ShopError("payment_return_invalid");
  if (confirmation.orderId !== null && confirmation.orderId !== order.id) throw new ShopError("payment_return_invalid");
  const payment = await paymentOf(db, order.id);
  if (!payment) throw new ShopError("payment_return_invalid");
  const unchanged = async (): Promise<ConfirmationResult> => ({ state: (await orderForPayment(db, order.id))?.state ?? order.state, changed: false });

  switch (confirmation.outcome) {
    case "approved": {
      if (!confirmation.verified) return unchanged();
      if (confirmation.amount !== order.total) {
        console.warn(`order ${order.id}: provider reports ${confirmation.amount}, order total is ${order.total}; not marked paid`);
        await recordConfirmation(db, payment.id, confirmation, PAYMENT_STATE.amount_mismatch);
        return unchanged();
      }
      // The order, its payment row and what follows from them (the mail, or a refund) change together.
      const result = await db.transaction(async (tx) => {
        const outcome = await markPaid(tx, order, now);
        await recordConfirmation(tx, payment.id, confirmation, outcome === "no_seats" ? PAYMENT_STATE.refund_due : PAYMENT_STATE.approved);
        if (outcome === "paid") await enqueueOrderNotice(tx, order.id, options.paidNotice ?? "confirmation");
        if (outcome === "no_seats" && payment.state !== PAYMENT_STATE.refund_due) await enqueue(tx, "order.refund", { orderId: order.id });
        return outcome;
      });
      deps.outbox.wake();
      // A hold became a sale (its seats stay taken past the hold), or an expired order took its seats back.
      if (result === "paid") deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
      if (result === "no_seats") console.warn(`order ${order.id}: paid after its seats were sold again; payment marked refund_due and refunded`);
      if (result !== "paid") return unchanged();
      return { state: ORDER_STATE.paid, changed: true };
    }
    case "rejected":
    case "cancelled": {
      if (!confirmation.verified && !(options.ownerReturn && unverifiedCancelMatches(confirmation, payment))) return unchanged();
      // The gateway's word for the refusal is the payment row's state too (rejected or cancelled).
      const refused = confirmation.outcome;
      // A friend's refused card leaves their share payable until its deadline, when it is released if still unpaid.
      if (await isOpenShare(db, order.id, now)) {
        if (payment.state === PAYMENT_STATE.created) await recordConfirmation(db, payment.id, confirmation, refused);
        return unchanged();
      }
      const changed = await db.transaction(async (tx) => {
        const ended = await cancelOrder(tx, order.id);
        if (ended || payment.state === PAYMENT_STATE.created) await recordConfirmation(tx, payment.id, confirmation, refused);
        return ended;
      });
      if (changed) deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
      return changed ? { state: ORDER_STATE.cancelled, changed: true } : unchanged();
    }
    case "pending":
      return unchanged();
  }
}
