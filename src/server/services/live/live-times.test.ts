import { describe, expect, it } from "vitest";
import { LEG } from "../../../shared/domain/legs";
import { liveTimes, routeAhead, stopsDone, type LiveRunInput } from "./live-times";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute));
const venue = { lat: 4.658, lon: -74.093 };
const stops = [
  { key: "a", lat: 4.7, lon: -74.03, planned: at(0), passengerIds: [1, 2] },
  { key: "b", lat: 4.69, lon: -74.05, planned: at(10), passengerIds: [3] },
  { key: "c", lat: 4.68, lon: -74.07, planned: at(20), passengerIds: [4] },
];
const outbound = (over: Partial<LiveRunInput> = {}): LiveRunInput => ({
  leg: LEG.outbound,
  departsAt: at(0),
  arrivesAt: at(40),
  venue,
  stops,
  position: null,
  heading: null,
  settled: new Set(),
  now: at(0),
  dwellMinutes: 2,
  ...over,
});

describe("stopsDone", () => {
  it("counts a stop done when all its passengers are settled going out, or the driver heads past it", () => {
    expect(stopsDone(outbound())).toBe(0);
    expect(stopsDone(outbound({ settled: new Set([1]) }))).toBe(0);
    expect(stopsDone(outbound({ settled: new Set([1, 2]) }))).toBe(1);
    expect(stopsDone(outbound({ settled: new Set([3]) }))).toBe(2);
    expect(stopsDone(outbound({ heading: 2 }))).toBe(2);
  });

  it("counts a drop-off done when the van came within reach of it coming back", () => {
    const back = outbound({ leg: LEG.return, position: { lat: 4.69, lon: -74.0502, at: at(30) } });
    expect(stopsDone(back)).toBe(2);
  });
});

describe("liveTimes", () => {
  it("keeps the published times when the van has sent no position", () => {
    const times = liveTimes(outbound(), []);
    expect(times.stops.map((stop) => stop.expected)).toEqual([at(0), at(10), at(20)]);
    expect(times.delayMinutes).toBe(0);
    expect(times.venueExpected).toEqual(at(40));
  });

  it("adds the drives and the dwell from the last position, and a van early at a stop waits for its time", () => {
    const input = outbound({ now: at(-10), position: { lat: 4.71, lon: -74.02, at: at(-10) } });
    expect(routeAhead(input)).toHaveLength(5);
    // 5 min to a (early: leaves at 0 + 2), 3 min to b (arrives 5, waits for 10, leaves 12), 12 min to c (24), 10 to the venue.
    const times = liveTimes(input, [300, 180, 720, 600]);
    expect(times.stops.map((stop) => stop.expected)).toEqual([at(-5), at(5), at(24)]);
    expect(times.stops.map((stop) => stop.delayMinutes)).toEqual([-5, -5, 4]);
    expect(times.venueExpected).toEqual(at(36));
    expect(times.delayMinutes).toBe(-5);
  });

  it("never expects the van before now when its last position is old: it is late", () => {
    const input = outbound({ now: at(8), settled: new Set([1, 2]), position: { lat: 4.7, lon: -74.03, at: at(1) } });
    const times = liveTimes(input, [60, 720, 600]);
    expect(times.done).toBe(1);
    expect(times.stops[0]!.expected).toBeNull();
    expect(times.stops[1]!.expected).toEqual(at(8));
    expect(times.stops[2]!.expected).toEqual(at(24)); // waits at b for 10:00, leaves 10:02
    expect(times.delayMinutes).toBe(-2);
  });

  it("coming back, a van still at the venue leaves at the published departure at the earliest", () => {
    const back = outbound({ leg: LEG.return, departsAt: at(0), now: at(-20), position: { ...venue, at: at(-20) } });
    expect(routeAhead(back)).toHaveLength(5);
    const times = liveTimes(back, [0, 600, 300, 300]);
    expect(times.venueExpected).toEqual(at(0));
    expect(times.stops.map((stop) => stop.expected)).toEqual([at(10), at(17), at(24)]);
    expect(times.delayMinutes).toBe(10);
  });
});
