/** Dispatch's outbox jobs: telling a passenger (mail or text) and a buyer their published pick-up times. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { buyerNoticeJob, passengerNoticeJob, type BuyerNoticeJob, type PassengerNoticeJob } from "./pickup-notices";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "dispatch.passenger-notice": PassengerNoticeJob;
    "dispatch.buyer-notice": BuyerNoticeJob;
  }
}

export const dispatchJobs = {
  "dispatch.passenger-notice": passengerNoticeJob,
  "dispatch.buyer-notice": buyerNoticeJob,
} satisfies OutboxHandlers<"dispatch.passenger-notice" | "dispatch.buyer-notice">;
