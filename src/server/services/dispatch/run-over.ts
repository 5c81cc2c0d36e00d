/**
 * When a run is over for the van's position sharing: its last stop is done. Coming back, that is the last drop-off,
 * reached when the van came within STOP_REACHED_METRES of it; going out, the passengers get off at the venue, so the
 * run is over once every passenger of its last pick-up boarded or did not come and the van came within
 * VENUE_REACHED_METRES of the venue. The instant is that of the van's position that showed it. Without a position
 * nothing is over here: the run's window ends the sharing. Pure, so the rule is tested on its own.
 */
import { LEG, type Leg } from "../../../shared/domain/legs";
import { straightLineKm } from "../../geo/travel-time-estimate";
import type { LatLon } from "../../geo/types";

/** How near a stop the van must be for it to count as reached (GPS in a city is good to a few tens of metres). */
export const STOP_REACHED_METRES = 150;
/** How near the venue the van must be: a venue is large, and its point is its address's. */
export const VENUE_REACHED_METRES = 500;

export interface RunOverInput {
  leg: Leg;
  venue: LatLon;
  /** The run's stops in driving order, each with whether every passenger of it boarded or was marked as not come. */
  stops: (LatLon & { settled: boolean })[];
  position: (LatLon & { at: Date }) | null;
}

export function runOverAt(input: RunOverInput): Date | null {
  const last = input.stops.at(-1);
  if (!input.position || !last) return null;
  const metresTo = (place: LatLon) => straightLineKm(input.position!, place) * 1000;
  if (input.leg === LEG.return) return metresTo(last) <= STOP_REACHED_METRES ? input.position.at : null;
  return last.settled && metresTo(input.venue) <= VENUE_REACHED_METRES ? input.position.at : null;
}
