/**
 * A payment row's life in one place: the only code that writes `payments.state` (a test reads the source and fails
 * on any other writer). Each change follows the table of allowed transitions (`PAYMENT_TRANSITIONS`,
 * src/shared/domain/payment-states.ts), takes the payment's row lock (`select … for update`, so two answers about
 * one payment at once apply one after the other and the second sees the first), and appends the change to the
 * payment's history (the audit log's rows of resource `payments`, action `payment_state`) with who made it: staff
 * (their account and email: the audit entry of what they did), the buyer, a gateway (by its method) or the
 * sweeper. All in the caller's transaction: a change without its history entry cannot commit.
 *
 * A change the table does not allow leaves the state as it is (a late or repeated answer never undoes a later
 * one) while what came with it (the gateway's answer, its reference) is still kept on the row.
 *
 * This folder imports no domain folder, so the order's life, orders, payment attempts, refunds and the purchase
 * may all call it.
 */
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { ORDER_ACTOR, type OrderActorKind } from "../../../shared/domain/order-states";
import {
  isAllowedPaymentTransition,
  PAYMENT_STATE,
  PAYMENT_TRANSITIONS,
  type PaymentChange,
  type PaymentState,
} from "../../../shared/domain/payment-states";
import type { Db } from "../../db/client";
import { auditLog, payments, users } from "../../db/schema";

/** The history's resource name of a payment row. */
export const PAYMENT_HISTORY = "payments";

/**
 * Who changes a payment: the same actors as an order's (services/order-life/ `OrderActor` is one of these). `id` is
 * the person's account, null for a gateway and the sweeper; `name` what the history shows as "by".
 */
export interface PaymentActor {
  kind: OrderActorKind;
  id: number | null;
  name?: string;
}

/** An attempt that outlived the payment timeout is closed by the shop itself, as a hold that ran out. */
export const TIMEOUT: PaymentActor = { kind: ORDER_ACTOR.sweeper, id: null, name: ORDER_ACTOR.sweeper };

