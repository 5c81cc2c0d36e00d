/**
 * Giving money back for a paid order: all of it, or some passengers' tickets. In one transaction, under the
 * order's row lock: the seats go back (a whole refund cancels the order; a partial one moves the refunded tickets
 * to a cancelled order split from it, which every reader of seats, manifests and check-ins already leaves out),
 * the refund row is written, and what follows is queued through the outbox: the gateway's refund for a card
 * payment (refund-job.ts), or, for money paid back by hand, the buyer's mail asking where to send it.
 * A request carrying an idempotency key already used for the order answers that refund again: a retried click or
 * request never refunds twice.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { RefundReason, RefundState } from "../../../shared/domain/refunds";
import { REFUND_STATE } from "../../../shared/domain/refunds";
import { ShopError } from "../../../shared/domain/shop-error";
import { formatPrice } from "../../../shared/format/money";
import type { RefundAnswer } from "../../../shared/schemas/answers/order-desk";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { orders, passengers, payments, refunds, tickets } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import type { PaymentAdapters } from "../../payments";
import type { Actor } from "../audit/write-audit";
import { appendHistory, byStaff, refund as refundOrder, split, SWEEPER, type OrderActor } from "../order-life/order-life";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { enqueueOrderNotice } from "../notices/order-notice";
import { seatsCameBack } from "../waiting-list/offers";
import { ORDER_STATE } from "../../../shared/domain/order-states";

export interface RefundRequest {
  orderId: number;
  reason: RefundReason;
  /** Only these passengers' tickets (every passenger of a ticket must be named); absent: the whole order. */
  passengerIds?: number[];
  /** Less than the tickets' value (a part kept); absent: their whole value. */
  amount?: number;
  /** The cancellation policy's share kept, in percent of the value (the buyer cancelling late). */
  keepPercent?: number;
  /** Staff's words for the order's history. */
  note?: string;
  idempotencyKey?: string;
  /** Staff who asked (audited); null when the buyer cancelled themselves. */
  actor: Actor | null;
  /** Who the order's history names when no staff member asked (the buyer cancelling). */
  by?: OrderActor;
}

/** Payment rows whose money the shop holds and may give back. */
const SETTLED_PAYMENT_STATES = [PAYMENT_STATE.approved, PAYMENT_STATE.refund_due];

/** Whether the money goes back through the gateway (a card payment it can refund) or by hand. */
export function refundsThroughGateway(adapters: PaymentAdapters, method: string, providerReference: string | null): boolean {
  try {
    return Boolean(adapters.get(method).refund) && providerReference !== null;
  } catch {
    return false;
  }
}

export async function settledPayment(db: Db, orderId: number) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.state, SETTLED_PAYMENT_STATES)))
    .orderBy(desc(payments.id))
    .limit(1);
  return payment ?? null;
}

