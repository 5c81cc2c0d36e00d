/** Dispatch's outbox jobs: telling a passenger (mail or text) and a buyer their published pick-up times, and a no-show that the van left. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { buyerNoticeJob, passengerNoticeJob, type BuyerNoticeJob, type PassengerNoticeJob } from "./pickup-notices";
import { noShowNoticeJob, type NoShowNoticeJob } from "./no-shows";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "dispatch.passenger-notice": PassengerNoticeJob;
    "dispatch.buyer-notice": BuyerNoticeJob;
    "dispatch.no-show-notice": NoShowNoticeJob;
  }
}

export const dispatchJobs = {
  "dispatch.passenger-notice": passengerNoticeJob,
  "dispatch.buyer-notice": buyerNoticeJob,
  "dispatch.no-show-notice": noShowNoticeJob,
} satisfies OutboxHandlers<"dispatch.passenger-notice" | "dispatch.buyer-notice" | "dispatch.no-show-notice">;
