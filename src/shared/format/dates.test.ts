import { describe, expect, it } from "vitest";
import { dateLabels, formatDate, formatDateTime, formatTime } from "./dates";

describe("event dates", () => {
  // 2026-12-13 01:00 UTC is 20:00 on 12 December in Bogotá.
  const iso = "2026-12-13T01:00:00.000Z";
  it("reads in the event's time zone, not UTC", () => {
    expect(formatDate(iso)).toBe("12/12/2026");
    expect(formatDateTime(iso)).toBe("12-12-2026 20:00");
    expect(formatTime(iso)).toBe("20:00");
  });
  it("names month and weekday in the page language", () => {
    expect(dateLabels(iso, "es_CO")).toMatchObject({ day: "12", month: "diciembre", weekday: "sábado" });
    expect(dateLabels(iso, "en_US")).toMatchObject({ month: "December", weekday: "Saturday" });
  });
});
