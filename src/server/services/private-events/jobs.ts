/** The private event's outbox jobs: a guest's invitation mail, the organiser's decision mail, and the release of unclaimed seats at the deadline. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { decisionMailJob, type DecisionPayload } from "./decision-mails";
import { invitationJob, type InvitationJob } from "./invitations";
import { releaseJob, type ReleaseJob } from "./release-unclaimed-seats";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "private-event.invitation": InvitationJob;
    "private-event.release": ReleaseJob;
    "private-event.decision": DecisionPayload;
  }
}

export const privateEventJobs = {
  "private-event.invitation": invitationJob,
  "private-event.release": releaseJob,
  "private-event.decision": decisionMailJob,
} satisfies OutboxHandlers<"private-event.invitation" | "private-event.release" | "private-event.decision">;
