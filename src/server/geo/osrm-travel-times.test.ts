import { describe, expect, it } from "vitest";
import { tableRequests, tableUrl } from "./osrm-travel-times";

describe("OSRM table requests", () => {
  it("asks a small matrix in one request without sources or destinations", () => {
    const points = [
      { lat: 4.6486, lon: -74.0775 },
      { lat: 4.741, lon: -74.084 },
    ];
    const [request, ...more] = tableRequests(2, 100);
    expect(more).toEqual([]);
    expect(tableUrl("http://osrm.example/", points, request!)).toBe(
      "http://osrm.example/table/v1/driving/-74.077500,4.648600;-74.084000,4.741000?annotations=duration",
    );
  });

  it("covers 2,000 points in blocks of at most the server's table size, every pair once", () => {
    const requests = tableRequests(2000, 100);
    expect(requests).toHaveLength(40 * 40);
    const covered = new Set<number>();
    for (const request of requests) {
      expect(new Set([...request.sources, ...request.destinations]).size).toBeLessThanOrEqual(100);
      for (const from of request.sources) for (const to of request.destinations) covered.add(from * 2000 + to);
    }
    expect(covered.size).toBe(2000 * 2000);
  });

  it("names a block's sources and destinations by their place in the request's coordinates", () => {
    const points = Array.from({ length: 6 }, (_, k) => ({ lat: k, lon: -k }));
    const url = tableUrl("http://osrm.example", points, { sources: [0, 1, 2], destinations: [3, 4, 5] });
    expect(url).toBe(
      "http://osrm.example/table/v1/driving/0.000000,0.000000;-1.000000,1.000000;-2.000000,2.000000;-3.000000,3.000000;-4.000000,4.000000;-5.000000,5.000000" +
        "?annotations=duration&sources=0;1;2&destinations=3;4;5",
    );
  });
});
