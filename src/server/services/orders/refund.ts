/**
 * Giving the money back for a paid order whose seats were sold before its payment arrived (`refund_due`, see
 * confirm-payment.ts): an outbox job, so it survives a crash and is retried while the gateway is down. Safe to
 * run twice: a payment already `refunded` is left alone, and the adapters pass an idempotency key or ask the
 * provider whether the money already went back.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { and, eq, sql } from "drizzle-orm";
import type { ShopContext } from "../../context";
import { payments } from "../../db/schema";
import { enqueueOrderNotice } from "./order-notices";
import { orderForPayment } from "./confirm-payment";
import { paymentOf } from "./payment-records";

export interface OrderRefundJob {
  orderId: number;
}

export async function orderRefundJob(deps: ShopContext, { orderId }: OrderRefundJob): Promise<void> {
  const order = await orderForPayment(deps.db, orderId);
  const payment = await paymentOf(deps.db, orderId);
  if (!order || !payment || payment.state !== PAYMENT_STATE.refund_due) return;
  const adapter = deps.payments.get(order.paymentCode);
  if (!adapter.refund || !payment.providerReference) {
    // A transfer goes back by hand: the payment stays refund_due for staff.
    console.warn(`order ${orderId}: refund_due on ${order.paymentCode}, which staff refund by hand`);
    return;
  }
  const refunded = await adapter.refund({
    orderId,
    providerReference: payment.providerReference,
    amount: order.total,
    currency: order.currency,
    idempotencyKey: `refund-order-${orderId}`,
  });
  const entry = { kind: "refund", alreadyRefunded: refunded.alreadyRefunded, raw: refunded.raw };
  await deps.db.transaction(async (tx) => {
    const changed = await tx
      .update(payments)
      .set({ state: PAYMENT_STATE.refunded, rawAnswers: sql`${payments.rawAnswers} || ${JSON.stringify([entry])}::jsonb` })
      .where(and(eq(payments.id, payment.id), eq(payments.state, PAYMENT_STATE.refund_due)))
      .returning({ id: payments.id });
    if (changed.length > 0) await enqueueOrderNotice(tx, orderId, "refunded");
  });
  deps.outbox.wake();
}
