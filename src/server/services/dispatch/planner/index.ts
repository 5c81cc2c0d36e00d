export { planLeg } from "./plan-leg";
export { scheduleRun, rideSeconds, directRideSeconds } from "./schedule-run";
export type { RunToSchedule, ScheduledRun, StopToSchedule } from "./schedule-run";
export { vehicleLowerBound } from "./fleet";
export type * from "./types";
