/** The geocoder's cache kept in the database (`geocode_cache`): an address is asked of the geocoder once, whoever asks. */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { geocodeCache } from "../../db/schema";

export interface CachedPlace {
  lat: number;
  lon: number;
}

/** get: undefined when never asked, null when the geocoder knows no such address. */
export function databaseGeocodeCache(db: Db) {
  return {
    async get(key: string): Promise<CachedPlace | null | undefined> {
      const [row] = await db.select({ lat: geocodeCache.lat, lon: geocodeCache.lon }).from(geocodeCache).where(eq(geocodeCache.key, key)).limit(1);
      if (!row) return undefined;
      return row.lat === null || row.lon === null ? null : { lat: row.lat, lon: row.lon };
    },
    async set(key: string, value: CachedPlace | null): Promise<void> {
      const place = { lat: value?.lat ?? null, lon: value?.lon ?? null };
      await db.insert(geocodeCache).values({ key, ...place }).onConflictDoUpdate({ target: geocodeCache.key, set: place });
    },
  };
}
