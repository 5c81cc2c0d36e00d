/**
 * Travel times without a routing server: the straight-line (great-circle) distance stretched by a road factor,
 * driven at a city speed for the first kilometres and an intercity speed beyond them. Blending the two speeds
 * (rather than picking one by the trip's length) keeps a longer trip never quicker than a shorter one.
 */
import { straightLineKm } from "../../shared/geo/straight-line";
import type { LatLon } from "./types";

export interface TravelTimeEstimateSettings {
  /** Road kilometres per straight-line kilometre (default 1.3). */
  roadFactor: number;
  /** km/h on the first `cityKm` road kilometres of a trip (default 25). */
  citySpeedKmh: number;
  /** km/h beyond them (default 60). */
  intercitySpeedKmh: number;
  /** Road kilometres driven at the city speed (default 15). */
  cityKm: number;
}

export const DEFAULT_TRAVEL_TIME_ESTIMATE: TravelTimeEstimateSettings = {
  roadFactor: 1.3,
  citySpeedKmh: 25,
  intercitySpeedKmh: 60,
  cityKm: 15,
};

/** Great-circle distance in kilometres (haversine): the one the passenger's map shows too. */
export { straightLineKm };

/** Whole seconds of driving from `a` to `b` by the estimate. */
export function estimateSeconds(a: LatLon, b: LatLon, settings: TravelTimeEstimateSettings): number {
  const roadKm = straightLineKm(a, b) * settings.roadFactor;
  const cityKm = Math.min(roadKm, settings.cityKm);
  const intercityKm = roadKm - cityKm;
  const hours = cityKm / settings.citySpeedKmh + intercityKm / settings.intercitySpeedKmh;
  return Math.round(hours * 3600);
}

/** The full matrix: seconds[i][j] from points[i] to points[j]. */
export function estimateMatrix(points: readonly LatLon[], settings: TravelTimeEstimateSettings): number[][] {
  return points.map((from) => points.map((to) => estimateSeconds(from, to, settings)));
}