/** Money of the order already promised or given back. */
export async function refundedSoFar(db: Db, orderId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` }).from(refunds).where(eq(refunds.orderId, orderId));
  return Number(row?.n ?? 0);
}

/** The tickets a refund of these passengers covers, and their value; a ticket shared with a passenger not named is refused. */
export async function ticketsOf(db: Db, orderId: number, passengerIds: number[] | undefined) {
  const rows = await db.select({ id: tickets.id, price: tickets.price, discountPrice: tickets.discountPrice }).from(tickets).where(eq(tickets.orderId, orderId)).orderBy(asc(tickets.id));
  const ticketPassengers = rows.length
    ? await db.select({ id: passengers.id, ticketId: passengers.ticketId }).from(passengers).where(inArray(passengers.ticketId, rows.map((row) => row.id)))
    : [];
  if (!passengerIds) return { chosen: rows, all: rows, value: rows.reduce((sum, row) => sum + (row.discountPrice ?? row.price), 0) };
  const wanted = new Set(passengerIds);
  const strangers = passengerIds.filter((id) => !ticketPassengers.some((passenger) => passenger.id === id));
  if (strangers.length) throw new ShopError((await refundedAlready(db, orderId, strangers)) ? "already_refunded" : "not_found");
  // A ticket is one seat sold (a van for four is one ticket): it goes back whole or not at all.
  const chosen = rows.filter((row) => ticketPassengers.some((passenger) => passenger.ticketId === row.id && wanted.has(passenger.id)));
  if (chosen.some((row) => ticketPassengers.some((passenger) => passenger.ticketId === row.id && !wanted.has(passenger.id)))) throw new ShopError("refund_splits_ticket");
  return { chosen, all: rows, value: chosen.reduce((sum, row) => sum + (row.discountPrice ?? row.price), 0) };
}

/**
 * Whether these passengers rode on this order until a refund split their tickets off it: a second refund of them
 * (a repeated click, ten at once) is told it came too late, not that they never existed.
 */
async function refundedAlready(db: Db, orderId: number, passengerIds: number[]): Promise<boolean> {
  const rows = await db
    .select({ id: passengers.id })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(inArray(passengers.id, passengerIds), eq(orders.splitFromId, orderId)));
  return rows.length === passengerIds.length;
}

export function refundAnswer(row: typeof refunds.$inferSelect, created: boolean): RefundAnswer {
  return {
    id: row.id,
    orderId: row.orderId,
    splitOrderId: row.splitOrderId,
    amount: row.amount,
    currency: row.currency,
    method: row.method,
    reason: row.reason,
    state: row.state,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    created,
  };
}

/** Refunds a paid order or some of its passengers; see the module comment. */
export async function requestRefund(deps: ShopContext, request: RefundRequest): Promise<RefundAnswer> {
  const key = request.idempotencyKey ? `request:${request.orderId}:${request.idempotencyKey}` : `request:${request.orderId}:${crypto.randomUUID()}`;
  const outcome = await deps.db.transaction(async (tx) => {
    // Every refund of an order waits for the one before it: what is left to refund is read after it committed.
    const [order] = await tx.select().from(orders).where(eq(orders.id, request.orderId)).for("update");
    if (!order) throw new ShopError("not_found");
    const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
    if (earlier) return { row: earlier, created: false, eventId: order.eventId };
    if (order.state !== ORDER_STATE.paid) {
      // A refund that waited for this lock behind another of the same order finds the money already going back.
      const [given] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, order.id)).limit(1);
      throw new ShopError(given ? "already_refunded" : "order_not_refundable");
    }
    const payment = await settledPayment(tx, order.id);
    const { chosen, all, value } = await ticketsOf(tx, order.id, request.passengerIds);
    if (chosen.length === 0) throw new ShopError("order_not_refundable");
    const whole = chosen.length === all.length;
    const paid = payment?.amount ?? order.total;
    const left = paid - (await refundedSoFar(tx, order.id));
    // A whole refund gives back what is left of the payment; some tickets, their value (never more than is left).
    const worth = Math.min(whole ? left : value, left);
    const amount = request.amount ?? Math.round((worth * (100 - (request.keepPercent ?? 0))) / 100);
    if (amount > worth) throw new ShopError("refund_too_large", { amount: "errors.refund_too_large" }, { max: formatPrice(worth, order.currency) });
    if (amount <= 0) throw new ShopError("order_not_refundable");

    const method = payment?.method ?? order.paymentCode;
    const by = request.actor ? byStaff(request.actor) : request.by;
    if (!by) throw new Error(`refund of order ${order.id}: nobody named as asking`);
    const told = { amount, method, reason: request.reason, passengerIds: request.passengerIds ?? null, note: request.note ?? null };
    // The order's life moves the state and writes the history: a whole refund cancels the order (the seat-count
    // trigger gives the seats back); a partial one moves the refunded tickets to an order split off from it.
    let splitOrderId: number | null = null;
    if (whole) {
      if (!(await refundOrder(tx, order.id, by, told))) throw new ShopError("order_not_refundable");
    } else {
      splitOrderId = await split(tx, order, chosen.map((ticket) => ticket.id), value, by, told);
      if (splitOrderId === null) throw new ShopError("order_not_refundable");
    }

    const byGateway = refundsThroughGateway(deps.payments, method, payment?.providerReference ?? null);
    const state: RefundState = byGateway ? REFUND_STATE.pending : REFUND_STATE.awaiting_manual;
    const [row] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        splitOrderId,
        paymentId: payment?.id ?? null,
        method,
        amount,
        currency: order.currency,
        reason: request.reason,
        note: request.note ?? null,
        state,
        idempotencyKey: key,
        requestedBy: request.actor?.id ?? null,
      })
      .returning();
    if (byGateway) await enqueue(tx, "refund.gateway", { refundId: row!.id });
    else await enqueueOrderNotice(tx, order.id, "refund", { refundId: row!.id, refundHow: "manual_pending" });
    // The seats are back on sale: the event's waiting lists have their turn first.
    await seatsCameBack(tx, order.eventId);
    return { row: row!, created: true, eventId: order.eventId };
  });
  if (outcome.created) {
    deps.catalogue.announce({ area: "stock", eventIds: [outcome.eventId] });
    deps.outbox.wake();
  }
  return refundAnswer(outcome.row, outcome.created);
}

/**
 * The refund of a whole payment the shop owes without anyone asking (an event cancelled, a payment that arrived
 * after its seats were sold again): one row per order whatever the retries, gateway or by hand.
 */
export async function owedRefund(tx: Db, adapters: PaymentAdapters, orderId: number, reason: RefundReason) {
  const key = `owed:${orderId}`;
  const [earlier] = await tx.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  if (earlier) return { row: earlier, created: false };
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const payment = await settledPayment(tx, orderId);
  if (!order || !payment) return null;
  const amount = payment.amount - (await refundedSoFar(tx, orderId));
  if (amount <= 0) return null;
  const byGateway = refundsThroughGateway(adapters, payment.method, payment.providerReference);
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId,
      paymentId: payment.id,
      method: payment.method,
      amount,
      currency: order.currency,
      reason,
      state: byGateway ? REFUND_STATE.pending : REFUND_STATE.awaiting_manual,
      idempotencyKey: key,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return null;
  // Nobody asked: the shop refunds on its own, and the order's history says so beside the late payment.
  await appendHistory(tx, orderId, SWEEPER, AUDIT_ACTION.refund, { state: order.state }, { state: order.state, refundId: row.id, amount, method: payment.method, reason, automatic: true });
  if (!byGateway) await enqueueOrderNotice(tx, orderId, "refund", { refundId: row.id, refundHow: "manual_pending" });
  return { row, created: true };
}
