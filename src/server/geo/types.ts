/** A place on the map, in decimal degrees (WGS 84). */
export interface LatLon {
  lat: number;
  lon: number;
}

/** The county (municipio, localidad, comuna) an address is in, with its centroid. */
export interface GeoCounty {
  name: string;
  province: string;
  country: string;
  lat: number;
  lon: number;
}

export interface GeocodeRequest {
  /** The street address line as the buyer typed it. */
  address: string;
  county: GeoCounty;
}

export interface GeocodeResult extends LatLon {
  /** True when this is the county's centroid, not the address's own place (no geocoder, no result, a failure). */
  approximate: boolean;
}

/** Turns a pick-up address into coordinates. Never fails: at worst it answers the county's centroid. */
export interface Geocoder {
  geocode(request: GeocodeRequest): Promise<GeocodeResult>;
}

/**
 * Where geocoder answers are kept between calls (the shop backs it by a table; tests by memory): the place found
 * for a query, or null when the geocoder knows no such address. Failures are never kept, so they are retried.
 */
export interface GeocodeCache {
  get(key: string): Promise<LatLon | null | undefined>;
  set(key: string, value: LatLon | null): Promise<void>;
}

/** Driving times between places: seconds[i][j] from points[i] to points[j]. */
export interface TravelTimes {
  matrix(points: readonly LatLon[]): Promise<number[][]>;
}

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
