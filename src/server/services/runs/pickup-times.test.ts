import { describe, expect, it } from "vitest";
import { pickupTimes, returnDeparture } from "./pickup-times";

describe("pick-up times", () => {
  it("arrives 30 minutes before the start, 10 minutes per stop counted back from there", () => {
    const start = new Date("2030-03-01T20:00:00Z");
    expect(pickupTimes(start, 3).map((time) => time.toISOString())).toEqual(["2030-03-01T19:00:00.000Z", "2030-03-01T19:10:00.000Z", "2030-03-01T19:20:00.000Z"]);
    expect(pickupTimes(start, 0)).toEqual([]);
  });

  it("leaves for home when the chosen date's show ends", () => {
    const date = new Date("2030-03-08T20:00:00Z");
    expect(returnDeparture(date, new Date("2030-03-01T20:00:00Z"), new Date("2030-03-02T01:00:00Z")).toISOString()).toBe("2030-03-09T01:00:00.000Z");
    // A season of dates (start and end months apart): each date lasts the default five hours.
    expect(returnDeparture(date, new Date("2030-01-01T20:00:00Z"), new Date("2030-06-01T20:00:00Z")).toISOString()).toBe("2030-03-09T01:00:00.000Z");
  });
});
