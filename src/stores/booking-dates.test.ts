import { describe, expect, it } from "vitest";
import { calendarForDay, dayRange, localDay, upcomingCalendars } from "./booking-dates";

const BOGOTA = "America/Bogota";
const calendars = [
  { id: 3, startDate: "2026-12-03T15:00:00.000Z" },
  { id: 1, startDate: "2026-12-01T15:00:00.000Z" },
  { id: 2, startDate: "2026-12-02T02:00:00.000Z" },
];

describe("event dates", () => {
  it("keeps only dates still ahead, soonest first", () => {
    const now = new Date("2026-12-01T20:00:00Z").getTime();
    expect(upcomingCalendars(calendars, now).map((entry) => entry.id)).toEqual([2, 3]);
  });

  it("reads the day in the event's time zone (02:00 UTC is the evening before in Bogotá)", () => {
    expect(localDay("2026-12-02T02:00:00.000Z", BOGOTA)).toBe("2026-12-01");
  });

  it("maps a day chosen in a range to its calendar entry, or to none", () => {
    expect(calendarForDay(calendars, "2026-12-03", BOGOTA)?.id).toBe(3);
    expect(calendarForDay(calendars, "2026-12-09", BOGOTA)).toBeNull();
  });

  it("bounds the range by the first and last upcoming entry", () => {
    expect(dayRange(upcomingCalendars(calendars, 0), BOGOTA)).toEqual({ min: "2026-12-01", max: "2026-12-03" });
    expect(dayRange([], BOGOTA)).toBeNull();
  });
});
