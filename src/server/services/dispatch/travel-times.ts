/**
 * Where the plan's places are and how long it takes to drive between them, through the shop's geo ports
 * (src/server/geo): the geocoder (county centroid, or a Nominatim-compatible service cached in `geocode_cache`)
 * and the travel times (straight-line estimate, or an OSRM-compatible table service).
 */
import type { ShopContext } from "../../context";
import { createGeocoder, createTravelTimes, type GeocodeRequest, type GeocodeResult, type LatLon } from "../../geo";
import { databaseGeocodeCache } from "./geocode-cache";

/** Each request's place, asked once per distinct request. */
export async function placesOf(deps: ShopContext, requests: readonly GeocodeRequest[]): Promise<GeocodeResult[]> {
  const geocoder = createGeocoder(deps.env, databaseGeocodeCache(deps.db));
  const found = new Map<string, Promise<GeocodeResult>>();
  return Promise.all(
    requests.map((request) => {
      const key = `${request.county.country}|${request.county.province}|${request.county.name}|${request.address}`;
      let place = found.get(key);
      if (!place) found.set(key, (place = geocoder.geocode(request)));
      return place;
    }),
  );
}

export function travelSeconds(deps: ShopContext, points: readonly LatLon[]): Promise<number[][]> {
  return createTravelTimes(deps.env).matrix(points);
}
