/**
 * The geocoder's stand-in without a geocoding service (demo mode, tests): each address is placed at a stable point
 * inside its county, derived from the address text, and marked approximate. Two addresses of one county are then
 * two places, so the planner and the dispatcher's map see distances between them instead of every stop of a
 * county sitting on its centroid. The same text (ignoring case and spacing) always lands on the same point; the point lies within `STAND_IN_RADIUS_KM` of the centroid, spread evenly over that disc.
 */
import type { GeocodeRequest, GeocodeResult, Geocoder } from "./types";

/**
 * How far from the county's centroid the stand-in places addresses. Counties have no stored outline; 1.5 km keeps
 * a point inside the smallest of the demo's counties (Bogotá's localidades, a town's built-up area).
 */
export const STAND_IN_RADIUS_KM = 1.5;

const KM_PER_DEGREE_LAT = 111.32;

export class AddressPointGeocoder implements Geocoder {
  async geocode(request: GeocodeRequest): Promise<GeocodeResult> {
    return addressPointOf(request);
  }
}

export function addressPointOf(request: GeocodeRequest): GeocodeResult {
  const key = `${request.address.trim().toLowerCase().replace(/\s+/g, " ")}|${request.county.name}|${request.county.province}`;
  // Two independent 32-bit hashes of the text: one for the distance from the centroid, one for the bearing.
  const distanceKm = STAND_IN_RADIUS_KM * Math.sqrt(fnv1a(key, 0x811c9dc5) / 4294967296);
  const angle = (fnv1a(key, 0x01000193) / 4294967296) * 2 * Math.PI;
  const cosLat = Math.max(0.01, Math.cos((request.county.lat * Math.PI) / 180));
  return {
    lat: round6(request.county.lat + (distanceKm / KM_PER_DEGREE_LAT) * Math.sin(angle)),
    lon: round6(request.county.lon + (distanceKm / (KM_PER_DEGREE_LAT * cosLat)) * Math.cos(angle)),
    approximate: true,
  };
}

/** FNV-1a over the UTF-16 code units, from the given basis: a small, stable, well-spread hash. */
function fnv1a(text: string, basis: number): number {
  let hash = basis >>> 0;
  for (let k = 0; k < text.length; k++) {
    hash ^= text.charCodeAt(k);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
