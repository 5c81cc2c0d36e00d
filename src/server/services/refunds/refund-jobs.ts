/**
 * The refunds' outbox jobs. "refund.gateway" asks a card payment's gateway for one refund row's money and, once
 * it answers, marks the row refunded and mails the buyer; "order.refund" is the refund the shop owes on its own
 * (a payment that arrived after its seats were sold again, an event cancelled): it writes that refund's row (by
 * hand or through the gateway) and goes on as above.
 * Safe to run twice: a refund row no longer `pending` is left alone; the gateway call carries the row's
 * idempotency key (MercadoPago) or first asks how much already went back (Webpay), and it runs under the
 * payment's row lock, so two refunds of one payment never ask the gateway at once.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { and, eq, sql } from "drizzle-orm";
import { REFUND_REASON, REFUND_STATE, type RefundReason } from "../../../shared/domain/refunds";
import type { ShopContext } from "../../context";
import { orders, payments, refunds } from "../../db/schema";
import { enqueueOrderNotice } from "../notices/order-notice";
import { owedRefund } from "./refunds";
import { byGateway } from "../order-life/order-life";
import { appendAnswer, changePayment } from "../payment-life/payment-life";

export interface OrderRefundJob {
  orderId: number;
  /** Why the shop owes it; absent (rows queued before reasons existed): the seats were sold again. */
  reason?: RefundReason;
}

export interface GatewayRefundJob {
  refundId: number;
}

export async function orderRefundJob(deps: ShopContext, { orderId, reason }: OrderRefundJob): Promise<void> {
  const owed = await deps.db.transaction(async (tx) => {
    const [payment] = await tx.select({ state: payments.state }).from(payments).where(and(eq(payments.orderId, orderId), eq(payments.state, PAYMENT_STATE.refund_due))).limit(1);
    if (!payment) return null;
    return owedRefund(tx, deps.payments, orderId, reason ?? REFUND_REASON.seats_resold);
  });
  if (owed?.row.state === REFUND_STATE.pending) await gatewayRefundJob(deps, { refundId: owed.row.id });
  deps.outbox.wake();
}

export async function gatewayRefundJob(deps: ShopContext, { refundId }: GatewayRefundJob): Promise<void> {
  const done = await deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId));
    if (!refund || refund.state !== REFUND_STATE.pending || refund.paymentId === null) return false;
    // Held while the gateway answers: a second refund of this payment waits, then reads what this one gave back.
    const [payment] = await tx.select().from(payments).where(eq(payments.id, refund.paymentId)).for("update");
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, refund.orderId));
    if (!payment?.providerReference || !order) return false;
    const [before] = await tx
      .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), eq(refunds.state, REFUND_STATE.refunded)));
    const refundedBefore = Number(before?.n ?? 0);
    const adapter = deps.payments.get(refund.method);
    if (!adapter.refund) return false;
    const answer = await adapter.refund({
      orderId: refund.orderId,
      providerReference: payment.providerReference,
      amount: refund.amount,
      currency: refund.currency,
      idempotencyKey: `refund-${refund.id}`,
      paymentAmount: payment.amount,
      refundedBefore,
    });
    const entry = { kind: "refund", refundId: refund.id, amount: refund.amount, alreadyRefunded: answer.alreadyRefunded, raw: answer.raw };
    await tx
      .update(refunds)
      .set({ state: REFUND_STATE.refunded, gatewayAnswer: entry, paidAt: deps.now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.state, REFUND_STATE.pending)));
    const whole = refundedBefore + refund.amount >= payment.amount;
    if (whole) {
      await changePayment(tx, payment.id, "refund", PAYMENT_STATE.refunded, byGateway(refund.method), { entry, details: { refundId: refund.id } });
    } else {
      await appendAnswer(tx, payment.id, entry);
    }
    await enqueueOrderNotice(tx, refund.orderId, "refund", { refundId: refund.id, refundHow: "card" });
    return true;
  });
  if (done) deps.outbox.wake();
}
