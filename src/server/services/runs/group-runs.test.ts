import { describe, expect, it } from "vitest";
import { comparableAddress, groupRuns, type Pickup } from "./group-runs";

let next = 0;
function pickups(countyId: number, countyName: string, address: string, count: number): Pickup<{ id: number }>[] {
  return Array.from({ length: count }, () => ({ countyId, countyName, address, passenger: { id: ++next } }));
}

describe("van runs", () => {
  it("never puts more passengers in a van than it has seats, splitting a stop too big for one van", () => {
    const runs = groupRuns([...pickups(1, "Chapinero", "Calle 60 # 9-20", 9), ...pickups(1, "Chapinero", "Carrera 7 # 45-10", 23)], 10);
    for (const run of runs) {
      expect(run.seats).toBeLessThanOrEqual(10);
      expect(run.seats).toBe(run.stops.reduce((sum, stop) => sum + stop.passengers.length, 0));
    }
    expect(runs.reduce((sum, run) => sum + run.seats, 0)).toBe(32);
    expect(runs.map((run) => run.seats)).toEqual([10, 10, 10, 2]);
  });

  it("keeps each county's stops together and never mixes counties in one van", () => {
    const runs = groupRuns(
      [...pickups(2, "Usaquén", "Calle 140 # 7-10", 2), ...pickups(1, "Chapinero", "Calle 60 # 9-20", 3), ...pickups(2, "Usaquén", "Calle 116 # 15-30", 2), ...pickups(1, "Chapinero", "Calle 53 # 13-40", 1)],
      15,
    );
    expect(runs.map((run) => [run.countyName, run.stops.map((stop) => stop.address)])).toEqual([
      ["Chapinero", ["Calle 53 # 13-40", "Calle 60 # 9-20"]],
      ["Usaquén", ["Calle 116 # 15-30", "Calle 140 # 7-10"]],
    ]);
    for (const run of runs) expect(new Set(run.stops.map((stop) => stop.countyId))).toEqual(new Set([run.countyId]));
  });

  it("treats the same address typed differently as one stop", () => {
    const runs = groupRuns([...pickups(1, "Chapinero", "Calle 60 # 9-20", 1), ...pickups(1, "Chapinero", " calle 60  #9-20 ", 1)], 15);
    expect(runs).toHaveLength(1);
    expect(runs[0]!.stops).toHaveLength(1);
    expect(runs[0]!.stops[0]!.passengers).toHaveLength(2);
    expect(comparableAddress("Avenida Boyacá # 1")).toBe(comparableAddress("avenida boyaca #1"));
  });

  it("gives the same runs whatever order the pick-ups come in", () => {
    const all = [...pickups(1, "Chapinero", "Calle 60", 4), ...pickups(2, "Suba", "Calle 145", 6), ...pickups(1, "Chapinero", "Calle 45", 5), ...pickups(3, "Bosa", "Calle 65 Sur", 2)];
    const forward = groupRuns(all, 6);
    const backward = groupRuns([...all].reverse(), 6);
    expect(backward).toEqual(forward);
    expect(forward.map((run) => run.number)).toEqual(forward.map((_, index) => index + 1));
  });

  it("starts a new van rather than split a stop that fits in a van of its own", () => {
    const runs = groupRuns([...pickups(1, "Chapinero", "Calle 45", 4), ...pickups(1, "Chapinero", "Calle 60", 3)], 6);
    expect(runs.map((run) => run.stops.map((stop) => [stop.address, stop.passengers.length]))).toEqual([[["Calle 45", 4]], [["Calle 60", 3]]]);
  });

  it("refuses a van without seats", () => {
    expect(() => groupRuns([], 0)).toThrow(RangeError);
  });
});
