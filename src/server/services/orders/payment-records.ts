/**
 * The payments row of an order: what the adapter answered when the payment started (provider reference, the
 * values a provider echoes back, its raw answer) and every confirmation after it, with the provider event's
 * idempotency key (docs/api.md "Payments").
 */
import { PAYMENT_OUTCOME, PAYMENT_STATE, type PaymentState } from "../../../shared/domain/payment-states";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import { statementBatches } from "../../db/statement-batches";
import { runStatement } from "../../db/statements";
import type { PaymentConfirmation, PaymentStart } from "../../payments";
import { changePayment, type PaymentActor, type PaymentChangeOutcome } from "../payment-life/payment-life";

export interface StartRecord {
  kind: "start";
  echo: PaymentStart["echo"];
  raw: unknown;
  /** What the start answered the buyer (the gateway's page or form, the transfer's details): a second start of the same open attempt answers it again. */
  response?: PaymentStart["response"];
}

/**
 * A prepared statement (parsed and planned once per connection, no query building) that records the starts of all
 * the payments whose gateway answered while the previous one was being written.
 * Only the order's newest payment row is the attempt just started: earlier attempts (a refused card) keep theirs.
 */
const RECORD_STARTS_SQL = `
update payments p set provider_reference = s.reference, raw_answers = p.raw_answers || s.entry::jsonb
from unnest($1::int[], $2::text[], $3::text[]) as s(order_id, reference, entry)
where p.order_id = s.order_id and p.id = (select max(newest.id) from payments newest where newest.order_id = s.order_id)`;

interface StartRow {
  orderId: number;
  reference: string | null;
  entry: string;
}

const recordStarts = statementBatches<StartRow>((db, rows) =>
  runStatement(db, RECORD_STARTS_SQL, [rows.map((row) => row.orderId), rows.map((row) => row.reference), rows.map((row) => row.entry)]),
);

/** What a start leaves in the payment row's `raw_answers`. */
export function startEntry(started: PaymentStart): StartRecord {
  return { kind: "start", echo: started.echo, raw: started.raw, response: started.response };
}

/**
 * Records a start on a payment row written before it (a share's or a quote's; a purchase writes its start with
 * the order, place-order.ts). Resolves once the start is committed (with those of other starts that came at the
 * same moment).
 */
export async function recordStart(db: Db, orderId: number, started: PaymentStart): Promise<void> {
  await recordStarts(db, { orderId, reference: started.providerReference ?? null, entry: JSON.stringify([startEntry(started)]) });
}

export interface PaymentRecord {
  id: number;
  state: PaymentState;
  providerReference: string | null;
  /** What start answered the provider would echo (Webpay buy_order and session_id). */
  echo: PaymentStart["echo"];
}

export async function paymentOf(db: Db, orderId: number): Promise<PaymentRecord | null> {
  const [row] = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id)).limit(1);
  return row ? recordOf(row) : null;
}

/**
 * The payment row a provider's word speaks of: the one carrying its reference (a Webpay token, a MercadoPago payment
 * id already recorded), else the order's open attempt, else its newest row.
 */
export async function paymentFor(db: Db, orderId: number, reference: string | null): Promise<PaymentRecord | null> {
  const rows = await db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(desc(payments.id));
  const row = (reference !== null ? rows.find((one) => one.providerReference === reference) : undefined) ?? rows.find((one) => one.state === PAYMENT_STATE.created) ?? rows[0];
  return row ? recordOf(row) : null;
}

function recordOf(row: typeof payments.$inferSelect): PaymentRecord {
  const start = row.rawAnswers.find((entry): entry is StartRecord => (entry as StartRecord | null)?.kind === "start");
  return { id: row.id, state: row.state, providerReference: row.providerReference, echo: start?.echo ?? {} };
}

/**
 * What a confirmation does to its payment row (services/payment-life/ applies it): the gateway took the money
 * (`approve`), reported another amount (`mismatch`), took money that must go back (`owe_refund`), or declined or
 * was abandoned (`refuse`, the row taking the gateway's own word, rejected or cancelled).
 */
export type ConfirmationChange = "approve" | "mismatch" | "owe_refund" | "refuse";

const CONFIRMED_STATE = {
  approve: PAYMENT_STATE.approved,
  mismatch: PAYMENT_STATE.amount_mismatch,
  owe_refund: PAYMENT_STATE.refund_due,
} as const satisfies Record<Exclude<ConfirmationChange, "refuse">, PaymentState>;

/**
 * Stores a confirmation on the payment row and makes the change it leads to through the payment's life (a change
 * the transitions' table refuses keeps the row's state, the answer is still stored); the idempotency key is kept
 * only once per row.
 */
export async function recordConfirmation(db: Db, paymentId: number, confirmation: PaymentConfirmation, change: ConfirmationChange, by: PaymentActor): Promise<PaymentChangeOutcome> {
  const entry = { kind: "confirmation", outcome: confirmation.outcome, reason: confirmation.reason, key: confirmation.idempotencyKey, raw: confirmation.raw };
  let to: PaymentState;
  if (change !== "refuse") to = CONFIRMED_STATE[change];
  else if (confirmation.outcome === PAYMENT_OUTCOME.rejected || confirmation.outcome === PAYMENT_OUTCOME.cancelled) to = confirmation.outcome;
  else throw new Error(`a ${confirmation.outcome} confirmation refuses no payment`);
  return changePayment(db, paymentId, change, to, by, {
    entry,
    set: {
      // MercadoPago's payment id replaces the preference id once a payment exists; Webpay keeps its token.
      ...(confirmation.providerReference && confirmation.outcome !== PAYMENT_OUTCOME.cancelled ? { providerReference: confirmation.providerReference } : {}),
      // Pending notes (a transfer's "still waiting") are not provider events and may repeat across orders.
      ...(confirmation.outcome !== PAYMENT_OUTCOME.pending ? { idempotencyKey: sql`coalesce(${payments.idempotencyKey}, ${confirmation.idempotencyKey})` } : {}),
    },
  });
}
