/** Shared purchases' outbox jobs: a friend's payment link, the deadline that releases unpaid shares, and the buyer's notice. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { shareDeadlineJob, shareInviteJob, sharesReleasedJob } from "./share-notices";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "share.invite": Parameters<typeof shareInviteJob>[1];
    "share.deadline": Parameters<typeof shareDeadlineJob>[1];
    "share.released": Parameters<typeof sharesReleasedJob>[1];
  }
}

export const shareJobs = {
  "share.invite": shareInviteJob,
  "share.deadline": shareDeadlineJob,
  "share.released": sharesReleasedJob,
} satisfies OutboxHandlers<"share.invite" | "share.deadline" | "share.released">;
