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
    // A season of dates (start and end months apart) ending at the time it starts says no daily end: five hours.
    expect(returnDeparture(date, new Date("2030-01-01T20:00:00Z"), new Date("2030-06-01T20:00:00Z")).toISOString()).toBe("2030-03-09T01:00:00.000Z");
  });

  it("ends each day of a multi-day event at the event's daily end time, on the event's clock", () => {
    // Two days, 13:00 to 21:00 in Bogotá (UTC-5): the event's end is the last day at 21:00.
    const start = new Date("2030-03-08T18:00:00Z");
    const end = new Date("2030-03-09T02:00:00Z");
    expect(returnDeparture(start, start, end, "America/Bogota").toISOString()).toBe("2030-03-09T02:00:00.000Z");
    expect(returnDeparture(new Date("2030-03-09T18:00:00Z"), start, end, "America/Bogota").toISOString()).toBe("2030-03-10T02:00:00.000Z");
    // A night show past midnight (22:00 to 03:00 each day) ends the next morning.
    expect(returnDeparture(new Date("2030-03-09T03:00:00Z"), new Date("2030-03-08T03:00:00Z"), new Date("2030-03-10T08:00:00Z"), "America/Bogota").toISOString()).toBe("2030-03-09T08:00:00.000Z");
  });
});
