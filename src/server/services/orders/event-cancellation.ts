/**
 * An event the shop cancels takes its orders with it, in the cancellation's own transaction: every order still
 * holding seats is cancelled (seats and discount uses go back), a paid one's payment becomes `refund_due` with
 * its refund queued (card gateways give the money back through the refund job; a transfer or an organiser's
 * prepaid order stays `refund_due` for staff to pay back by hand), and each buyer is mailed that the event was
 * cancelled, in their language, through the outbox.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { enqueueOrderNotice } from "../notices/order-notice";
import { cancelEventOrders as cancelOrdersOfEvent, type OrderActor } from "../order-life/order-life";
import { changePayments } from "../payment-life/payment-life";

/**
 * Answers the ids of the orders it cancelled. Call it with the transaction that cancels the event; `by` is the
 * staff member who cancelled it (the orders' history names them).
 */
export async function cancelEventOrders(tx: Db, eventId: number, by: OrderActor): Promise<number[]> {
  const { unpaid, paid } = await cancelOrdersOfEvent(tx, eventId, by);
  const refunding = new Set<number>();
  if (paid.length > 0) {
    // Only a payment that took the money is owed back (a paid order's earlier refused attempts are not).
    const due = await changePayments(tx, and(inArray(payments.orderId, paid), eq(payments.state, PAYMENT_STATE.approved))!, "owe_refund", PAYMENT_STATE.refund_due, by);
    for (const { orderId } of due) {
      refunding.add(orderId);
      await enqueue(tx, "order.refund", { orderId, reason: "event_cancelled" });
    }
  }
  for (const orderId of unpaid) await enqueueOrderNotice(tx, orderId, "event_cancelled", { refund: false });
  for (const orderId of paid) await enqueueOrderNotice(tx, orderId, "event_cancelled", { refund: refunding.has(orderId) });
  return [...unpaid, ...paid];
}
