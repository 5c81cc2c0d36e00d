import { describe, expect, it } from "vitest";
import { comparableAddress, groupLoads, type Pickup } from "./group-loads";

let next = 0;
function pickups(countyId: number, countyName: string, address: string, count: number): Pickup<{ id: number }>[] {
  return Array.from({ length: count }, () => ({ countyId, countyName, address, passenger: { id: ++next } }));
}

describe("van loads", () => {
  it("never puts more passengers in a van than it has seats, splitting a stop too big for one van", () => {
    const loads = groupLoads([...pickups(1, "Chapinero", "Calle 60 # 9-20", 9), ...pickups(1, "Chapinero", "Carrera 7 # 45-10", 23)], 10);
    for (const load of loads) {
      expect(load.seats).toBeLessThanOrEqual(10);
      expect(load.seats).toBe(load.stops.reduce((sum, stop) => sum + stop.passengers.length, 0));
    }
    expect(loads.reduce((sum, load) => sum + load.seats, 0)).toBe(32);
    expect(loads.map((load) => load.seats)).toEqual([10, 10, 10, 2]);
  });

  it("keeps each county's stops together and never mixes counties in one van", () => {
    const loads = groupLoads(
      [...pickups(2, "Usaquén", "Calle 140 # 7-10", 2), ...pickups(1, "Chapinero", "Calle 60 # 9-20", 3), ...pickups(2, "Usaquén", "Calle 116 # 15-30", 2), ...pickups(1, "Chapinero", "Calle 53 # 13-40", 1)],
      15,
    );
    expect(loads.map((load) => [load.countyName, load.stops.map((stop) => stop.address)])).toEqual([
      ["Chapinero", ["Calle 53 # 13-40", "Calle 60 # 9-20"]],
      ["Usaquén", ["Calle 116 # 15-30", "Calle 140 # 7-10"]],
    ]);
    for (const load of loads) expect(new Set(load.stops.map((stop) => stop.countyId))).toEqual(new Set([load.countyId]));
  });

  it("treats the same address typed differently as one stop", () => {
    const loads = groupLoads([...pickups(1, "Chapinero", "Calle 60 # 9-20", 1), ...pickups(1, "Chapinero", " calle 60  #9-20 ", 1)], 15);
    expect(loads).toHaveLength(1);
    expect(loads[0]!.stops).toHaveLength(1);
    expect(loads[0]!.stops[0]!.passengers).toHaveLength(2);
    expect(comparableAddress("Avenida Boyacá # 1")).toBe(comparableAddress("avenida boyaca #1"));
  });

  it("gives the same loads whatever order the pick-ups come in", () => {
    const all = [...pickups(1, "Chapinero", "Calle 60", 4), ...pickups(2, "Suba", "Calle 145", 6), ...pickups(1, "Chapinero", "Calle 45", 5), ...pickups(3, "Bosa", "Calle 65 Sur", 2)];
    const forward = groupLoads(all, 6);
    const backward = groupLoads([...all].reverse(), 6);
    expect(backward).toEqual(forward);
    expect(forward.map((load) => load.number)).toEqual(forward.map((_, index) => index + 1));
  });

  it("starts a new van rather than split a stop that fits in a van of its own", () => {
    const loads = groupLoads([...pickups(1, "Chapinero", "Calle 45", 4), ...pickups(1, "Chapinero", "Calle 60", 3)], 6);
    expect(loads.map((load) => load.stops.map((stop) => [stop.address, stop.passengers.length]))).toEqual([[["Calle 45", 4]], [["Calle 60", 3]]]);
  });

  it("refuses a van without seats", () => {
    expect(() => groupLoads([], 0)).toThrow(RangeError);
  });
});
