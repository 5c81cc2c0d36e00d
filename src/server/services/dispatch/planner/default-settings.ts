import type { PlanSettings } from "./types";

/**
 * The planner's defaults: 90 min longest ride, at the venue 30 min before the start, away 15 min after the end,
 * 3 min per stop, 15 seats for a "vehicle needed" run, second waves up to 60 min apart, 10-hour shifts.
 */
export const DEFAULT_PLAN_SETTINGS: PlanSettings = {
  maxRideMinutes: 90,
  arrivalMarginMinutes: 30,
  departureMarginMinutes: 15,
  dwellMinutes: 3,
  fallbackSeats: 15,
  waveWaitMinutes: 60,
  maxShiftMinutes: 600,
};
