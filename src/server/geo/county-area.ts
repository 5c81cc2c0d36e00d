/**
 * The area a county's addresses are searched in: a square around its centroid. Counties have no stored outline,
 * so a box of a few kilometres each way stands for it; it keeps a street name that exists in many towns from
 * being placed in the wrong one.
 */
import type { LatLon } from "./types";

const KM_PER_DEGREE_LAT = 111.32;

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export function boxAround(centre: LatLon, radiusKm: number): Box {
  const dLat = radiusKm / KM_PER_DEGREE_LAT;
  const dLon = radiusKm / (KM_PER_DEGREE_LAT * Math.max(0.01, Math.cos((centre.lat * Math.PI) / 180)));
  return {
    west: round6(centre.lon - dLon),
    south: round6(centre.lat - dLat),
    east: round6(centre.lon + dLon),
    north: round6(centre.lat + dLat),
  };
}

export function isInside(box: Box, place: LatLon): boolean {
  return place.lat >= box.south && place.lat <= box.north && place.lon >= box.west && place.lon <= box.east;
}

/** Nominatim's `viewbox`: two corners as `lon,lat,lon,lat`. */
export function viewboxParam(box: Box): string {
  return `${box.west},${box.north},${box.east},${box.south}`;
}

export function parseViewbox(value: string | undefined): Box | null {
  const parts = (value ?? "").split(",").map(Number);
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) return null;
  const [x1, y1, x2, y2] = parts as [number, number, number, number];
  return { west: Math.min(x1, x2), east: Math.max(x1, x2), south: Math.min(y1, y2), north: Math.max(y1, y2) };
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
