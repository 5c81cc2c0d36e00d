/**
 * An order's life in one place: the only code that writes `orders.state` (a test reads the source and fails on any
 * other writer). Each change follows the table of allowed transitions (`ORDER_TRANSITIONS`,
 * src/shared/domain/order-states.ts), takes the order's row lock (a conditional update or `select … for update`,
 * so two changes of one order at once apply one after the other and the second sees the first), appends the change
 * to the order's history (the audit log's rows of resource `orders`) with who made it (the buyer, staff, a gateway,
 * the sweeper) and why, and queues the buyer's mail the change owes, all in the caller's transaction: a change
 * without its history entry or its mail cannot commit.
 *
 * What each change does to the rest (seats through the seat-count triggers, the discount use a lapsed hold gives
 * back, the invoice the invoice trigger issues on `paid`) happens in the same statements. Callers decide the
 * money (refund rows, payment rows) and the announcements after the commit.
 *
 * The open payment attempt of an order that ends unpaid ends with it, through the payment's life
 * (services/payment-life/, below this folder). This folder imports no other domain folder, so orders, holds,
 * refunds, shares and the back office may all call it.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AUDIT_ACTION, type AuditAction } from "../../../shared/domain/audit-actions";
import type { PaymentCode } from "../../../shared/domain/payment-codes";
import { REFUND_REASON } from "../../../shared/domain/refunds";
import {
  AWAITING_STATES,
  isAllowedTransition,
  ORDER_ACTOR,
  ORDER_STATE,
  ORDER_TRANSITIONS,
  type AwaitingState,
  type OrderActorKind,
  type OrderState,
} from "../../../shared/domain/order-states";
import type { Db } from "../../db/client";
import { refusalOf } from "../../db/statements";
import { auditLog, discounts, orders, tickets, users } from "../../db/schema";
import { endOpenAttemptsCtes } from "../payment-life/payment-life";
import { enqueueOrderNotice, type OrderNotice, type OrderNoticeJob } from "../notices/order-notice";

/**
 * Who makes a change. `id` is the person's account (the buyer or a staff member), null for a gateway and the
 * sweeper; `name` what the history shows as "by": a person's email (the buyer's is read from their account when
 * absent), the gateway's method code, or the sweeper's own word.
 */
export interface OrderActor {
  kind: OrderActorKind;
  id: number | null;
  name?: string;
}

export const SWEEPER: OrderActor = { kind: ORDER_ACTOR.sweeper, id: null, name: ORDER_ACTOR.sweeper };

export function byStaff(staff: { id: number; email: string }): OrderActor {
  return { kind: ORDER_ACTOR.staff, id: staff.id, name: staff.email };
}

export function byCustomer(userId: number): OrderActor {
  return { kind: ORDER_ACTOR.customer, id: userId };
}

export function byGateway(method: string): OrderActor {
  return { kind: ORDER_ACTOR.gateway, id: null, name: method };
}

/** The mail a change owes its buyer, queued with it. */
export interface ChangeNotice {
  notice: OrderNotice;
  details?: Pick<OrderNoticeJob, "reason" | "refund" | "refundId" | "refundHow">;
}

