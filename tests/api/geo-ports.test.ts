/**
 * Where people are and how long the vans take: the geocoder and travel-time ports, each driven through its real
 * protocol adapter against the shop's own stand-ins over HTTP (Nominatim's /search, OSRM's /table), and their
 * defaults without any service.
 */
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../src/server/env";
import { createGeocoder, createTravelTimes, MemoryGeocodeCache, type GeoCounty } from "../../src/server/geo";
import { straightLineKm, estimateMatrix, DEFAULT_TRAVEL_TIME_ESTIMATE } from "../../src/server/geo/travel-time-estimate";
import { SIMULATED_FAILURE_MARK, SIMULATED_NO_RESULT_MARK } from "../../src/server/geo/simulators/nominatim-simulator";
import { openTestShop, type TestShop } from "../helpers/test-shop";

const SUBA: GeoCounty = { name: "Suba", province: "Bogotá D.C.", country: "Colombia", lat: 4.741, lon: -74.084 };
const CHIA: GeoCounty = { name: "Chía", province: "Cundinamarca", country: "Colombia", lat: 4.8617, lon: -74.0322 };

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ seed: false, listen: true });
});
afterAll(async () => {
  await shop?.close();
});

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function envWith(settings: Record<string, string>) {
  return parseEnv({ NODE_ENV: "test", ...settings });
}

describe("the geocoder", () => {
  it("places an address at a stable point of its own near its county's centroid, approximate, when no geocoder is set", async () => {
    const geocoder = createGeocoder(envWith({}), new MemoryGeocodeCache());
    const first = await geocoder.geocode({ address: "Calle 145 # 91-19", county: SUBA });
    const second = await geocoder.geocode({ address: "Calle 147 # 92-10", county: SUBA });
    expect(first.approximate).toBe(true);
    expect(straightLineKm(first, SUBA)).toBeLessThan(1.51);
    expect(straightLineKm(first, second)).toBeGreaterThan(0.01);
    expect(await geocoder.geocode({ address: "Calle 145 # 91-19", county: SUBA })).toEqual(first);
  });

  it("asks a Nominatim-compatible search and keeps the answer, near the county and stable per address", async () => {
    const cache = new MemoryGeocodeCache();
    const urls: string[] = [];
    const counting = (input: string, init?: RequestInit) => {
      urls.push(input);
      return fetch(input, init);
    };
    const geocoder = createGeocoder(envWith({ GEOCODER_URL: `${shop.origin}/geo-sim/nominatim` }), cache, counting);
    const first = await geocoder.geocode({ address: "Calle 145 # 91-19", county: SUBA });
    expect(first.approximate).toBe(false);
    expect(straightLineKm(first, SUBA)).toBeLessThan(0.45);
    expect(first).not.toEqual({ lat: SUBA.lat, lon: SUBA.lon, approximate: false });
    expect(await geocoder.geocode({ address: "Calle 145 # 91-19", county: SUBA })).toEqual(first);
    expect(urls).toHaveLength(1); // the second came from the cache
    expect(urls[0]).toContain("/geo-sim/nominatim/search?q=Calle+145+%23+91-19%2C+Suba%2C+Bogot%C3%A1+D.C.%2C+Colombia&format=jsonv2&limit=1&viewbox=");
    expect(urls[0]).toContain("&bounded=1");
    expect(cache.entries.size).toBe(1);

    const other = await geocoder.geocode({ address: "Carrera 7 # 12-40", county: CHIA });
    expect(other.approximate).toBe(false);
    expect(straightLineKm(other, CHIA)).toBeLessThan(0.45);
  });

  it("falls back to the centroid when the geocoder fails, finds nothing or cannot be reached, and retries failures", async () => {
    const cache = new MemoryGeocodeCache();
    const geocoder = createGeocoder(envWith({ GEOCODER_URL: `${shop.origin}/geo-sim/nominatim` }), cache);
    const centroid = { lat: SUBA.lat, lon: SUBA.lon, approximate: true };
    expect(await geocoder.geocode({ address: `Calle 1 ${SIMULATED_FAILURE_MARK}`, county: SUBA })).toEqual(centroid);
    expect(cache.entries.size).toBe(0); // a failure says nothing about the address: asked again next time
    expect(await geocoder.geocode({ address: `Calle 2 ${SIMULATED_NO_RESULT_MARK}`, county: SUBA })).toEqual(centroid);
    expect([...cache.entries.values()]).toEqual([null]); // "no such address" is kept

    const unreachable = createGeocoder(envWith({ GEOCODER_URL: `http://127.0.0.1:${await closedPort()}/nominatim` }), new MemoryGeocodeCache());
    expect(await unreachable.geocode({ address: "Calle 3", county: SUBA })).toEqual(centroid);
  });

  it("answers Nominatim's jsonv2 shape", async () => {
    const viewbox = "-74.2,4.8,-74.0,4.7";
    const response = await fetch(`${shop.origin}/geo-sim/nominatim/search?q=Calle%2080&format=jsonv2&limit=1&viewbox=${viewbox}&bounded=1`);
    const [place] = (await response.json()) as Record<string, unknown>[];
    expect(place).toMatchObject({ lat: expect.any(String), lon: expect.any(String), display_name: "Calle 80", category: "place", osm_type: "node" });
    expect(Number(place!.lat)).toBeGreaterThan(4.7);
    expect(Number(place!.lat)).toBeLessThan(4.8);
  });
});

