import { describe, expect, it } from "vitest";
import { estimateMatrix } from "../../../geo/travel-time-estimate";
import { vehicleLowerBound } from "./fleet";
import { planLeg } from "./plan-leg";
import { DEFAULT_PLAN_SETTINGS, sampleDay } from "./sample-day";
import { rideSeconds } from "./schedule-run";
import type { LatLon, PickupGroup, Plan, PlanInput, PlanVehicle } from "./types";

const VENUE: LatLon = { lat: 4.65, lon: -74.08 };
const KM_LAT = 1 / 111.195;

/** A point `north` and `east` kilometres from the venue. */
function at(north: number, east: number): LatLon {
  return { lat: VENUE.lat + north * KM_LAT, lon: VENUE.lon + (east * KM_LAT) / Math.cos((VENUE.lat * Math.PI) / 180) };
}

/** One minute per straight-line kilometre, so expected times can be worked out by hand. */
const MINUTE_PER_KM = { roadFactor: 1, citySpeedKmh: 60, intercitySpeedKmh: 60, cityKm: 0 };

function instance(
  places: LatLon[],
  groups: [id: string, seats: number, point: number][],
  vehicles: PlanVehicle[],
  overrides: Partial<PlanInput> = {},
): PlanInput {
  const points = [VENUE, ...places];
  let passenger = 1;
  return {
    leg: "outbound",
    anchor: new Date("2026-12-05T19:00:00Z"),
    points,
    seconds: estimateMatrix(points, MINUTE_PER_KM),
    groups: groups.map(([id, seats, point]): PickupGroup => {
      const passengerIds = Array.from({ length: seats }, () => passenger++);
      return { id, seats, point, passengerIds };
    }),
    vehicles,
    locked: [],
    settings: DEFAULT_PLAN_SETTINGS,
    ...overrides,
  };
}

const stopIds = (plan: Plan) => plan.runs.map((run) => run.stops.map((stop) => stop.groupIds));

/** The rules every plan keeps, whatever the instance. */
function expectSoundPlan(input: PlanInput, plan: Plan) {
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  const seen: string[] = [];
  for (const run of plan.runs) {
    let seats = 0;
    const points = run.stops.map((stop) => stop.point);
    expect(new Set(points).size).toBe(points.length); // one point, one stop
    for (const stop of run.stops) {
      for (const id of stop.groupIds) {
        seen.push(id);
        expect(groups.get(id)!.point).toBe(stop.point);
        seats += groups.get(id)!.seats;
      }
    }
    expect(run.seats).toBe(seats);
    if (!run.locked) expect(seats).toBeLessThanOrEqual(run.capacity);
    const times = run.stops.map((stop) => stop.time.getTime());
    for (let k = 1; k < times.length; k++) expect(times[k]).toBeGreaterThan(times[k - 1]!);
    if (input.leg === "outbound") {
      expect(run.departs.getTime()).toBeGreaterThan(times[0]!);
      expect(run.arrives.getTime()).toBe(input.anchor.getTime() - input.settings.arrivalMarginMinutes * 60_000);
    } else {
      expect(run.departs.getTime()).toBe(input.anchor.getTime() + input.settings.departureMarginMinutes * 60_000);
      expect(times[0]).toBeGreaterThan(input.anchor.getTime());
      expect(run.arrives.getTime()).toBe(times[times.length - 1]);
    }
  }
  // Each passenger exactly once: every group once, groups never split.
  expect([...seen].sort()).toEqual(input.groups.map((group) => group.id).sort());
  const usedVehicles = plan.runs.map((run) => run.vehicleId).filter((id) => id !== null);
  expect(new Set(usedVehicles).size).toBe(usedVehicles.length);
}

