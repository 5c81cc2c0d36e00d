import { describe, expect, it } from "vitest";
import { mustTell } from "./passenger-notice-rule";

const at = (minutes: number) => new Date(Date.UTC(2026, 11, 5, 13, 0) + minutes * 60_000);

describe("who is told when a plan is published again", () => {
  it("tells a paid passenger never told, and never an unpaid one", () => {
    expect(mustTell(true, undefined, at(0), 3, 10)).toBe(true);
    expect(mustTell(true, { toldTime: null, toldVehicleId: null }, at(0), 3, 10)).toBe(true);
    expect(mustTell(false, undefined, at(0), 3, 10)).toBe(false);
  });

  it("tells again only past the threshold, either way", () => {
    const last = { toldTime: at(0), toldVehicleId: 3 };
    expect(mustTell(true, last, at(10), 3, 10)).toBe(false);
    expect(mustTell(true, last, at(-10), 3, 10)).toBe(false);
    expect(mustTell(true, last, at(11), 3, 10)).toBe(true);
    expect(mustTell(true, last, at(-11), 3, 10)).toBe(true);
  });

  it("tells again when the vehicle changed, or one was given or taken away", () => {
    expect(mustTell(true, { toldTime: at(0), toldVehicleId: 3 }, at(0), 4, 10)).toBe(true);
    expect(mustTell(true, { toldTime: at(0), toldVehicleId: null }, at(0), 4, 10)).toBe(true);
    expect(mustTell(true, { toldTime: at(0), toldVehicleId: 3 }, at(0), null, 10)).toBe(true);
  });
});
