/**
 * Where people are and how long it takes to drive between them: two ports, each a real protocol adapter chosen
 * by the environment or a local default that needs no service.
 * - Geocoder: GEOCODER_URL names a Nominatim-compatible search API; without it, a stable point inside the
 *   address's county derived from its text (approximate; address-point-geocoder.ts).
 * - Travel times: ROUTING_URL names an OSRM-compatible server; without it, the straight-line estimate.
 * Local stand-ins speaking both protocols are served under /geo-sim in demo mode (simulators/).
 */
import type { Env } from "../env";
import { AddressPointGeocoder } from "./address-point-geocoder";
import { EstimateTravelTimes } from "./estimate-travel-times";
import { NominatimGeocoder } from "./nominatim-geocoder";
import { OsrmTravelTimes } from "./osrm-travel-times";
import { geoSettings } from "./settings";
import type { FetchLike, GeocodeCache, Geocoder, TravelTimes } from "./types";

export type { FetchLike, GeoCounty, GeocodeCache, GeocodeRequest, GeocodeResult, Geocoder, LatLon, TravelTimes } from "./types";
export { MemoryGeocodeCache } from "./memory-geocode-cache";
export { geoSettings, type GeoSettings } from "./settings";

export function createGeocoder(env: Env, cache: GeocodeCache, fetchImpl: FetchLike = fetch): Geocoder {
  const settings = geoSettings(env);
  if (settings.geocoderUrl === null) return new AddressPointGeocoder();
  return new NominatimGeocoder(
    { baseUrl: settings.geocoderUrl, countyRadiusKm: settings.countyRadiusKm, userAgent: settings.userAgent },
    cache,
    fetchImpl,
  );
}

export function createTravelTimes(env: Env, fetchImpl: FetchLike = fetch): TravelTimes {
  const settings = geoSettings(env);
  if (settings.routingUrl === null) return new EstimateTravelTimes(settings.estimate);
  return new OsrmTravelTimes(
    { baseUrl: settings.routingUrl, maxTableSize: settings.routingMaxTableSize, estimate: settings.estimate },
    fetchImpl,
  );
}
