/** The live day's outbox job: the automatic "vehicle arriving" text to one passenger. */
import type { OutboxHandlers } from "../../outbox/jobs";
import { vehicleArrivingJob, type VehicleArrivingJob } from "./arrivals";

declare module "../../outbox/jobs" {
  interface OutboxPayloads {
    "live.vehicle-arriving": VehicleArrivingJob;
    /**
     * The same job under its former kind: migration 0160 renames the stored rows, but a process of the version
     * before it, still running during a deploy, may write one afterwards; it is delivered all the same.
     */
    "live.van-arriving": VehicleArrivingJob;
  }
}

export const liveJobs = {
  "live.vehicle-arriving": vehicleArrivingJob,
  "live.van-arriving": vehicleArrivingJob,
} satisfies OutboxHandlers<"live.vehicle-arriving" | "live.van-arriving">;
