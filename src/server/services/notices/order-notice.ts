/**
 * The order notices' queue: which mail an order's buyer is owed, queued in the transaction that changes the order.
 * Orders, refunds and the back office queue them; the handler that renders and sends them is the orders' own
 * (services/order-notices/order-notices.ts, registered in services/order-notices/jobs.ts). This file imports no domain folder,
 * so each of them may import it.
 */
import type { Db } from "../../db/client";
import type { RefundMailFacts } from "../../mail/order-mails";
import { enqueue } from "../../outbox/enqueue";

/** `refunded`: rows queued before refunds had their own rows (a payment that came after its seats were sold). */
export type OrderNotice = "confirmation" | "transfer_instructions" | "payment_received" | "refunded" | "refund" | "transfer_rejected" | "event_cancelled";

/** What an "order.notice" outbox row carries. */
export interface OrderNoticeJob {
  orderId: number;
  notice: OrderNotice;
  /** Why staff rejected the transfer ("transfer_rejected" only), as they wrote it. */
  reason?: string;
  /** Whether what the buyer paid is being given back ("event_cancelled" only). */
  refund?: boolean;
  /** The refund row the mail tells about, and what became of it when the mail was queued ("refund" only). */
  refundId?: number;
  refundHow?: RefundMailFacts["how"];
}

/** Queues the mail in the transaction that changes the order (delivered by the outbox worker after commit). */
export function enqueueOrderNotice(tx: Db, orderId: number, notice: OrderNotice, details: Pick<OrderNoticeJob, "reason" | "refund" | "refundId" | "refundHow"> = {}): Promise<number> {
  return enqueue(tx, "order.notice", { orderId, notice, ...details });
}
