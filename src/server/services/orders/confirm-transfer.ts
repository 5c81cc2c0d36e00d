/**
 * Staff confirm that a bank transfer arrived (account spec section 4: "validated by staff within 24 hours, after
 * which an email confirms receipt"). Idempotent like the providers' confirmations: the order becomes paid once
 * and the "payment received" mail goes out once. An order whose hold ran out is still confirmed when its seats
 * are free (the money is in the bank); otherwise 409 `stock_exhausted` tells staff to refund.
 */
import type { AppDeps } from "../../http/context";
import { ApiError } from "../../http/answer";
import { markPaid, orderForPayment } from "./confirm-payment";
import { sendOrderNotice } from "./order-notices";
import { paymentOf, recordConfirmation } from "./payment-records";

export interface TransferConfirmation {
  orderId: number;
  paymentState: string;
  /** False when the order was already paid: nothing changed, no mail was sent. */
  changed: boolean;
}

export async function confirmTransfer(deps: AppDeps, orderId: number, staffId: number): Promise<TransferConfirmation> {
  const now = (deps.now ?? (() => new Date()))();
  const order = await orderForPayment(deps.db, orderId);
  if (!order || order.paymentCode !== "transferencia") throw new ApiError(404, "not_found");
  if (order.state === "paid") return { orderId, paymentState: "paid", changed: false };
  if (order.state === "cancelled") throw new ApiError(409, "order_not_awaiting_transfer");
  const result = await markPaid(deps.db, order, now);
  if (result === "no_seats") throw new ApiError(409, "stock_exhausted");
  if (result === "already_paid") return { orderId, paymentState: "paid", changed: false };
  const payment = await paymentOf(deps.db, orderId);
  if (payment) {
    await recordConfirmation(
      deps.db,
      payment.id,
      {
        method: "transferencia",
        outcome: "approved",
        reason: "awaiting_staff",
        orderId,
        providerReference: null,
        amount: order.total,
        echo: {},
        verified: true,
        idempotencyKey: `transferencia:staff:${orderId}`,
        alreadyConfirmed: false,
        raw: { confirmedBy: staffId, at: now.toISOString() },
      },
      "approved",
    );
  }
  await sendOrderNotice(deps, orderId, "payment_received");
  return { orderId, paymentState: "paid", changed: true };
}
