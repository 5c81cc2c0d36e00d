/** The payment attempts' outbox job: giving a duplicate capture back through its gateway. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { duplicateRefundJob, type DuplicateRefundJob } from "./duplicate-capture";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "payment.duplicate_refund": DuplicateRefundJob;
  }
}

export const paymentAttemptJobs = {
  "payment.duplicate_refund": duplicateRefundJob,
} satisfies OutboxHandlers<"payment.duplicate_refund">;
