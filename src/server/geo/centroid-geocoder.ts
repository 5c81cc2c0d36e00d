import type { GeocodeRequest, GeocodeResult, Geocoder } from "./types";

/** Without a geocoding service every address is placed at its county's centroid, marked approximate. */
export class CentroidGeocoder implements Geocoder {
  async geocode(request: GeocodeRequest): Promise<GeocodeResult> {
    return centroidOf(request);
  }
}

export function centroidOf(request: GeocodeRequest): GeocodeResult {
  return { lat: request.county.lat, lon: request.county.lon, approximate: true };
}