/** Each passenger's ride in minutes. */
function rides(input: PlanInput, plan: Plan): number[] {
  const groups = new Map(input.groups.map((group) => [group.id, group]));
  const minutes: number[] = [];
  for (const run of plan.runs) {
    const seconds = rideSeconds(input.leg, input.seconds, input.settings.dwellMinutes * 60, run.stops.map((s) => s.point));
    run.stops.forEach((stop, k) => {
      for (const id of stop.groupIds) for (let p = 0; p < groups.get(id)!.seats; p++) minutes.push(seconds[k]! / 60);
    });
  }
  return minutes;
}

describe("planLeg on fixed instances", () => {
  it("pools a far and a near place on one line into one van, far one first on the way in", () => {
    const input = instance(
      [at(20, 0), at(10, 0)],
      [
        ["far", 4, 1],
        ["near", 3, 2],
        ["near2", 2, 2],
      ],
      [{ id: 7, seats: 15 }],
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(plan.runs).toHaveLength(1);
    expect(plan.runs[0]!.vehicleId).toBe(7);
    expect(stopIds(plan)).toEqual([[["far"], ["near", "near2"]]]);
    // Arrive 18:30; near: 10 km (10 min) + 3 min boarding → 18:17; far: 10 km more + 3 min → 18:04.
    expect(plan.runs[0]!.stops.map((stop) => stop.time.toISOString().slice(11, 16))).toEqual(["18:04", "18:17"]);
    expect(plan.notes).toEqual([]);

    const back = planLeg({ ...input, leg: "return", anchor: new Date("2026-12-05T23:00:00Z") });
    expectSoundPlan({ ...input, leg: "return", anchor: new Date("2026-12-05T23:00:00Z") }, back);
    // Leave 23:15; near after 10 min → 23:25; far after 3 min + 10 min → 23:38.
    expect(stopIds(back)).toEqual([[["near", "near2"], ["far"]]]);
    expect(back.runs[0]!.stops.map((stop) => stop.time.toISOString().slice(11, 16))).toEqual(["23:25", "23:38"]);
  });

  it("keeps places on opposite sides of the venue in separate vans when each fills its own", () => {
    const input = instance(
      [at(0, 8), at(0, -8)],
      [
        ["e1", 4, 1],
        ["e2", 4, 1],
        ["e3", 4, 1],
        ["e4", 3, 1],
        ["w1", 4, 2],
        ["w2", 4, 2],
        ["w3", 2, 2],
      ],
      [
        { id: 1, seats: 15 },
        { id: 2, seats: 15 },
      ],
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    const byStop = plan.runs.map((run) => run.stops.map((stop) => [...stop.groupIds].sort()));
    expect(byStop).toHaveLength(2);
    expect(byStop).toContainEqual([["e1", "e2", "e3", "e4"]]);
    expect(byStop).toContainEqual([["w1", "w2", "w3"]]);
  });

  it("splits a van that would make someone ride longer than the maximum", () => {
    // Both places 40 km out on either side: one van would take 40 + 80 km, far over 90 minutes.
    const input = instance(
      [at(40, 0), at(-40, 0)],
      [
        ["north", 2, 1],
        ["south", 2, 2],
      ],
      [
        { id: 1, seats: 15 },
        { id: 2, seats: 15 },
      ],
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(stopIds(plan).sort()).toEqual([[["north"]], [["south"]]]);
    expect(Math.max(...rides(input, plan))).toBeLessThanOrEqual(90);
  });

  it("lets a passenger whose direct ride is over the maximum ride alone, and says so", () => {
    const input = instance(
      [at(100, 0), at(95, 0)],
      [
        ["remote", 2, 1],
        ["near-remote", 2, 2],
      ],
      [{ id: 1, seats: 15 }, { id: 2, seats: 15 }],
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(plan.runs).toHaveLength(2);
    expect(plan.notes).toEqual([{ code: "ride_over_maximum", groupIds: expect.arrayContaining(["remote", "near-remote"]) }]);
  });

  it("fills the largest vehicles of a mixed fleet and marks runs beyond the fleet as vehicle needed", () => {
    const groups: [string, number, number][] = [];
    for (let k = 0; k < 20; k++) groups.push([`g${String(k).padStart(2, "0")}`, 4, 1 + (k % 4)]);
    const input = instance(
      [at(5, 0), at(5, 1), at(6, 0), at(6, 1)],
      groups,
      [
        { id: 1, seats: 4 },
        { id: 2, seats: 15 },
        { id: 3, seats: 40 },
        { id: 4, seats: 19 },
      ],
      { settings: { ...DEFAULT_PLAN_SETTINGS, fallbackSeats: 15 } },
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    // 80 passengers: the 40-seat bus and the 19-seat minibus first (40 + 16), then the van (12), then the car (4):
    // 72 seated, 8 left for a "vehicle needed" run of 15 seats.
    expect(plan.runs.map((run) => [run.vehicleId, run.seats, run.capacity])).toEqual([
      [3, 40, 40],
      [4, 16, 19],
      [2, 12, 15],
      [1, 4, 4],
      [null, 8, 15],
    ]);
    expect(plan.notes).toEqual([{ code: "vehicle_needed", groupIds: plan.runs[4]!.stops.flatMap((s) => s.groupIds) }]);
  });

  it("never splits a group larger than every vehicle", () => {
    const input = instance([at(5, 0)], [["big", 22, 1], ["small", 2, 1]], [{ id: 1, seats: 15 }]);
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(plan.runs.map((run) => [run.vehicleId, run.seats, run.capacity])).toEqual([
      [1, 2, 15],
      [null, 22, 22],
    ]);
  });

  it("keeps locked runs as the dispatcher left them and plans the rest around them", () => {
    const input = instance(
      [at(10, 0), at(20, 0), at(-10, 0)],
      [
        ["a", 2, 1],
        ["b", 2, 2],
        ["c", 2, 3],
        ["d", 2, 1],
      ],
      [
        { id: 1, seats: 15 },
        { id: 2, seats: 15 },
      ],
      // A dispatcher's odd order (near first), vehicle 1, and a cancelled group "gone".
      { locked: [{ vehicleId: 1, groupIds: ["a", "gone", "b"] }] },
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(plan.runs[0]).toMatchObject({ vehicleId: 1, locked: true, seats: 4 });
    expect(stopIds(plan)[0]).toEqual([["a"], ["b"]]);
    // Its times follow its order: b (20 km out) is 20 min + 3 min from the venue → 18:07; a 10 min + 3 min before.
    expect(plan.runs[0]!.stops.map((stop) => stop.time.toISOString().slice(11, 16))).toEqual(["17:54", "18:07"]);
    expect(plan.runs.slice(1).every((run) => run.vehicleId === 2 && !run.locked)).toBe(true);
  });

  it("gives the same plan for the same input, whatever order the groups come in", () => {
    const input = sampleDay({ passengers: 300, seed: 5 });
    const plan = planLeg(input);
    expect(planLeg(structuredClone(input))).toEqual(plan);
    expect(planLeg({ ...input, groups: [...input.groups].reverse() })).toEqual(plan);
  });
});

describe("planLeg on a generated 2,000-passenger day", () => {
  for (const leg of ["outbound", "return"] as const) {
    it(`${leg}: sound, within the ride limit, and at most 1.15 × the fewest vehicles possible`, () => {
      const input = sampleDay({ passengers: 2000, leg });
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      const passengers = input.groups.reduce((sum, group) => sum + group.seats, 0);
      expect(passengers).toBe(2000);
      const bound = vehicleLowerBound(passengers, input.vehicles, input.settings.fallbackSeats);
      expect(plan.runs.length).toBeLessThanOrEqual(1.15 * bound);
      expect(Math.max(...rides(input, plan))).toBeLessThanOrEqual(input.settings.maxRideMinutes);
      expect(plan.notes.filter((note) => note.code === "ride_over_maximum")).toEqual([]);
    });
  }
});