/** The history's "by": the actor's name, else the person's email read from their account. */
function actorName(by: PaymentActor): SQL {
  if (by.name !== undefined) return sql`${by.name}`;
  return sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${by.id}), ${by.kind})`;
}

export interface PaymentChangeOptions {
  /** An entry appended to the row's `raw_answers` (a gateway's answer, a refund's), kept even when the state stays. */
  entry?: unknown;
  /** Other columns the same answer sets (the gateway's reference, the provider event's idempotency key). */
  set?: Partial<Pick<typeof payments.$inferInsert, "providerReference">> & { idempotencyKey?: SQL | string | null };
  /** What the history keeps about the change beside the two states (a refund's id, a reason). */
  details?: Record<string, unknown>;
}

/**
 * `changed`: the row took `to`; `same`: it already was in `to`; `disallowed`: the table allows no such change from its
 * state (it is left as it was); `missing`: no such row.
 */
export type PaymentChangeOutcome = "changed" | "same" | "disallowed" | "missing";

async function appendHistory(tx: Db, paymentId: number, by: PaymentActor, before: PaymentState, after: PaymentState, change: PaymentChange, details: Record<string, unknown> = {}) {
  await tx.insert(auditLog).values({
    userId: by.id,
    userEmail: actorName(by),
    resource: PAYMENT_HISTORY,
    resourceId: paymentId,
    action: AUDIT_ACTION.payment_state,
    before: { state: before },
    after: { state: after, change, ...details },
    actor: by.kind,
  });
}

/** One payment row's change to `to`, under its row lock, checked against the table and written into its history. */
export async function changePayment(
  tx: Db,
  paymentId: number,
  change: PaymentChange,
  to: PaymentState,
  by: PaymentActor,
  options: PaymentChangeOptions = {},
): Promise<PaymentChangeOutcome> {
  const [row] = await tx.select({ state: payments.state }).from(payments).where(eq(payments.id, paymentId)).for("update");
  if (!row) return "missing";
  const outcome: PaymentChangeOutcome = row.state === to ? "same" : isAllowedPaymentTransition(change, row.state, to) ? "changed" : "disallowed";
  if (outcome === "disallowed") console.warn(`payment ${paymentId}: ${change} may not take it from ${row.state} to ${to}; its state is kept`);
  const extra = {
    ...(options.entry !== undefined ? { rawAnswers: sql`${payments.rawAnswers} || ${JSON.stringify([options.entry])}::jsonb` } : {}),
    ...(options.set ?? {}),
  };
  if (outcome === "changed") {
    await tx.update(payments).set({ state: to, ...extra }).where(eq(payments.id, paymentId));
    await appendHistory(tx, paymentId, by, row.state, to, change, options.details);
  } else if (Object.keys(extra).length > 0) {
    await tx.update(payments).set(extra).where(eq(payments.id, paymentId));
  }
  return outcome;
}

/** Keeps an answer about the payment (a partial refund's) on its row, its state unchanged. */
export async function appendAnswer(tx: Db, paymentId: number, entry: unknown): Promise<void> {
  await tx
    .update(payments)
    .set({ rawAnswers: sql`${payments.rawAnswers} || ${JSON.stringify([entry])}::jsonb` })
    .where(eq(payments.id, paymentId));
}

/**
 * The rows matching `where` that `change` may take to `to`, each changed under its row lock with its history
 * entry (an event's cancellation owes back every paid order's payment). Answers the changed rows.
 */
export async function changePayments(tx: Db, where: SQL, change: PaymentChange, to: PaymentState, by: PaymentActor): Promise<{ id: number; orderId: number }[]> {
  const from = PAYMENT_TRANSITIONS[change].from.filter((state) => state !== to);
  const rows = await tx
    .select({ id: payments.id, orderId: payments.orderId, state: payments.state })
    .from(payments)
    .where(and(where, inArray(payments.state, from)))
    .orderBy(payments.id)
    .for("update");
  if (rows.length === 0) return [];
  await tx
    .update(payments)
    .set({ state: to })
    .where(inArray(payments.id, rows.map((row) => row.id)));
  for (const row of rows) await appendHistory(tx, row.id, by, row.state, to, change);
  return rows.map(({ id, orderId }) => ({ id, orderId }));
}

/**
 * The order's open attempt (its row still `created`), if any, closed as `to` (`expired` or `cancelled`: changes
 * `expire` and `cancel`) under its row lock. Answers whether one was closed.
 */
export async function closeOpenAttempt(tx: Db, orderId: number, to: typeof PAYMENT_STATE.expired | typeof PAYMENT_STATE.cancelled, by: PaymentActor): Promise<boolean> {
  const change = to === PAYMENT_STATE.expired ? "expire" : "cancel";
  return (await changePayments(tx, and(eq(payments.orderId, orderId), eq(payments.state, PAYMENT_STATE.created))!, change, to, by)).length > 0;
}

/**
 * The order's life ends unpaid orders in one statement (services/order-life/ `endAwaiting`); their open attempts
 * end with them in the same statement through these two CTEs: `ended` names the CTE returning the ended orders'
 * `id`. The open rows (`created`) take the order's end (`expired` or `cancelled`: changes `expire` and `cancel`),
 * each with its history entry; the update's row locks order it after any other change of those rows.
 */
export function endOpenAttemptsCtes(ended: string, to: typeof PAYMENT_STATE.expired | typeof PAYMENT_STATE.cancelled, by: PaymentActor): SQL {
  const change = to === PAYMENT_STATE.expired ? "expire" : "cancel";
  const [from] = PAYMENT_TRANSITIONS[change].from;
  return sql`payment_rows as (
      update ${payments} set ${sql.identifier(payments.state.name)} = ${to}
      where ${payments.orderId} in (select id from ${sql.identifier(ended)}) and ${payments.state} = ${from}
      returning ${payments.id} as id
    ), payment_history as (
      insert into ${auditLog} (user_id, user_email, resource, resource_id, action, before, after, actor)
      select ${by.id}::int, ${actorName(by)}, ${PAYMENT_HISTORY}, id, ${AUDIT_ACTION.payment_state}, jsonb_build_object('state', ${from}::text),
             jsonb_build_object('state', ${to}::text, 'change', ${change}::text), ${by.kind}
      from payment_rows
      returning id
    )`;
}
