/** The private event's outbox jobs: a guest's invitation mail, and the release of unclaimed seats at the deadline. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { invitationJob, type InvitationJob } from "./invitations";
import { releaseJob, type ReleaseJob } from "./release";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "private-event.invitation": InvitationJob;
    "private-event.release": ReleaseJob;
  }
}

export const privateEventJobs = {
  "private-event.invitation": invitationJob,
  "private-event.release": releaseJob,
} satisfies OutboxHandlers<"private-event.invitation" | "private-event.release">;
