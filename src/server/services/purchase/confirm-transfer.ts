/**
 * Staff confirm that a bank transfer arrived (the shop promises validation within 24 hours, after which a mail
 * confirms receipt). Idempotent like the providers' confirmations: the order's life marks it paid once, with
 * the staff member in its history, and the "payment received" mail goes out once. An order whose hold ran out is still confirmed when its seats
 * are free (the money is in the bank); otherwise the payment is owed back, its refund is recorded (to pay by hand,
 * in the refunds list; the late payment and the refund in the order's history) and 409 `transfer_too_late` tells
 * staff that refunding is the next step.
 */
import { PAYMENT_OUTCOME, PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { REFUND_REASON } from "../../../shared/domain/refunds";
import { enqueue } from "../../outbox/enqueue";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { ShopContext } from "../../context";
import type { Actor } from "../audit/write-audit";
import { byStaff } from "../order-life/order-life";
import { ShopError } from "../../../shared/domain/shop-error";
import { markPaid, orderForPayment } from "./confirm-payment";
import { paymentOf, recordConfirmation } from "../orders/payment-records";

import type { TransferConfirmation } from "../../../shared/schemas/answers/orders";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
export type { TransferConfirmation };

export async function confirmTransfer(deps: ShopContext, orderId: number, actor: Actor): Promise<TransferConfirmation> {
  const staffId = actor.id;
  const now = deps.now();
  const order = await orderForPayment(deps.db, orderId);
  if (!order || order.paymentCode !== PAYMENT_CODE.transferencia) throw new ShopError("not_found");
  if (order.state === ORDER_STATE.paid) return { orderId, paymentState: ORDER_STATE.paid, changed: false };
  if (order.state === ORDER_STATE.cancelled) throw new ShopError("order_not_awaiting_transfer");
  // The order, its payment row and the "payment received" mail change together.
  const result = await deps.db.transaction(async (tx) => {
    const outcome = await markPaid(tx, order, now, byStaff(actor), { action: AUDIT_ACTION.transfer_confirm, notice: "payment_received" });
    if (outcome === "already_paid") return outcome;
    const payment = await paymentOf(tx, orderId);
    if (payment) {
      // Too late (the hold ran out and the seats were sold again): the money is owed back, recorded now as the
      // refund staff pay by hand (the order's history and the refunds list show it; the buyer is asked where).
      const late = outcome === "no_seats";
      if (late && payment.state === PAYMENT_STATE.refund_due) return outcome;
      await recordConfirmation(
        tx,
        payment.id,
        {
          method: PAYMENT_CODE.transferencia,
          outcome: PAYMENT_OUTCOME.approved,
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
        late ? "owe_refund" : "approve",
        byStaff(actor),
      );
      if (late) await enqueue(tx, "order.refund", { orderId, reason: REFUND_REASON.seats_resold });
    }
    return outcome;
  });
  deps.outbox.wake();
  if (result === ORDER_STATE.paid) deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
  // The next step is the refund, already recorded: staff pay it from the refunds list.
  if (result === "no_seats") throw new ShopError("transfer_too_late");
  if (result === "already_paid") return { orderId, paymentState: ORDER_STATE.paid, changed: false };
  return { orderId, paymentState: ORDER_STATE.paid, changed: true };
}
