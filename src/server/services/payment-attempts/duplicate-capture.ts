/**
 * A second capture: the gateway took money for an order another payment had already paid (a second tab's
 * preference, an attempt that expired and was paid anyway). It is recorded as a payment row of its own, `duplicate`,
 * with the gateway's answer, so the desk shows it; the `payment.duplicate_refund` outbox job, queued in the same
 * transaction, gives it back whole through the same gateway and marks it `duplicate_refunded`. The order itself does
 * not change: it was paid once, by the first payment.
 */
import { eq } from "drizzle-orm";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { orders, payments } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import type { PaymentConfirmation } from "../../payments";
import { byGateway } from "../order-life/order-life";
import { changePayment } from "../payment-life/payment-life";

/** Payment rows whose money was taken for the order (given back since or not): the order was paid by one of them. */
const CAPTURED = [PAYMENT_STATE.approved, PAYMENT_STATE.refund_due, PAYMENT_STATE.refunded];

export interface DuplicateRefundJob {
  paymentId: number;
}

/**
 * In the confirmation's transaction, under the order's row lock: when the gateway reports money taken under a
 * reference none of the order's payment rows carries, while another row already took the order's money, the
 * capture is recorded as a duplicate and its refund queued. Answers whether it was such a capture (the caller then
 * leaves the order as it is). A repeat of the same capture finds its row by reference and is not recorded twice.
 */
export async function takeDuplicateCapture(tx: Db, orderId: number, confirmation: PaymentConfirmation, now: Date): Promise<boolean> {
  const reference = confirmation.providerReference;
  if (reference === null) return false;
  const rows = await tx.select({ id: payments.id, state: payments.state, providerReference: payments.providerReference }).from(payments).where(eq(payments.orderId, orderId));
  // A repeat of a capture already recorded: a duplicate's needs nothing more, any other's is the caller's.
  const known = rows.find((row) => row.providerReference === reference);
  if (known) return known.state === PAYMENT_STATE.duplicate || known.state === PAYMENT_STATE.duplicate_refunded;
  if (!rows.some((row) => (CAPTURED as readonly string[]).includes(row.state))) return false;
  const entry = { kind: "confirmation", outcome: confirmation.outcome, reason: confirmation.reason, key: confirmation.idempotencyKey, duplicate: true, raw: confirmation.raw };
  const [recorded] = await tx
    .insert(payments)
    .values({
      orderId,
      method: confirmation.method,
      providerReference: reference,
      state: PAYMENT_STATE.duplicate,
      amount: confirmation.amount ?? 0,
      rawAnswers: [entry],
      idempotencyKey: confirmation.idempotencyKey,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (recorded) await enqueue(tx, "payment.duplicate_refund", { paymentId: recorded.id });
  console.warn(`order ${orderId}: a second capture (${confirmation.method} ${reference}) arrived for an order already paid; recorded and refunded`);
  return true;
}

/**
 * Gives a duplicate capture back, whole, through the gateway that took it. Safe to run twice: the payment's row lock
 * is held while the gateway answers, a row no longer `duplicate` is left alone, and the gateway call carries the
 * same idempotency key each time (MercadoPago) or first asks what went back already (Webpay).
 */
export async function duplicateRefundJob(deps: ShopContext, { paymentId }: DuplicateRefundJob): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || payment.state !== PAYMENT_STATE.duplicate || !payment.providerReference) return;
    const [order] = await tx.select({ currency: orders.currency }).from(orders).where(eq(orders.id, payment.orderId));
    const adapter = deps.payments.get(payment.method);
    // Every gateway that captures can refund; a method without refunds never reaches here (no provider reference).
    if (!order || !adapter.refund) return;
    const answer = await adapter.refund({
      orderId: payment.orderId,
      providerReference: payment.providerReference,
      amount: payment.amount,
      currency: order.currency,
      idempotencyKey: `duplicate-${payment.id}`,
      paymentAmount: payment.amount,
      refundedBefore: 0,
    });
    const entry = { kind: "refund", duplicate: true, amount: payment.amount, alreadyRefunded: answer.alreadyRefunded, raw: answer.raw, at: deps.now().toISOString() };
    await changePayment(tx, payment.id, "refund_duplicate", PAYMENT_STATE.duplicate_refunded, byGateway(payment.method), { entry });
  });
}
