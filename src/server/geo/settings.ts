import type { Env } from "../env";
import type { TravelTimeEstimateSettings } from "./travel-time-estimate";

export interface GeoSettings {
  /** A Nominatim-compatible search API, or null: addresses are placed at their county's centroid. */
  geocoderUrl: string | null;
  countyRadiusKm: number;
  /** An OSRM-compatible server, or null: travel times are the straight-line estimate. */
  routingUrl: string | null;
  routingMaxTableSize: number;
  estimate: TravelTimeEstimateSettings;
  userAgent: string;
}

export function geoSettings(env: Env): GeoSettings {
  return {
    geocoderUrl: env.GEOCODER_URL ?? null,
    countyRadiusKm: env.GEOCODER_COUNTY_RADIUS_KM,
    routingUrl: env.ROUTING_URL ?? null,
    routingMaxTableSize: env.ROUTING_MAX_TABLE_SIZE,
    estimate: {
      roadFactor: env.TRAVEL_ROAD_FACTOR,
      citySpeedKmh: env.TRAVEL_CITY_SPEED_KMH,
      intercitySpeedKmh: env.TRAVEL_INTERCITY_SPEED_KMH,
      cityKm: env.TRAVEL_CITY_KM,
    },
    userAgent: `Rodamos shop${env.PUBLIC_URL ? ` (${env.PUBLIC_URL})` : ""}`,
  };
}
