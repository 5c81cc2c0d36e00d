import { describe, expect, it } from "vitest";
import { rideSeconds, scheduleRun } from "./schedule-run";

// Venue 0; stop 1 is 5 minutes before stop 2 on the way in, stop 2 is 10 minutes from the venue.
const seconds = [
  [0, 900, 600],
  [900, 0, 300],
  [600, 300, 0],
];
const settings = { arrivalMarginMinutes: 30, departureMarginMinutes: 15, dwellMinutes: 3 };

describe("scheduleRun", () => {
  it("works outbound times back from the venue arrival, a margin before the start", () => {
    const run = scheduleRun({
      leg: "outbound",
      anchor: new Date("2026-12-05T14:00:00Z"),
      seconds,
      settings,
      stops: [
        { point: 1, groupIds: ["a"] },
        { point: 2, groupIds: ["b", "c"] },
      ],
    });
    expect(run.arrives.toISOString()).toBe("2026-12-05T13:30:00.000Z");
    // 13:30 − 10 min driving − 3 min boarding at stop 2; then − 5 min − 3 min for stop 1.
    expect(run.stops.map((stop) => stop.time.toISOString())).toEqual([
      "2026-12-05T13:09:00.000Z",
      "2026-12-05T13:17:00.000Z",
    ]);
    expect(run.stops[1]!.groupIds).toEqual(["b", "c"]);
    expect(run.departs.toISOString()).toBe("2026-12-05T13:12:00.000Z");
  });

  it("runs return times forward from leaving the venue a margin after the end", () => {
    const run = scheduleRun({
      leg: "return",
      anchor: new Date("2026-12-05T22:00:00Z"),
      seconds,
      settings,
      stops: [
        { point: 2, groupIds: ["b"] },
        { point: 1, groupIds: ["a"] },
      ],
    });
    expect(run.departs.toISOString()).toBe("2026-12-05T22:15:00.000Z");
    expect(run.stops.map((stop) => stop.time.toISOString())).toEqual([
      "2026-12-05T22:25:00.000Z",
      "2026-12-05T22:33:00.000Z",
    ]);
    expect(run.arrives.toISOString()).toBe("2026-12-05T22:33:00.000Z");
  });

  it("rounds pick-ups down and drop-offs up to the minute", () => {
    const odd = [
      [0, 90],
      [90, 0],
    ];
    const stops = [{ point: 1, groupIds: ["a"] }];
    const anchor = new Date("2026-12-05T14:00:00Z");
    const out = scheduleRun({ leg: "outbound", anchor, seconds: odd, settings, stops });
    // 13:30 − 90 s − 3 min = 13:25:30, told as 13:25.
    expect(out.stops[0]!.time.toISOString()).toBe("2026-12-05T13:25:00.000Z");
    const back = scheduleRun({ leg: "return", anchor, seconds: odd, settings, stops });
    // 14:15 + 90 s = 14:16:30, told as 14:17.
    expect(back.stops[0]!.time.toISOString()).toBe("2026-12-05T14:17:00.000Z");
  });

  it("measures each stop's ride to or from the venue", () => {
    expect(rideSeconds("outbound", seconds, 180, [1, 2])).toEqual([300 + 180 + 600 + 180, 600 + 180]);
    expect(rideSeconds("return", seconds, 180, [2, 1])).toEqual([600, 600 + 180 + 300]);
  });
});
