/**
 * One payment at a time: an order has at most one open payment attempt (a payment row still `created`; the partial
 * unique index of migration 0032 holds it). A second start while one is open is answered with that same attempt
 * when it is of the same method and its gateway has answered (a double click, a second tab), or refused with
 * `payment_in_progress` (another method, or the first start still waiting for its gateway): never a second gateway
 * transaction, which the buyer could pay too. An attempt older than the payment timeout is over (its gateway page
 * expired with it), so it is closed as `expired` and a new one may start.
 *
 * Called inside the transaction that starts the attempt, after the order's row lock: ten starts at once queue on
 * that lock and each finds the one row the first wrote.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { PaymentResponse } from "../../../shared/schemas/answers/orders";
import type { Db } from "../../db/client";
import { orders, payments } from "../../db/schema";
import { byGateway } from "../order-life/order-life";
import { changePayment, closeOpenAttempt, TIMEOUT } from "../payment-life/payment-life";
import { payerColumns, type PayerOfAttempt } from "../payers/payer";

export interface OpenAttempt {
  paymentId: number;
  method: string;
  createdAt: Date;
  /**
   * `placeholder`: written with the order and never started (a share's seat waiting for its friend), so the next
   * start takes it; `starting`: a start is waiting for its gateway; `started`: the gateway answered `response`.
   */
  stage: "placeholder" | "starting" | "started";
  response: PaymentResponse | null;
}

/** What a start left on the row once its gateway answered (orders/payment-records.ts `recordStart`). */
interface StartRecord {
  kind: "start";
  response?: PaymentResponse;
}

/** The note a start leaves on its row before it asks the gateway, so a second start knows one is under way. */
const STARTING = { kind: "starting" } as const;

/** Takes the order's row lock for the rest of the transaction: starts of one order's payment go one at a time. */
export async function lockOrderForPayment(tx: Db, orderId: number): Promise<void> {
  await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for("update");
}

/** The order's open attempt, if any; one past `staleAfterMs` is closed (`expired`) and not answered. */
export async function openAttemptOf(tx: Db, orderId: number, now: Date, staleAfterMs: number): Promise<OpenAttempt | null> {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, PAYMENT_STATE.created)))
    .orderBy(asc(payments.id))
    .limit(1);
  if (!row) return null;
  const start = row.rawAnswers.find((entry): entry is StartRecord => (entry as StartRecord | null)?.kind === "start");
  const starting = row.rawAnswers.some((entry) => (entry as { kind?: unknown } | null)?.kind === STARTING.kind);
  const stage = start ? "started" : starting ? "starting" : "placeholder";
  if (stage !== "placeholder" && now.getTime() - row.createdAt.getTime() >= staleAfterMs) {
    await changePayment(tx, row.id, "expire", PAYMENT_STATE.expired, TIMEOUT);
    return null;
  }
  return { paymentId: row.id, method: row.method, createdAt: row.createdAt, stage, response: start?.response ?? null };
}

/**
 * What a second start of the same order gets while an attempt is under way: that attempt's answer when it is of
 * the method asked for and its gateway has answered, else the refusal.
 */
export function sameAttemptOr409(open: OpenAttempt, method: string): PaymentResponse {
  if (open.method !== method || open.response === null) throw new ShopError("payment_in_progress");
  return open.response;
}

/**
 * Opens the attempt in the start's transaction (after `lockOrderForPayment` and `openAttemptOf`): the placeholder
 * row is taken, else a new row is written, marked as starting. `payer` names who pays it when that is not the
 * order's account holder (a friend through their share's link): the payment's mails and papers are theirs.
 */
export async function beginAttempt(tx: Db, orderId: number, open: OpenAttempt | null, method: string, amount: number, now: Date, payer: PayerOfAttempt | null = null): Promise<void> {
  const who = payerColumns(payer);
  if (open?.stage === "placeholder") {
    await tx
      .update(payments)
      .set({ method, amount, createdAt: now, ...who, rawAnswers: sql`${payments.rawAnswers} || ${JSON.stringify([STARTING])}::jsonb` })
      .where(eq(payments.id, open.paymentId));
    return;
  }
  await tx.insert(payments).values({ orderId, method, state: PAYMENT_STATE.created, amount, ...who, rawAnswers: [STARTING], createdAt: now });
}

/** Whether an insert failed on the one-open-attempt index (two starts that both missed the lock's protection). */
export function isSecondOpenAttempt(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 3; current = (current as { cause?: unknown }).cause, depth += 1) {
    if (/payments_one_open_idx/.test(String((current as { message?: unknown }).message ?? "")) || (current as { constraint_name?: unknown }).constraint_name === "payments_one_open_idx") return true;
  }
  return false;
}

/** The gateway refused to open the attempt (it was never shown to the buyer): it ends `cancelled`. */
export async function closeUnstartedAttempt(db: Db, orderId: number, method: string): Promise<void> {
  await db.transaction((tx) => closeOpenAttempt(tx, orderId, PAYMENT_STATE.cancelled, byGateway(method)));
}
