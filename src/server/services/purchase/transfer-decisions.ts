/**
 * Staff settle a bank transfer: confirmed (the order is paid and the buyer mailed
 * "payment received") or rejected (the order is cancelled, its seats and discount use given back, and the
 * buyer mailed why, through the outbox). Each is idempotent: a second click answers `changed: false` and mails nothing. Who did it,
 * when and why is kept in `staff_actions` (one row per order and action).
 */
import { PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import { AUDIT_ACTION, type StaffAction } from "../../../shared/domain/audit-actions";
import { AWAITING_STATES, ORDER_STATE } from "../../../shared/domain/order-states";
import { eq } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { TransferDecision } from "../../../shared/schemas/answers/staff-day";
import type { Db } from "../../db/client";
import { orders, staffActions } from "../../db/schema";
import type { ShopContext } from "../../context";
import { confirmTransfer } from "./confirm-transfer";
import type { Actor } from "../audit/write-audit";
import { byStaff, cancel } from "../order-life/order-life";

async function logAction(db: Db, orderId: number, staffId: number, action: StaffAction, reason: string | null) {
  await db.insert(staffActions).values({ orderId, staffId, action, reason }).onConflictDoNothing();
}

export async function confirmTransferByStaff(deps: ShopContext, orderId: number, actor: Actor): Promise<TransferDecision> {
  const result = await confirmTransfer(deps, orderId, actor);
  if (result.changed) await logAction(deps.db, orderId, actor.id, AUDIT_ACTION.transfer_confirm, null);
  return result;
}

export async function rejectTransfer(deps: ShopContext, orderId: number, actor: Actor, reason: string): Promise<TransferDecision> {
  const staffId = actor.id;
  const changed = await deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({ state: orders.state, paymentCode: orders.paymentCode, eventId: orders.eventId })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order || order.paymentCode !== PAYMENT_CODE.transferencia) throw new ShopError("not_found");
    if (order.state === ORDER_STATE.cancelled) return false;
    if (order.state === ORDER_STATE.paid) throw new ShopError("order_not_awaiting_transfer");
    // Still waiting: cancel and give the seats and the discount use back. Already expired: those went back
    // when the hold ran out, so only the state changes. The buyer's "we could not validate your transfer" mail
    // commits with the decision; a failed mail is retried by the outbox and never undoes it.
    const ended = await cancel(tx, orderId, byStaff(actor), [...AWAITING_STATES, ORDER_STATE.expired], {
      action: AUDIT_ACTION.transfer_reject,
      reason,
      notice: { notice: "transfer_rejected", details: { reason } },
    });
    if (ended) await logAction(tx, orderId, staffId, AUDIT_ACTION.transfer_reject, reason);
    return ended ? { eventId: order.eventId, seatsBack: order.state !== ORDER_STATE.expired } : false;
  });
  if (changed && changed.seatsBack) deps.catalogue.announce({ area: "stock", eventIds: [changed.eventId] });
  if (changed) deps.outbox.wake();
  return { orderId, paymentState: ORDER_STATE.cancelled, changed: changed !== false };
}
