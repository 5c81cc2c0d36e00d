export { planLeg } from "./plan-leg";
export { scheduleRun, rideSeconds, directRideSeconds, waveAnchor } from "./schedule-run";
export type { RunToSchedule, ScheduledRun, StopToSchedule } from "./schedule-run";
export { vehicleLowerBound } from "./fleet";
export { rideLimitSeconds, FAR_RIDE_ALLOWANCE_SHARE } from "./ride-limits";
export { DEFAULT_PLAN_SETTINGS } from "./default-settings";
export type * from "./types";
