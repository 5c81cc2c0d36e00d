/**
 * The staff's "Devoluciones" list: refunds still to pay by hand (a bank transfer, a prepaid order) with the
 * payer's contact to ask for their bank details (services/payers/payer.ts: a friend who paid their share, else the buyer), and the others for reference; staff mark a hand-paid refund
 * done (with where the money went), which mails the buyer and is audited in the same transaction.
 */
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { RefundAnswer, RefundDeskItem } from "../../../shared/schemas/answers/order-desk";
import type { RefundsQuery } from "../../../shared/schemas/order-desk";
import type { ShopContext } from "../../context";
import { events, orders, payments, paymentShares, refunds, users } from "../../db/schema";
import { writeAudit, type Actor } from "../audit/write-audit";
import { byStaff } from "../order-life/order-life";
import { changePayment } from "../payment-life/payment-life";
import { pick } from "../catalogue/rows";
import { enqueueOrderNotice } from "../notices/order-notice";
import { refundAnswer } from "./refunds";
import { REFUND_STATE } from "../../../shared/domain/refunds";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { timeZoneOf } from "../../../shared/format/dates";

const LIST_LIMIT = 200;

export async function listRefunds(deps: ShopContext, query: RefundsQuery, locale: Locale): Promise<RefundDeskItem[]> {
  const rows = await deps.db
    .select({ refund: refunds, user: users, event: events, payerName: payments.payerName, payerEmail: payments.payerEmail, sharePhone: paymentShares.phone })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .leftJoin(paymentShares, eq(paymentShares.orderId, refunds.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(query.state ? eq(refunds.state, query.state) : undefined)
    // The oldest money owed first: it has waited longest.
    .orderBy(query.state === REFUND_STATE.refunded ? desc(refunds.id) : asc(refunds.id))
    .limit(LIST_LIMIT);
  return rows.map(({ refund, user, event, payerName, payerEmail, sharePhone }) => ({
    refund: refundAnswer(refund, false),
    // Whom to ask for bank details: the one who paid (a friend through their share's link), else the account holder.
    buyer: payerEmail ? { name: payerName ?? payerEmail, email: payerEmail, phone: sharePhone ?? "" } : { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, phone: user.phoneNumber },
    eventName: pick(event.translations, locale)?.name ?? "",
    timeZone: timeZoneOf(event.countryCode),
    bankDetails: refund.bankDetails,
  }));
}

export async function markRefundPaid(deps: ShopContext, actor: Actor, refundId: number, bankDetails: string): Promise<RefundAnswer> {
  const result = await deps.db.transaction(async (tx) => {
    const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for("update");
    if (!refund) throw new ShopError("not_found");
    if (refund.state === REFUND_STATE.refunded) return { row: refund, changed: false };
    if (refund.state !== REFUND_STATE.awaiting_manual) throw new ShopError("refund_not_manual");
    const [paid] = await tx
      .update(refunds)
      .set({ state: REFUND_STATE.refunded, bankDetails, paidBy: actor.id, paidAt: deps.now() })
      .where(eq(refunds.id, refundId))
      .returning();
    if (refund.paymentId !== null) {
      // The payment is given back whole once its refunds add up to it.
      const [given] = await tx
        .select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
        .from(refunds)
        .where(and(eq(refunds.paymentId, refund.paymentId), eq(refunds.state, REFUND_STATE.refunded)));
      const [payment] = await tx.select({ amount: payments.amount }).from(payments).where(eq(payments.id, refund.paymentId));
      if (payment && payment.amount <= Number(given?.n ?? 0)) {
        await changePayment(tx, refund.paymentId, "refund", PAYMENT_STATE.refunded, byStaff(actor), { details: { refundId } });
      }
    }
    await enqueueOrderNotice(tx, refund.orderId, "refund", { refundId, refundHow: "manual_paid" });
    await writeAudit(tx, actor, "orders", refund.orderId, AUDIT_ACTION.refund_paid, { refundId, state: refund.state }, { refundId, amount: refund.amount, bankDetails });
    return { row: paid!, changed: true };
  });
  if (result.changed) deps.outbox.wake();
  return refundAnswer(result.row, result.changed);
}
