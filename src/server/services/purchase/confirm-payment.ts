/**
 * Applying what a payment provider says. Idempotent by construction: an order becomes
 * paid only through the order's life (services/order-life/, a change under the order's lock), and the confirmation mail is queued (in the same
 * transaction, with the payment row's new state) only when that update changed a row, so a repeated return, a webhook racing the return, or a provider's retry confirm and
 * mail once. Refused and abandoned payments cancel the order and release its seats. An outcome the shop could
 * not check with the provider (`verified: false`) may only cancel, and only on the buyer's own signed return link.
 */
import { PAYMENT_OUTCOME, PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { orders } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { PaymentConfirmation } from "../../payments";
import { enqueue } from "../../outbox/enqueue";
import type { OrderNotice } from "../notices/order-notice";
import { byGateway, markPaid as payOrder, type OrderActor, type PayOptions, type PayOutcome } from "../order-life/order-life";
import { paymentFor, paymentOf, recordConfirmation, type PaymentRecord } from "../orders/payment-records";
import { cancelOrder } from "../holds/end-unpaid-orders";
// An order that pays a private event's quote sets off its invitations in the same transaction.
import { applyPrivateEventPayment } from "../private-events/quote";
import { isOpenShare } from "../shares/share-payment";
import { takeDuplicateCapture } from "../payment-attempts/duplicate-capture";
import { lockOrderForPayment } from "../payment-attempts/open-attempt";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";

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
 * The order's life marks it paid (services/order-life/: awaiting -> paid, or a lapsed order whose seats are still
 * free; otherwise "no_seats" and the caller marks the payment `refund_due` and queues its refund); an order that
 * pays a private event's quote then sets off its invitations in the same transaction.
 */
export async function markPaid(db: Db, order: OrderForPayment, now: Date, by: OrderActor, options: PayOptions = {}): Promise<PayOutcome> {
  const outcome = await payOrder(db, order.id, by, now, options);
  if (outcome === ORDER_STATE.paid) await applyPrivateEventPayment(db, order.id);
  return outcome;
}

/** A cancel that rests only on the browser's word must match what the payment started with. */
function unverifiedCancelMatches(confirmation: PaymentConfirmation, payment: PaymentRecord): boolean {
  if (confirmation.method === PAYMENT_CODE.webpay) {
    return Boolean(payment.echo.buyOrder) && confirmation.echo.buyOrder === payment.echo.buyOrder && confirmation.echo.sessionId === payment.echo.sessionId;
  }
  if (confirmation.method === PAYMENT_CODE.mercadopago) {
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
    case PAYMENT_OUTCOME.approved: {
      if (!confirmation.verified) return unchanged();
      // The order, its payment row and what follows from them (the mail, or a refund) change together, under the
      // order's row lock: two captures at once are told apart here, the second recorded as a duplicate and refunded.
      const result = await db.transaction(async (tx) => {
        await lockOrderForPayment(tx, order.id);
        if (await takeDuplicateCapture(tx, order.id, confirmation, now)) return "duplicate" as const;
        // The row this capture speaks of: the one carrying its reference, else the open attempt, else the newest.
        const captured = (await paymentFor(tx, order.id, confirmation.providerReference)) ?? payment;
        if (confirmation.amount !== order.total) {
          console.warn(`order ${order.id}: provider reports ${confirmation.amount}, order total is ${order.total}; not marked paid`);
          await recordConfirmation(tx, captured.id, confirmation, "mismatch", byGateway(confirmation.method));
          return "mismatch" as const;
        }
        const outcome = await markPaid(tx, order, now, byGateway(confirmation.method), {
          notice: options.paidNotice ?? "confirmation",
          details: { paymentId: captured.id, providerReference: confirmation.providerReference },
        });
        await recordConfirmation(tx, captured.id, confirmation, outcome === "no_seats" ? "owe_refund" : "approve", byGateway(confirmation.method));
        if (outcome === "no_seats" && captured.state !== PAYMENT_STATE.refund_due) await enqueue(tx, "order.refund", { orderId: order.id });
        return outcome;
      });
      deps.outbox.wake();
      // A hold became a sale (its seats stay taken past the hold), or an expired order took its seats back.
      if (result === ORDER_STATE.paid) deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
      if (result === "no_seats") console.warn(`order ${order.id}: paid after its seats were sold again; payment marked refund_due and refunded`);
      if (result !== ORDER_STATE.paid) return unchanged();
      return { state: ORDER_STATE.paid, changed: true };
    }
    case PAYMENT_OUTCOME.rejected:
    case PAYMENT_OUTCOME.cancelled: {
      if (!confirmation.verified && !(options.ownerReturn && unverifiedCancelMatches(confirmation, payment))) return unchanged();
      // The gateway's word for the refusal is the payment row's state too (rejected or cancelled).
      const gateway = byGateway(confirmation.method);
      // A friend's refused card leaves their share payable until its deadline, when it is released if still unpaid.
      if (await isOpenShare(db, order.id, now)) {
        if (payment.state === PAYMENT_STATE.created) await db.transaction((tx) => recordConfirmation(tx, payment.id, confirmation, "refuse", gateway));
        return unchanged();
      }
      const changed = await db.transaction(async (tx) => {
        // The gateway's word ends the open attempt first (rejected or cancelled), then the order ends with it.
        const open = payment.state === PAYMENT_STATE.created;
        if (open) await recordConfirmation(tx, payment.id, confirmation, "refuse", gateway);
        const ended = await cancelOrder(tx, order.id, gateway, confirmation.outcome);
        if (ended && !open) await recordConfirmation(tx, payment.id, confirmation, "refuse", gateway);
        return ended;
      });
      if (changed) deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
      return changed ? { state: ORDER_STATE.cancelled, changed: true } : unchanged();
    }
    case PAYMENT_OUTCOME.pending:
      return unchanged();
  }
}
