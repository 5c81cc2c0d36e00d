/**
 * The payments row of an order: what the adapter answered when the payment started (provider reference, the
 * values a provider echoes back, its raw answer) and every confirmation after it, with the provider event's
 * idempotency key (docs/api.md "Payments").
 */
import type { PaymentState } from "../../../shared/domain/payment-states";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { payments } from "../../db/schema";
import { statementBatches } from "../../db/statement-batches";
import { runStatement } from "../../db/statements";
import type { PaymentConfirmation, PaymentStart } from "../../payments";

interface StartRecord {
  kind: "start";
  echo: PaymentStart["echo"];
  raw: unknown;
}

const appendRaw = (entry: unknown) => sql`${payments.rawAnswers} || ${JSON.stringify([entry])}::jsonb`;

/**
 * Every card purchase runs it: a prepared statement (parsed and planned once per connection, no query building)
 * that records the starts of all the purchases whose gateway answered while the previous one was being written.
 */
const RECORD_STARTS_SQL = `
update payments p set provider_reference = s.reference, raw_answers = p.raw_answers || s.entry::jsonb
from unnest($1::int[], $2::text[], $3::text[]) as s(order_id, reference, entry)
where p.order_id = s.order_id`;

interface StartRow {
  orderId: number;
  reference: string | null;
  entry: string;
}

const recordStarts = statementBatches<StartRow>((db, rows) =>
  runStatement(db, RECORD_STARTS_SQL, [rows.map((row) => row.orderId), rows.map((row) => row.reference), rows.map((row) => row.entry)]),
);

/** Resolves once the start is committed (with those of other purchases that came at the same moment). */
export async function recordStart(db: Db, orderId: number, started: PaymentStart): Promise<void> {
  const entry: StartRecord = { kind: "start", echo: started.echo, raw: started.raw };
  await recordStarts(db, { orderId, reference: started.providerReference ?? null, entry: JSON.stringify([entry]) });
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
  if (!row) return null;
  const start = row.rawAnswers.find((entry): entry is StartRecord => (entry as StartRecord | null)?.kind === "start");
  return { id: row.id, state: row.state, providerReference: row.providerReference, echo: start?.echo ?? {} };
}

/**
 * Stores a confirmation on the payment row with the payment's own state it leads to (see PAYMENT_STATE); the
 * idempotency key is kept only once per row.
 */
export async function recordConfirmation(db: Db, paymentId: number, confirmation: PaymentConfirmation, state: PaymentState): Promise<void> {
  const entry = { kind: "confirmation", outcome: confirmation.outcome, reason: confirmation.reason, key: confirmation.idempotencyKey, raw: confirmation.raw };
  await db
    .update(payments)
    .set({
      state,
      rawAnswers: appendRaw(entry),
      // MercadoPago's payment id replaces the preference id once a payment exists; Webpay keeps its token.
      ...(confirmation.providerReference && confirmation.outcome !== "cancelled" ? { providerReference: confirmation.providerReference } : {}),
      // Pending notes (a transfer's "still waiting") are not provider events and may repeat across orders.
      ...(confirmation.outcome !== "pending" ? { idempotencyKey: sql`coalesce(${payments.idempotencyKey}, ${confirmation.idempotencyKey})` } : {}),
    })
    .where(eq(payments.id, paymentId));
}
