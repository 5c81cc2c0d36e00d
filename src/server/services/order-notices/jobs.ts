/** The order's outbox jobs: its mails (confirmation, rejection, cancellation…), card refunds after an event is cancelled, and every refund asked of a gateway. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { orderNoticeJob, type OrderNoticeJob } from "./order-notices";
import { gatewayRefundJob, orderRefundJob, type GatewayRefundJob, type OrderRefundJob } from "../refunds/refund-jobs";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "order.notice": OrderNoticeJob;
    "order.refund": OrderRefundJob;
    "refund.gateway": GatewayRefundJob;
  }
}

export const orderJobs = {
  "order.notice": orderNoticeJob,
  "order.refund": orderRefundJob,
  "refund.gateway": gatewayRefundJob,
} satisfies OutboxHandlers<"order.notice" | "order.refund" | "refund.gateway">;