describe("travel times", () => {
  const points = Array.from({ length: 130 }, (_, k) => ({ lat: 4.5 + (k % 13) * 0.03, lon: -74.25 + Math.floor(k / 13) * 0.03 }));

  it("estimates from the straight line without a routing server: city speed first, intercity beyond", async () => {
    const travel = createTravelTimes(envWith({}));
    const [[, seconds]] = (await travel.matrix([
      { lat: 4.6, lon: -74.1 },
      { lat: 4.6 + 40 / 111.195, lon: -74.1 },
    ])) as [[number, number]];
    // 40 km × 1.3 = 52 road km: 15 km at 25 km/h (36 min) + 37 km at 60 km/h (37 min).
    expect(seconds).toBeGreaterThanOrEqual(73 * 60 - 2);
    expect(seconds).toBeLessThanOrEqual(73 * 60 + 2);
  });

  it("asks an OSRM-compatible table in blocks the server accepts and gets the same matrix as the estimate", async () => {
    const urls: string[] = [];
    const recording = (input: string, init?: RequestInit) => {
      urls.push(input);
      return fetch(input, init);
    };
    const travel = createTravelTimes(envWith({ ROUTING_URL: `${shop.origin}/geo-sim/osrm` }), recording);
    const matrix = await travel.matrix(points);
    // 130 points, tables of at most 100 coordinates: 3 blocks of 50, 9 requests.
    expect(urls).toHaveLength(9);
    expect(urls.every((url) => url.includes("/geo-sim/osrm/table/v1/driving/") && url.includes("annotations=duration"))).toBe(true);
    const rounded = points.map((point) => ({ lat: Number(point.lat.toFixed(6)), lon: Number(point.lon.toFixed(6)) }));
    expect(matrix).toEqual(estimateMatrix(rounded, DEFAULT_TRAVEL_TIME_ESTIMATE).map((row, i) => row.map((value, j) => (i === j ? 0 : value))));
  });

  it("refuses a table over its maximum size as osrm-routed does, and the adapter then estimates", async () => {
    const tooBig = points.map((point) => `${point.lon},${point.lat}`).join(";");
    const response = await fetch(`${shop.origin}/geo-sim/osrm/table/v1/driving/${tooBig}?annotations=duration`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "TooBig" });

    // A server claiming bigger tables than it takes: every block refused, every pair estimated.
    const travel = createTravelTimes(envWith({ ROUTING_URL: `${shop.origin}/geo-sim/osrm`, ROUTING_MAX_TABLE_SIZE: "1000" }));
    expect(await travel.matrix(points)).toEqual(estimateMatrix(points, DEFAULT_TRAVEL_TIME_ESTIMATE));
  });

  it("serves the stand-ins to this machine only and never in production", async () => {
    const path = "/geo-sim/osrm/table/v1/driving/-74.1,4.6;-74.0,4.7";
    expect((await shop.call("GET", path, undefined, { ip: "10.0.0.9" })).status).toBe(404);
    const production = shop.otherApp({ env: { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) } });
    const answer = await production.fetch(new Request(`http://localhost${path}`), { incoming: { socket: { remoteAddress: "127.0.0.1" } } });
    expect(answer.status).toBe(404);
  });
});
