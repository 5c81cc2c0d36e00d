/**
 * Writing a side effect: `enqueue(tx, kind, payload)` inside the transaction that makes the change it follows
 * from, so the change and the promise to act on it commit together or not at all. The worker (worker.ts)
 * delivers it after the commit through the handler the composition root registered for `kind` (jobs.ts).
 */
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import { currentRequestId } from "../request-context";
import type { OutboxKind, OutboxPayload } from "./jobs";

export interface EnqueueOptions {
  /** Not before this moment (a reminder, a later retry); absent means as soon as the transaction commits. */
  runAt?: Date;
}

/** Answers the outbox row id. Call it with the transaction (`tx`) that writes the change. */
export async function enqueue<K extends OutboxKind>(tx: Db, kind: K, payload: OutboxPayload<K>, options: EnqueueOptions = {}): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, payload, requestId: currentRequestId() ?? null, ...(options.runAt ? { runAt: options.runAt } : {}) })
    .returning({ id: outbox.id });
  return row!.id;
}
