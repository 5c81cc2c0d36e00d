import type { GeocodeCache, LatLon } from "./types";

/** A geocode cache in memory: for tests and one-off scripts (the shop keeps its answers in the database). */
export class MemoryGeocodeCache implements GeocodeCache {
  readonly entries = new Map<string, LatLon | null>();

  async get(key: string): Promise<LatLon | null | undefined> {
    return this.entries.get(key);
  }

  async set(key: string, value: LatLon | null): Promise<void> {
    this.entries.set(key, value);
  }
}
