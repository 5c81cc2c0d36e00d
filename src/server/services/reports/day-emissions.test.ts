import { describe, expect, it } from "vitest";
import { co2Kg, drivingAloneCo2Kg, emissionFactors } from "./day-emissions";

describe("the day's CO2 factors", () => {
  it("keeps the documented defaults and takes a setting kind by kind", () => {
    expect(emissionFactors({ CO2_GRAMS_PER_KM: "", CAR_OCCUPANCY: 1.5 }).gramsPerKm).toEqual({ van: 252, minibus: 402, bus: 804, car: 170 });
    const factors = emissionFactors({ CO2_GRAMS_PER_KM: "van:300,car:120", CAR_OCCUPANCY: 1.2 });
    expect(factors.gramsPerKm).toMatchObject({ van: 300, bus: 804, car: 120 });
    expect(co2Kg(factors, "van", 10)).toBe(3);
    expect(co2Kg(factors, null, 10)).toBe(3);
    expect(drivingAloneCo2Kg(factors, 12)).toBeCloseTo(1.2);
  });
});
