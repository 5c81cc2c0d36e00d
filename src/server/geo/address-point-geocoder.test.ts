import { describe, expect, it } from "vitest";
import { addressPointOf, STAND_IN_RADIUS_KM } from "./address-point-geocoder";
import { straightLineKm } from "./travel-time-estimate";
import type { GeoCounty } from "./types";

const USAQUEN: GeoCounty = { name: "Usaquén", province: "Bogotá D.C.", country: "Colombia", lat: 4.703, lon: -74.03 };

describe("the geocoder's stand-in", () => {
  it("places each address at its own stable point inside its county, marked approximate", () => {
    const first = addressPointOf({ address: "Calle 145 # 91-19", county: USAQUEN });
    const second = addressPointOf({ address: "Carrera 7 # 120-20", county: USAQUEN });
    expect(first.approximate).toBe(true);
    expect(second.approximate).toBe(true);
    expect(straightLineKm(first, second)).toBeGreaterThan(0.01);
    expect(addressPointOf({ address: "  calle 145  # 91-19 ", county: USAQUEN })).toEqual(first);
  });

  it("keeps every point within the stand-in's radius of the centroid, spread over it", () => {
    const distances = Array.from({ length: 400 }, (_, k) =>
      straightLineKm(addressPointOf({ address: `Calle ${k} # ${k % 50}-${k % 7}`, county: USAQUEN }), USAQUEN),
    );
    expect(Math.max(...distances)).toBeLessThanOrEqual(STAND_IN_RADIUS_KM + 0.001);
    expect(distances.filter((km) => km > STAND_IN_RADIUS_KM / 2).length).toBeGreaterThan(200);
    expect(new Set(distances.map((km) => km.toFixed(4))).size).toBeGreaterThan(390);
  });
});
