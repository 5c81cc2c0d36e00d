import { describe, expect, it } from "vitest";
import { LEG } from "../../../shared/domain/legs";
import { runOverAt, type RunOverInput } from "./run-over";

const at = (minute: number) => new Date(Date.UTC(2026, 10, 29, 12, minute));
const venue = { lat: 4.658, lon: -74.093 };
const stops = [
  { lat: 4.7, lon: -74.03, settled: true },
  { lat: 4.68, lon: -74.07, settled: true },
];
const run = (over: Partial<RunOverInput> = {}): RunOverInput => ({ leg: LEG.outbound, venue, stops, position: null, ...over });

describe("runOverAt", () => {
  it("going out, is when the van reached the venue with its last pick-up done", () => {
    expect(runOverAt(run({ position: { ...venue, at: at(35) } }))).toEqual(at(35));
    // 300 m from the venue's point still counts: a venue is large.
    expect(runOverAt(run({ position: { lat: venue.lat + 0.0027, lon: venue.lon, at: at(35) } }))).toEqual(at(35));
    // Everyone aboard, the van still on its way: not over.
    expect(runOverAt(run({ position: { lat: 4.68, lon: -74.07, at: at(22) } }))).toBeNull();
    // At the venue with someone at the last stop neither aboard nor marked: not over.
    expect(runOverAt(run({ stops: [stops[0]!, { ...stops[1]!, settled: false }], position: { ...venue, at: at(35) } }))).toBeNull();
    // No position: the window ends the sharing.
    expect(runOverAt(run())).toBeNull();
  });

  it("coming back, is when the van reached its last drop-off", () => {
    expect(runOverAt(run({ leg: LEG.return, stops: stops.map((stop) => ({ ...stop, settled: false })), position: { lat: 4.6801, lon: -74.07, at: at(30) } }))).toEqual(at(30));
    expect(runOverAt(run({ leg: LEG.return, position: { lat: 4.7, lon: -74.0302, at: at(20) } }))).toBeNull();
  });
});
