/** The order's outbox jobs: its mails (confirmation, rejection, cancellation…) and card refunds. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { orderNoticeJob, type OrderNoticeJob } from "./order-notices";
import { orderRefundJob, type OrderRefundJob } from "./refund";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "order.notice": OrderNoticeJob;
    "order.refund": OrderRefundJob;
  }
}

export const orderJobs = {
  "order.notice": orderNoticeJob,
  "order.refund": orderRefundJob,
} satisfies OutboxHandlers<"order.notice" | "order.refund">;
