/** The waiting list's outbox jobs: serving the lines after seats came back, the offer mail and the expired offer's. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { offerExpiredMailJob, offerMailJob, type OfferMailJob } from "./offer-mail";
import { sweepWaitingLists } from "./offers";

export interface SeatsBackJob {
  eventId: number;
}

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "waiting_list.seats_back": SeatsBackJob;
    "waiting_list.offer": OfferMailJob;
    "waiting_list.offer_expired": OfferMailJob;
  }
}

export const waitingListJobs = {
  // Safe to run twice: a second pass finds the seats already offered.
  "waiting_list.seats_back": async (deps, { eventId }) => {
    await sweepWaitingLists(deps, { eventId });
  },
  "waiting_list.offer": offerMailJob,
  "waiting_list.offer_expired": offerExpiredMailJob,
} satisfies OutboxHandlers<"waiting_list.seats_back" | "waiting_list.offer" | "waiting_list.offer_expired">;
