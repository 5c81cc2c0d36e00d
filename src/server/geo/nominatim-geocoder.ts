/**
 * A Nominatim-compatible search API (`GET {base}/search?q=…&format=jsonv2&limit=1&viewbox=…&bounded=1`): the
 * address with its county, province and country as one free-form query, bounded to a box around the county's
 * centroid. Answers are kept in the cache (a place, or "no such address"); an unreachable service, an error
 * answer, an unreadable one or no result places the address at its county's centroid, marked approximate.
 */
import { centroidOf } from "./centroid-geocoder";
import { boxAround, isInside, viewboxParam } from "./county-area";
import type { FetchLike, GeocodeCache, GeocodeRequest, GeocodeResult, Geocoder, LatLon } from "./types";

/** A pick-up address is geocoded while a dispatcher waits for a plan: a slow service must not hold it up. */
export const GEOCODER_TIMEOUT_MS = 5_000;

export interface NominatimSettings {
  baseUrl: string;
  /** Half the side of the square searched around a county's centroid, in km. */
  countyRadiusKm: number;
  /** Sent as User-Agent: Nominatim's usage policy asks every application to name itself. */
  userAgent: string;
}

export class NominatimGeocoder implements Geocoder {
  constructor(
    private readonly settings: NominatimSettings,
    private readonly cache: GeocodeCache,
    private readonly fetchImpl: FetchLike = fetch,
  ) {}

  async geocode(request: GeocodeRequest): Promise<GeocodeResult> {
    const query = nominatimQuery(request);
    const viewbox = viewboxParam(boxAround(request.county, this.settings.countyRadiusKm));
    const key = `${query.toLowerCase()}|${viewbox}`;
    const cached = await this.cache.get(key);
    if (cached !== undefined) return cached === null ? centroidOf(request) : { ...cached, approximate: false };
    const found = await this.search(query, viewbox, request);
    if (found === "failed") return centroidOf(request);
    await this.cache.set(key, found);
    return found === null ? centroidOf(request) : { ...found, approximate: false };
  }

  /** The place found, null for "no such address", "failed" for anything that says nothing about the address. */
  private async search(query: string, viewbox: string, request: GeocodeRequest): Promise<LatLon | null | "failed"> {
    const params = new URLSearchParams({ q: query, format: "jsonv2", limit: "1", viewbox, bounded: "1" });
    const url = `${this.settings.baseUrl.replace(/\/+$/, "")}/search?${params}`;
    try {
      const response = await this.fetchImpl(url, {
        headers: { accept: "application/json", "user-agent": this.settings.userAgent },
        signal: AbortSignal.timeout(GEOCODER_TIMEOUT_MS),
      });
      if (!response.ok) {
        console.warn(`geocoder answered ${response.status} for a ${request.county.name} address; using the centroid`);
        return "failed";
      }
      const body: unknown = await response.json();
      if (!Array.isArray(body)) return "failed";
      if (body.length === 0) return null;
      const place = readPlace(body[0]);
      // A place outside the county's box is another town's street of the same name: as good as no result.
      if (place === null) return "failed";
      return isInside(boxAround(request.county, this.settings.countyRadiusKm), place) ? place : null;
    } catch (error) {
      console.warn(`geocoder unreachable for a ${request.county.name} address; using the centroid`, error);
      return "failed";
    }
  }
}

/** The free-form query: the address line, then county, province and country to narrow it down. */
export function nominatimQuery(request: GeocodeRequest): string {
  const { address, county } = request;
  return [address, county.name, county.province, county.country]
    .map((part) => part.trim().replace(/\s+/g, " "))
    .filter(Boolean)
    .join(", ");
}

/** jsonv2 gives `lat` and `lon` as strings. */
function readPlace(value: unknown): LatLon | null {
  if (typeof value !== "object" || value === null) return null;
  const { lat, lon } = value as { lat?: unknown; lon?: unknown };
  const parsed = { lat: Number(lat), lon: Number(lon) };
  if (typeof lat !== "string" && typeof lat !== "number") return null;
  if (typeof lon !== "string" && typeof lon !== "number") return null;
  if (!Number.isFinite(parsed.lat) || !Number.isFinite(parsed.lon)) return null;
  if (Math.abs(parsed.lat) > 90 || Math.abs(parsed.lon) > 180) return null;
  return parsed;
}
