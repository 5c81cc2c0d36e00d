import { describe, expect, it } from "vitest";
import type { Need } from "../../../../shared/domain/needs";
import { assignVehicles } from "./fleet";
import { carriesAll, needsOf } from "./needs";

describe("needs on board", () => {
  it("a vehicle takes a need only when it carries it; no need fits any vehicle, even none yet", () => {
    expect(carriesAll(["wheelchair", "child_seat"], ["wheelchair"])).toBe(true);
    expect(carriesAll(["child_seat"], ["wheelchair"])).toBe(false);
    expect(carriesAll(undefined, ["large_luggage"])).toBe(false);
    expect(carriesAll(null, [])).toBe(true);
    expect(needsOf([{ needs: ["wheelchair"] }, {}, { needs: ["child_seat", "wheelchair"] }])).toEqual(["child_seat", "wheelchair"]);
  });

  it("never gives a run with a need a vehicle that does not carry it", () => {
    const fleet = [
      { id: 1, seats: 15 },
      { id: 2, seats: 25, carries: ["wheelchair" as const] },
    ];
    const needs: Need[][] = [["wheelchair"], []];
    const allowed = (vehicle: { carries?: Need[] }, run: number) => carriesAll(vehicle.carries, needs[run]!);
    // The wheelchair run takes the equipped minibus although the plain van fits it better.
    expect(assignVehicles([10, 5], fleet, allowed).map((vehicle) => vehicle?.id ?? null)).toEqual([2, 1]);
    // No vehicle carries a child seat: that run gets none rather than one without it.
    expect(assignVehicles([4], fleet, (vehicle) => carriesAll(vehicle.carries, ["child_seat"]))).toEqual([null]);
  });

  it("keeps an equipped vehicle for the run that needs it: such runs choose first, and a plain van goes before an equipped one", () => {
    const fleet = [
      { id: 1, seats: 15, carries: ["wheelchair" as const] },
      { id: 2, seats: 15 },
    ];
    const needs: Need[][] = [[], ["wheelchair"]];
    const allowed = (vehicle: { carries?: Need[] }, run: number) => carriesAll(vehicle.carries, needs[run]!);
    // The larger run needs nothing: it gets the plain van, the wheelchair run the equipped one.
    expect(assignVehicles([10, 4], fleet, allowed, needs).map((vehicle) => vehicle?.id ?? null)).toEqual([2, 1]);
    // A run needing nothing takes the plain van of two alike.
    expect(assignVehicles([4], fleet).map((vehicle) => vehicle?.id ?? null)).toEqual([2]);
  });
});
