import { describe, expect, it } from "vitest";
import { localDateTime } from "./local-date-time";

describe("localDateTime", () => {
  it("stores Bogotá wall-clock time as UTC (UTC-5, no daylight saving)", () => {
    const now = new Date("2026-11-21T13:00:00Z");
    expect(localDateTime(now, "America/Bogota", 0, "20:00").toISOString()).toBe("2026-11-22T01:00:00.000Z");
    expect(localDateTime(now, "America/Bogota", 10, "14:00").toISOString()).toBe("2026-12-01T19:00:00.000Z");
  });

  it("counts days from the local date, not the UTC one", () => {
    // 02:00 UTC on the 22nd is still the 21st in Bogotá.
    const now = new Date("2026-11-22T02:00:00Z");
    expect(localDateTime(now, "America/Bogota", 1, "09:00").toISOString()).toBe("2026-11-22T14:00:00.000Z");
  });

  it("follows daylight saving changes in Madrid and Santiago", () => {
    const now = new Date("2026-03-20T12:00:00Z");
    // Madrid moves to CEST (UTC+2) on 29 March 2026.
    expect(localDateTime(now, "Europe/Madrid", 0, "21:00").toISOString()).toBe("2026-03-20T20:00:00.000Z");
    expect(localDateTime(now, "Europe/Madrid", 10, "21:00").toISOString()).toBe("2026-03-30T19:00:00.000Z");
    // Santiago leaves summer time (UTC-3 -> UTC-4) on 5 April 2026.
    expect(localDateTime(now, "America/Santiago", 0, "20:00").toISOString()).toBe("2026-03-20T23:00:00.000Z");
    expect(localDateTime(now, "America/Santiago", 20, "20:00").toISOString()).toBe("2026-04-10T00:00:00.000Z");
  });
});
