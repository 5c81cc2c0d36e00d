/** The dispatcher's figures, read from the environment (env.ts documents each and its default). */
import type { Env } from "../../env";
import type { PlanSettings } from "./planner/types";

export interface DispatchSettings {
  plan: Omit<PlanSettings, "fallbackSeats">;
  /** A re-published time is told again only when it moved by more than this (or the vehicle changed). */
  renotifyMinutes: number;
  /** The seats of a "vehicle needed" run when the fleet has none of the country (the van size of the manifests). */
  fallbackSeats: number;
  tileUrl: string | null;
}

export function dispatchSettings(env: Env): DispatchSettings {
  return {
    plan: {
      maxRideMinutes: env.DISPATCH_MAX_RIDE_MINUTES,
      arrivalMarginMinutes: env.DISPATCH_ARRIVAL_MARGIN_MINUTES,
      departureMarginMinutes: env.DISPATCH_DEPARTURE_MARGIN_MINUTES,
      dwellMinutes: env.DISPATCH_DWELL_MINUTES,
      waveWaitMinutes: env.DISPATCH_WAVE_WAIT_MINUTES,
      maxShiftMinutes: Math.round(env.DISPATCH_MAX_SHIFT_HOURS * 60),
    },
    renotifyMinutes: env.DISPATCH_RENOTIFY_MINUTES,
    fallbackSeats: env.VEHICLE_SEATS,
    tileUrl: env.MAP_TILE_URL ?? null,
  };
}
