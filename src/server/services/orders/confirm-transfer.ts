/**
 * Staff confirm that a bank transfer arrived (the shop promises validation within 24 hours, after which a mail
 * confirms receipt). Idempotent like the providers' confirmations: the order becomes paid once
 * and the "payment received" mail goes out once. An order whose hold ran out is still confirmed when its seats
 * are free (the money is in the bank); otherwise 409 `stock_exhausted` tells staff to refund.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { ShopContext } from "../../context";
import { writeAudit, type Actor } from "../admin/audit";
import { ShopError } from "../../../shared/domain/shop-error";
import { markPaid, orderForPayment } from "./confirm-payment";
import { enqueueOrderNotice } from "./order-notices";
import { paymentOf, recordConfirmation } from "./payment-records";

import type { TransferConfirmation } from "../../../shared/schemas/answers/orders";
export type { TransferConfirmation };

export async function confirmTransfer(deps: ShopContext, orderId: number, actor: Actor): Promise<TransferConfirmation> {
  const staffId = actor.id;
  const now = deps.now();
  const order = await orderForPayment(deps.db, orderId);
  if (!order || order.paymentCode !== "transferencia") throw new ShopError("not_found");
  if (order.state === ORDER_STATE.paid) return { orderId, paymentState: ORDER_STATE.paid, changed: false };
  if (order.state === ORDER_STATE.cancelled) throw new ShopError("order_not_awaiting_transfer");
  // The order, its payment row and the "payment received" mail change together.
  const result = await deps.db.transaction(async (tx) => {
    const outcome = await markPaid(tx, order, now);
    if (outcome !== "paid") return outcome;
    const payment = await paymentOf(tx, orderId);
    if (payment) {
      await recordConfirmation(
        tx,
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
        PAYMENT_STATE.approved,
      );
    }
    await enqueueOrderNotice(tx, orderId, "payment_received");
    await writeAudit(tx, actor, "orders", orderId, "transfer_confirm", { state: order.state }, { state: ORDER_STATE.paid });
    return outcome;
  });
  deps.outbox.wake();
  if (result === "paid") deps.catalogue.announce({ area: "stock", eventIds: [order.eventId] });
  if (result === "no_seats") throw new ShopError("stock_exhausted");
  if (result === "already_paid") return { orderId, paymentState: ORDER_STATE.paid, changed: false };
  return { orderId, paymentState: ORDER_STATE.paid, changed: true };
}
