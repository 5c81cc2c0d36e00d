/** The live day's outbox job: the automatic "van arriving" text to one passenger. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { vanArrivingJob, type VanArrivingJob } from "./arrivals";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "live.van-arriving": VanArrivingJob;
  }
}

export const liveJobs = {
  "live.van-arriving": vanArrivingJob,
} satisfies OutboxHandlers<"live.van-arriving">;
