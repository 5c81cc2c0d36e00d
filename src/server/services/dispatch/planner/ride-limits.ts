/**
 * How long each passenger may ride. Everybody may ride up to the maximum ride (`maxRideMinutes`). A passenger
 * whose direct ride is already longer than that may ride their direct ride plus the allowance a nearer passenger
 * gets: a third of the maximum (30 minutes at 90), the detour left to a passenger whose direct ride is two thirds
 * of the maximum. So passengers from one far town share a vehicle, instead of each riding alone because any
 * stop on the way would take them past a limit equal to their direct ride.
 */
import type { Leg } from "../../../../shared/domain/legs";
import { directRideSeconds } from "./schedule-run";

/** The share of the maximum ride a passenger beyond it may add to their direct ride. */
export const FAR_RIDE_ALLOWANCE_SHARE = 1 / 3;

/** The longest ride allowed to the passengers of each point, in seconds (index: the point; 0, the venue, unused). */
export function rideLimitSeconds(leg: Leg, seconds: number[][], dwellSeconds: number, maxRideSeconds: number): number[] {
  const allowance = Math.round(maxRideSeconds * FAR_RIDE_ALLOWANCE_SHARE);
  return seconds.map((_, point) => {
    const direct = directRideSeconds(leg, seconds, dwellSeconds, point);
    return direct > maxRideSeconds ? direct + allowance : maxRideSeconds;
  });
}
