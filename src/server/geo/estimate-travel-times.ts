import { estimateMatrix, type TravelTimeEstimateSettings } from "./travel-time-estimate";
import type { LatLon, TravelTimes } from "./types";

/** Without a routing server: the straight-line estimate (travel-time-estimate.ts). */
export class EstimateTravelTimes implements TravelTimes {
  constructor(private readonly settings: TravelTimeEstimateSettings) {}

  async matrix(points: readonly LatLon[]): Promise<number[][]> {
    return estimateMatrix(points, this.settings);
  }
}
