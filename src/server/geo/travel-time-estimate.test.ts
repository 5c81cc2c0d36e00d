import { describe, expect, it } from "vitest";
import { DEFAULT_TRAVEL_TIME_ESTIMATE, estimateSeconds, straightLineKm } from "./travel-time-estimate";

const venue = { lat: 4.6486, lon: -74.0775 };
const north = (km: number) => ({ lat: venue.lat + km / 111.195, lon: venue.lon });

describe("the straight-line travel-time estimate", () => {
  it("measures great-circle kilometres", () => {
    expect(straightLineKm(venue, north(10))).toBeCloseTo(10, 2);
    // Bogotá to Zipaquirá, about 42 km as the crow flies.
    expect(straightLineKm(venue, { lat: 5.0221, lon: -73.9948 })).toBeCloseTo(42.5, 0);
  });

  it("drives the first 15 road km at city speed and the rest at intercity speed", () => {
    // 5 km × 1.3 = 6.5 road km at 25 km/h: 15.6 min.
    expect(estimateSeconds(venue, north(5), DEFAULT_TRAVEL_TIME_ESTIMATE)).toBe(936);
    // 20 km × 1.3 = 26 road km: 15 at 25 km/h (36 min) + 11 at 60 km/h (11 min).
    expect(estimateSeconds(venue, north(20), DEFAULT_TRAVEL_TIME_ESTIMATE)).toBeCloseTo(47 * 60, -1);
  });

  it("never makes a longer trip quicker than a shorter one", () => {
    let previous = 0;
    for (let km = 0; km <= 80; km += 0.5) {
      const seconds = estimateSeconds(venue, north(km), DEFAULT_TRAVEL_TIME_ESTIMATE);
      expect(seconds).toBeGreaterThanOrEqual(previous);
      previous = seconds;
    }
  });
});