/** The history's "by": the actor's name, else the buyer's email read from their account. */
function actorName(by: OrderActor): SQL {
  if (by.name !== undefined) return sql`${by.name}`;
  return sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${by.id}), ${by.kind})`;
}

/** Appends one entry to an order's history. */
export async function appendHistory(tx: Db, orderId: number, by: OrderActor, action: AuditAction, before: unknown, after: unknown): Promise<void> {
  await tx.insert(auditLog).values({
    userId: by.id,
    userEmail: actorName(by),
    resource: "orders",
    resourceId: orderId,
    action,
    before: before ?? null,
    after: after ?? null,
    actor: by.kind,
  });
}

/**
 * The purchase's entry, as a data-modifying CTE of the purchase's one statement (services/orders/place-order.ts
 * writes the whole order in one round trip): `newOrder` names the CTE returning the new order's `id`, `buyer` and
 * `state` the statement's parameters holding the buyer's id and the first state.
 */
export function purchaseHistoryCte(newOrder: string, buyer: string, state: string): string {
  return `insert into audit_log (user_id, user_email, resource, resource_id, action, after, actor)
  select ${buyer}, coalesce((select email from users where id = ${buyer}), '${ORDER_ACTOR.customer}'), 'orders', id, 'purchase',
         jsonb_build_object('state', ${state}::text), '${ORDER_ACTOR.customer}'
  from ${newOrder}
  returning id`;
}

/** The purchase of an order written outside that statement (a private event's quote), in its transaction. */
export async function recordPurchase(tx: Db, orderId: number, by: OrderActor, state: OrderState): Promise<void> {
  await appendHistory(tx, orderId, by, AUDIT_ACTION.purchase, null, { state });
}

/** The order's row, locked for the change. */
async function lockOrder(tx: Db, orderId: number) {
  const [row] = await tx
    .select({ id: orders.id, state: orders.state, paymentCode: orders.paymentCode, eventId: orders.eventId, userId: orders.userId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  return row ?? null;
}

export type PayOutcome = typeof ORDER_STATE.paid | "already_paid" | "no_seats";

/** The history's word for a payment that came after the order's seats were sold again. */
export const LATE_PAYMENT = REFUND_REASON.seats_resold;

export interface PayOptions {
  /** What the history calls it: a gateway's or the buyer's payment, or staff confirming a transfer. */
  action?: typeof AUDIT_ACTION.payment | typeof AUDIT_ACTION.transfer_confirm;
  /** The mail a newly paid order sends (none: the caller sends its own). */
  notice?: OrderNotice;
  /** What the history keeps about it (the payment row, the gateway's reference). */
  details?: Record<string, unknown>;
}

/**
 * awaiting -> paid. An order that is no longer awaiting but whose payment did arrive (its hold ran out a moment
 * before, a late webhook, a cancelled order) is paid anyway if its seats are still free: the seat-count trigger
 * refuses (`stock_exhausted`) when they were sold again, and the savepoint keeps the caller's transaction usable
 * after that refusal; the caller then refunds. "already_paid": nothing changed.
 */
export async function markPaid(tx: Db, orderId: number, by: OrderActor, now: Date, options: PayOptions = {}): Promise<PayOutcome> {
  const order = await lockOrder(tx, orderId);
  if (!order || order.state === ORDER_STATE.paid) return "already_paid";
  if (!isAllowedTransition("pay", order.state, ORDER_STATE.paid)) return "already_paid";
  const lapsed = !(AWAITING_STATES as readonly string[]).includes(order.state);
  const write = (db: Db) =>
    db
      .update(orders)
      .set({ state: ORDER_STATE.paid, paidAt: now, holdExpiresAt: null })
      .where(and(eq(orders.id, orderId), inArray(orders.state, ORDER_TRANSITIONS.pay.from)))
      .returning({ id: orders.id });
  if (lapsed) {
    try {
      await tx.transaction((savepoint) => write(savepoint));
    } catch (error) {
      if (refusalOf(error) !== "stock_exhausted") throw error;
      // The money arrived after the seats were sold again: the order stays as it was, and its history says the
      // payment came (the caller owes its refund, which the history records as it is written).
      await appendHistory(tx, orderId, by, options.action ?? AUDIT_ACTION.payment, { state: order.state }, { state: order.state, outcome: LATE_PAYMENT, ...options.details });
      return "no_seats";
    }
  } else {
    await write(tx);
  }
  await appendHistory(tx, orderId, by, options.action ?? AUDIT_ACTION.payment, { state: order.state }, { state: ORDER_STATE.paid, ...options.details });
  if (options.notice) await enqueueOrderNotice(tx, orderId, options.notice);
  return ORDER_STATE.paid;
}

/**
 * A share's friend chooses how to pay: the order takes the method and the awaiting state it waits in. False when
 * the order no longer waits for a payment.
 */
export async function chooseMethod(tx: Db, orderId: number, paymentCode: PaymentCode, state: AwaitingState, by: OrderActor): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || !isAllowedTransition("choose_method", order.state, state)) return false;
  if (order.state === state && order.paymentCode === paymentCode) return true;
  await tx.update(orders).set({ paymentCode, state }).where(eq(orders.id, orderId));
  await appendHistory(tx, orderId, by, AUDIT_ACTION.payment_method, { state: order.state, paymentCode: order.paymentCode }, { state, paymentCode });
  return true;
}

export interface EndOptions {
  /** Staff's or the gateway's words, kept in the history. */
  reason?: string;
  /** What the history calls it (a rejected transfer; else the change's own word). */
  action?: typeof AUDIT_ACTION.cancel | typeof AUDIT_ACTION.expire | typeof AUDIT_ACTION.transfer_reject;
  /** The mail each ended order sends. */
  notice?: ChangeNotice;
}

/**
 * Ends the awaiting orders matching `where` (expired: a hold ran out; cancelled: a refused or abandoned payment,
 * the buyer or staff ending it): the seats go back (the stock only counts paid and live awaiting orders), the
 * discount use is given back, the open payment row ends with the order, and each ended order gets its history
 * entry. One statement (data-modifying CTEs), so it is atomic without a transaction and costs a single round
 * trip when, as usual, nothing has run out; the update's row locks make two sweeps at once end each order once.
 * Answers the ids it ended.
 */
export async function endAwaiting(
  db: Db,
  where: SQL | undefined,
  to: typeof ORDER_STATE.expired | typeof ORDER_STATE.cancelled,
  by: OrderActor,
  options: EndOptions = {},
): Promise<number[]> {
  const change = to === ORDER_STATE.expired ? "expire" : AUDIT_ACTION.cancel;
  const awaiting = inArray(orders.state, [...ORDER_TRANSITIONS[change].from.filter((state) => (AWAITING_STATES as readonly string[]).includes(state))]);
  const action = options.action ?? change;
  const after = options.reason === undefined ? sql`jsonb_build_object('state', ${to}::text)` : sql`jsonb_build_object('state', ${to}::text, 'reason', ${options.reason}::text)`;
  const result = await db.execute(sql`
    with ended as (
      update ${orders} set ${sql.identifier(orders.state.name)} = ${to}, ${sql.identifier(orders.holdExpiresAt.name)} = null
      from (select ${orders.id} as was_id, ${orders.state} as was from ${orders} where ${where ? and(awaiting, where) : awaiting} for update) as before
      where ${orders.id} = before.was_id and ${awaiting}
      returning ${orders.id} as id, ${orders.discountId} as discount_id, before.was as was
    ), uses as (
      update ${discounts} set ${sql.identifier(discounts.timesUsed.name)} = greatest(${discounts.timesUsed} - given_back.n, 0)
      from (select discount_id, count(*)::int as n from ended where discount_id is not null group by discount_id) as given_back
      where ${discounts.id} = given_back.discount_id
      returning ${discounts.id}
    ), ${endOpenAttemptsCtes("ended", to, by)}, history as (
      insert into ${auditLog} (user_id, user_email, resource, resource_id, action, before, after, actor)
      select ${by.id}::int, ${actorName(by)}, 'orders', id, ${action}, jsonb_build_object('state', was), ${after}, ${by.kind}
      from ended
      returning id
    )
    select id from ended`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: number }[];
  const ids = rows.map((row) => Number(row.id));
  if (options.notice) for (const id of ids) await enqueueOrderNotice(db, id, options.notice.notice, options.notice.details);
  return ids;
}

/**
 * Cancels one order from the states `from` allows (within the `cancel` transition): an awaiting one ends as
 * `endAwaiting` ends it; a paid one that charged nothing, or one whose hold already ran out, only changes state
 * (the seat-count trigger gives a paid order's seats back). False when the order was in none of them.
 */
export async function cancel(tx: Db, orderId: number, by: OrderActor, from: readonly OrderState[], options: EndOptions = {}): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || !from.includes(order.state) || !isAllowedTransition("cancel", order.state, ORDER_STATE.cancelled)) return false;
  if ((AWAITING_STATES as readonly string[]).includes(order.state)) {
    return (await endAwaiting(tx, eq(orders.id, orderId), ORDER_STATE.cancelled, by, options)).length > 0;
  }
  await tx.update(orders).set({ state: ORDER_STATE.cancelled, holdExpiresAt: null }).where(eq(orders.id, orderId));
  await appendHistory(tx, orderId, by, options.action ?? AUDIT_ACTION.cancel, { state: order.state }, { state: ORDER_STATE.cancelled, ...(options.reason === undefined ? {} : { reason: options.reason }) });
  if (options.notice) await enqueueOrderNotice(tx, orderId, options.notice.notice, options.notice.details);
  return true;
}

/**
 * An event the shop cancels takes its orders with it: the awaiting ones end, the paid ones are cancelled (their
 * seats go back through the trigger). Answers both lists; the caller owes the money and the mails, in this transaction.
 */
export async function cancelEventOrders(tx: Db, eventId: number, by: OrderActor): Promise<{ unpaid: number[]; paid: number[] }> {
  const reason = "event_cancelled";
  const unpaid = await endAwaiting(tx, eq(orders.eventId, eventId), ORDER_STATE.cancelled, by, { reason });
  const paid = (
    await tx
      .update(orders)
      .set({ state: ORDER_STATE.cancelled, holdExpiresAt: null })
      .where(and(eq(orders.eventId, eventId), eq(orders.state, ORDER_STATE.paid)))
      .returning({ id: orders.id })
  ).map((row) => row.id);
  for (const id of paid) await appendHistory(tx, id, by, AUDIT_ACTION.cancel, { state: ORDER_STATE.paid }, { state: ORDER_STATE.cancelled, reason });
  return { unpaid, paid };
}

/** The whole payment goes back: paid -> cancelled (the trigger gives the seats back). False when not paid. */
export async function refund(tx: Db, orderId: number, by: OrderActor, details: Record<string, unknown>): Promise<boolean> {
  const order = await lockOrder(tx, orderId);
  if (!order || !isAllowedTransition("refund", order.state, ORDER_STATE.cancelled)) return false;
  await tx.update(orders).set({ state: ORDER_STATE.cancelled, holdExpiresAt: null }).where(eq(orders.id, orderId));
  await appendHistory(tx, orderId, by, AUDIT_ACTION.refund, { state: order.state }, { state: ORDER_STATE.cancelled, ...details });
  return true;
}

/**
 * A partial refund: the refunded tickets move to an order of their own, split from the paid one and linked to it
 * (`split_from_id`), written paid (so the move changes no seat count and issues no invoice) and then cancelled,
 * which gives their seats back through the trigger; the paid order's subtotal drops by their prices and its total
 * by their value (what was paid for them). Both orders get
 * their history entry. Answers the split order's id, or null when the order is not paid.
 */
export async function split(
  tx: Db,
  order: typeof orders.$inferSelect,
  ticketIds: number[],
  value: number,
  by: OrderActor,
  details: Record<string, unknown>,
): Promise<number | null> {
  const locked = await lockOrder(tx, order.id);
  if (!locked || !isAllowedTransition("split", locked.state, ORDER_STATE.cancelled)) return null;
  const { id: _id, createdAt: _createdAt, ...copy } = order;
  const [created] = await tx
    .insert(orders)
    .values({ ...copy, state: ORDER_STATE.paid, subtotal: value, total: value, discountId: null, splitFromId: order.id })
    .returning({ id: orders.id });
  const splitOrderId = created!.id;
  await tx.update(tickets).set({ orderId: splitOrderId }).where(inArray(tickets.id, ticketIds));
  await tx.update(orders).set({ state: ORDER_STATE.cancelled, holdExpiresAt: null }).where(eq(orders.id, splitOrderId));
  // The tickets leave with their prices before discount: the subtotal drops by those, the total by what was paid
  // for them, so the discount the order shows (subtotal - total) is only what its kept tickets still have.
  const [moved] = await tx.select({ n: sql<number>`coalesce(sum(${tickets.price}), 0)::int` }).from(tickets).where(inArray(tickets.id, ticketIds));
  await tx
    .update(orders)
    .set({ subtotal: Math.max(order.subtotal - Number(moved?.n ?? value), 0), total: Math.max(order.total - value, 0) })
    .where(eq(orders.id, order.id));
  await appendHistory(tx, splitOrderId, by, AUDIT_ACTION.split, { state: ORDER_STATE.paid, splitFromId: order.id }, { state: ORDER_STATE.cancelled, ...details });
  await appendHistory(tx, order.id, by, AUDIT_ACTION.refund, { state: locked.state, total: order.total }, { state: locked.state, total: Math.max(order.total - value, 0), splitOrderId, ...details });
  return splitOrderId;
}
