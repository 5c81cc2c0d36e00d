import type { GeocodeRequest, GeocodeResult } from "./types";

/** The county's centroid, marked approximate: where the geocoding service places an address it cannot find. */
export function centroidOf(request: GeocodeRequest): GeocodeResult {
  return { lat: request.county.lat, lon: request.county.lon, approximate: true };
}
