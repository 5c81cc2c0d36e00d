/**
 * The registry: one handler per kind of side effect. A handler receives the shop context and the payload
 * given to `enqueue`; it throws to be retried later (with backoff), so it must be safe to run twice (a process
 * may die after acting and before marking the row done). To add a side effect: write its handler, add it here
 * under a new kind, and `enqueue(tx, "<kind>", payload)` in the transaction that causes it.
 */
import type { ShopContext } from "../context";
import { orderNoticeJob } from "../services/orders/order-notices";
import { orderRefundJob } from "../services/orders/refund";
import { invitationJob } from "../services/private-events/invitations";
import { releaseJob } from "../services/private-events/release";
import { decisionMailJob } from "../services/private-events/decision-mails";
import { shareDeadlineJob, shareInviteJob, sharesReleasedJob } from "../services/shares/share-notices";

export interface OutboxJob {
  id: number;
  /** 1 on the first try. */
  attempt: number;
}

export type OutboxHandler<P> = (deps: ShopContext, payload: P, job: OutboxJob) => Promise<void>;

export const outboxHandlers = {
  "order.notice": orderNoticeJob,
  "order.refund": orderRefundJob,
  "private-event.invitation": invitationJob,
  "private-event.release": releaseJob,
  "private-event.decision": decisionMailJob,
  "share.invite": shareInviteJob,
  "share.deadline": shareDeadlineJob,
  "share.released": sharesReleasedJob,
} satisfies Record<string, OutboxHandler<never>>;

export type OutboxKind = keyof typeof outboxHandlers;
export type OutboxPayload<K extends OutboxKind> = Parameters<(typeof outboxHandlers)[K]>[1];

export function handlerFor(kind: string): OutboxHandler<unknown> | undefined {
  return Object.hasOwn(outboxHandlers, kind) ? (outboxHandlers[kind as OutboxKind] as OutboxHandler<unknown>) : undefined;
}
