import { describe, expect, it } from "vitest";
import { LEG } from "../../../shared/domain/legs";
import type { RunState } from "./plan-store";
import { isOverridden, rideBreaches, shiftOf } from "./ride-rules";

const at = (hours: number) => new Date(Date.UTC(2026, 11, 5, hours));
const stop = (passengerId: number) => ({ address: `a${passengerId}`, countyId: 1, lat: 0, lon: 0, approximate: false, time: at(0), groups: [{ id: `g${passengerId}`, passengerIds: [passengerId] }] });
const run = (passengerIds: number[], overrides: RunState["overrides"] = []): RunState => ({ id: 1, vehicleId: null, driverId: null, locked: false, capacity: 15, departsAt: at(10), arrivesAt: at(11), stops: passengerIds.map(stop), overrides, waveMinutes: 0 });

describe("ride limits", () => {
  // Venue 0, stop 1 and stop 2: each 20 minutes from the venue, 30 minutes from each other.
  const seconds = [
    [0, 1200, 1200],
    [1200, 0, 1800],
    [1200, 1800, 0],
  ];
  const settings = { maxRideMinutes: 30, dwellMinutes: 0 };

  it("names the passenger picked up first when the detour takes them past the limit", () => {
    const breaches = rideBreaches(LEG.outbound, run([7, 8]), seconds, settings);
    expect(breaches).toEqual([expect.objectContaining({ rule: "ride_limit", passengerId: 7, minutes: 50, limitMinutes: 30 })]);
    expect(rideBreaches(LEG.outbound, run([7]), seconds, settings)).toEqual([]);
  });

  it("takes a direct ride longer than the limit as that passenger's limit", () => {
    expect(rideBreaches(LEG.return, run([7]), seconds, { maxRideMinutes: 10, dwellMinutes: 0 })).toEqual([]);
  });

  it("gives a passenger beyond the limit the planner's allowance on top of their direct ride, and no more", () => {
    // Return leg, limit 10 min: stop 1 is 20 min out, stop 2 about 22 min out and 5 min past stop 1.
    const far = (fromOneToTwo: number) => [
      [0, 1200, 1300],
      [1200, 0, fromOneToTwo],
      [1300, fromOneToTwo, 0],
    ];
    const limits = { maxRideMinutes: 10, dwellMinutes: 0 };
    // Passenger 8 rides 25 min against a direct 21.7 min: within direct + a third of 10 min.
    expect(rideBreaches(LEG.return, run([7, 8]), far(300), limits)).toEqual([]);
    expect(rideBreaches(LEG.return, run([7, 8]), far(420), limits)).toEqual([expect.objectContaining({ passengerId: 8, minutes: 27, limitMinutes: 25 })]);
  });

  it("an override covers the same breach, not a longer one", () => {
    const [breach] = rideBreaches(LEG.outbound, run([7, 8], [{ rule: "ride_limit", passengerId: 7, minutes: 50, limitMinutes: 30, by: "d@x", at: "" }]), seconds, settings);
    expect(isOverridden(breach!)).toBe(true);
    const [longer] = rideBreaches(LEG.outbound, run([7, 8], [{ rule: "ride_limit", passengerId: 7, minutes: 45, limitMinutes: 30, by: "d@x", at: "" }]), seconds, settings);
    expect(isOverridden(longer!)).toBe(false);
  });
});

describe("a driver's working day", () => {
  it("chains runs less than a rest apart and leaves out runs after a rest", () => {
    const morning = { runId: 1, departsAt: at(6), arrivesAt: at(8) };
    const noon = { runId: 2, departsAt: at(12), arrivesAt: at(13) };
    const night = { runId: 3, departsAt: at(22), arrivesAt: at(23) };
    expect(shiftOf(morning, [noon, night])).toEqual({ from: at(6), until: at(13) });
    expect(shiftOf(night, [morning, noon])).toEqual({ from: at(22), until: at(23) });
  });
});
