import { describe, expect, it } from "vitest";
import { estimateMatrix } from "../../../geo/travel-time-estimate";
import { vehicleLowerBound } from "./fleet";
import { planLeg } from "./plan-leg";
import { DEFAULT_TRAVEL_TIME_ESTIMATE } from "../../../geo/travel-time-estimate";
import { DEFAULT_PLAN_SETTINGS, SAMPLE_VENUE, sampleDay } from "../../../seed/dispatch-sample-day";
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
    // A later wave moves from the usual time by at most the wave wait: outbound earlier, return later.
    const wait = run.wave > 1 || input.leg === "outbound" ? input.settings.waveWaitMinutes * 60_000 : 0;
    if (input.leg === "outbound") {
      const usual = input.anchor.getTime() - input.settings.arrivalMarginMinutes * 60_000;
      expect(run.departs.getTime()).toBeGreaterThan(times[0]!);
      expect(run.arrives.getTime()).toBeLessThanOrEqual(usual);
      expect(run.arrives.getTime()).toBeGreaterThanOrEqual(usual - wait);
    } else {
      const usual = input.anchor.getTime() + input.settings.departureMarginMinutes * 60_000;
      expect(run.departs.getTime()).toBeGreaterThanOrEqual(usual);
      expect(run.departs.getTime()).toBeLessThanOrEqual(usual + wait);
      expect(times[0]).toBeGreaterThan(input.anchor.getTime());
      expect(run.arrives.getTime()).toBe(times[times.length - 1]);
    }
  }
  // Each passenger exactly once: every group once, groups never split.
  expect([...seen].sort()).toEqual(input.groups.map((group) => group.id).sort());
  // A vehicle's runs are its waves 1, 2, ... one after the other, never overlapping, within one shift.
  const byVehicle = new Map<number, Plan["runs"]>();
  for (const run of plan.runs) if (run.vehicleId !== null) byVehicle.set(run.vehicleId, [...(byVehicle.get(run.vehicleId) ?? []), run]);
  for (const runs of byVehicle.values()) {
    const inOrder = [...runs].sort((a, b) => a.departs.getTime() - b.departs.getTime());
    expect(inOrder.map((run) => run.wave)).toEqual(inOrder.map((_, k) => k + 1));
    for (let k = 1; k < inOrder.length; k++) expect(inOrder[k]!.departs.getTime()).toBeGreaterThan(inOrder[k - 1]!.arrives.getTime());
    if (inOrder.length > 1) expect(shiftMinutes(input, inOrder)).toBeLessThanOrEqual(input.settings.maxShiftMinutes);
  }
}

/** A vehicle's shift over its runs of the leg: from the first stop (outbound) or leaving the venue (return) to the end. */
function shiftMinutes(input: PlanInput, runs: Plan["runs"]): number {
  const start = Math.min(...runs.map((run) => (input.leg === "outbound" ? run.stops[0]!.time : run.departs).getTime()));
  const end = Math.max(...runs.map((run) => run.arrives.getTime()));
  return (end - start) / 60_000;
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

  it("pools two passengers of one far town in one van: their limit is their direct ride plus a third of the maximum", () => {
    // Two addresses of a town about 100 km out (1 min per km: direct rides of 98 and 103 minutes, over the 90).
    const input = instance(
      [at(100, 0), at(95, 0.5)],
      [
        ["remote", 2, 1],
        ["near-remote", 2, 2],
      ],
      [{ id: 1, seats: 15 }, { id: 2, seats: 15 }],
    );
    for (const leg of ["outbound", "return"] as const) {
      const plan = planLeg({ ...input, leg });
      expectSoundPlan({ ...input, leg }, plan);
      expect(plan.runs).toHaveLength(1);
      const direct = (point: number) => (leg === "outbound" ? input.seconds[point]![0]! + 180 : input.seconds[0]![point]!) / 60;
      const ride = rides({ ...input, leg }, plan);
      expect(Math.max(...ride)).toBeLessThanOrEqual(Math.max(direct(1), direct(2)) + 30);
      expect(plan.notes).toEqual([{ code: "ride_over_maximum", groupIds: expect.arrayContaining(["remote", "near-remote"]) }]);
    }
  });

  it("fills the largest vehicles of a mixed fleet and marks runs beyond the fleet as vehicle needed (no second waves)", () => {
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
      { settings: { ...DEFAULT_PLAN_SETTINGS, fallbackSeats: 15, waveWaitMinutes: 0 } },
    );
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    // 80 passengers: the 40-seat bus and the 19-seat minibus first (40 + 16), then the van (12); the car's 4 ride
    // with the 8 left over in one "vehicle needed" run of 15 seats (one vehicle fewer than using the car too).
    expect(plan.runs.map((run) => [run.vehicleId, run.seats, run.capacity])).toEqual([
      [3, 40, 40],
      [4, 16, 19],
      [2, 12, 15],
      [null, 12, 15],
    ]);
    expect(plan.notes).toEqual([{ code: "vehicle_needed", groupIds: plan.runs[3]!.stops.flatMap((s) => s.groupIds) }]);

    // With second waves allowed, the run beyond the fleet is a vehicle's second wave instead.
    const waves = { ...input, settings: { ...input.settings, waveWaitMinutes: 60 } };
    const withWaves = planLeg(waves);
    expectSoundPlan(waves, withWaves);
    expect(withWaves.runs.every((run) => run.vehicleId !== null)).toBe(true);
    expect(withWaves.runs.filter((run) => run.wave === 2)).toHaveLength(1);
    expect(withWaves.notes).toEqual([]);
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

  it("pools 19 passengers of five Bogotá localidades into two vans, not one per localidad", () => {
    const fifteenSeaters = [1, 2, 3, 4, 5].map((id) => ({ id, seats: 15 }));
    for (const atCentroids of [true, false]) {
      const input = sampleDay({ passengers: 19, counties: 5, seed: 3, vehicles: fifteenSeaters, atCentroids });
      expect(new Set(input.groups.map((group) => group.point)).size).toBeGreaterThanOrEqual(5);
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      expect(plan.runs).toHaveLength(2);
      expect(plan.runs.reduce((sum, run) => sum + run.seats, 0)).toBe(19);
      expect(Math.max(...rides(input, plan))).toBeLessThanOrEqual(90);
    }
  });

  it("gives the same plan for the same input, whatever order the groups come in", () => {
    // The search for shorter drives is bounded by its rounds here, not cut short by the clock of a busy machine.
    const day = sampleDay({ passengers: 300, seed: 5 });
    const input = { ...day, settings: { ...day.settings, searchMilliseconds: 600_000, searchRounds: 3000 } };
    const plan = planLeg(input);
    expect(planLeg(structuredClone(input))).toEqual(plan);
    expect(planLeg({ ...input, groups: [...input.groups].reverse() })).toEqual(plan);
  });
});

describe("planLeg on many generated days", () => {
  it("keeps every rule with mixed fleets, short fleets, locked runs and both legs", () => {
    const fleets: PlanVehicle[][] = [
      [],
      [{ id: 1, seats: 4 }],
      [
        { id: 1, seats: 15 },
        { id: 2, seats: 19 },
        { id: 3, seats: 40 },
        { id: 4, seats: 4 },
        { id: 5, seats: 15 },
      ],
    ];
    for (let seed = 1; seed <= 12; seed++) {
      for (const leg of ["outbound", "return"] as const) {
        const vehicles = fleets[seed % fleets.length]!;
        const base = sampleDay({ passengers: 20 + seed * 7, counties: 3 + seed * 2, seed, leg, vehicles, atCentroids: seed % 2 === 0 });
        const first = base.groups.slice(0, 3).map((group) => group.id);
        const input: PlanInput = { ...base, locked: seed % 3 === 0 ? [{ vehicleId: vehicles[0]?.id ?? null, groupIds: first }] : [] };
        const plan = planLeg(input);
        expectSoundPlan(input, plan);
        const direct = (point: number) => (leg === "outbound" ? input.seconds[point]![0]! + 180 : input.seconds[0]![point]!) / 60;
        // Past the maximum, a passenger's limit is their direct ride plus a third of the maximum (ride-limits.ts).
        const limit = Math.max(...input.groups.map((group) => (direct(group.point) > 90 ? direct(group.point) + 30 : 90)));
        // Locked runs are the dispatcher's: only the planned ones are held to the limit.
        expect(Math.max(0, ...rides(input, { ...plan, runs: plan.runs.filter((run) => !run.locked) }))).toBeLessThanOrEqual(limit);
        if (vehicles.length === 0) expect(plan.runs.every((run) => run.vehicleId === null && run.capacity === 15)).toBe(true);
        if (input.locked.length > 0) expect(plan.runs[0]!.stops.flatMap((stop) => stop.groupIds)).toEqual(first);
      }
    }
  });

  it("answers an empty plan for a date with nobody to carry", () => {
    const input = instance([], [], [{ id: 1, seats: 15 }]);
    expect(planLeg(input)).toEqual({ runs: [], notes: [] });
  });
});

/** Places of Bogotá and Cundinamarca (gazetteer centres, rounded). */
const PLACES = {
  usaquen: { lat: 4.703, lon: -74.03 },
  suba: { lat: 4.741, lon: -74.084 },
  kennedy: { lat: 4.628, lon: -74.155 },
  bosa: { lat: 4.618, lon: -74.19 },
  chia: { lat: 4.8617, lon: -74.0322 },
  cajica: { lat: 4.9185, lon: -74.028 },
  zipaquira: { lat: 5.0221, lon: -73.9948 },
  soacha: { lat: 4.5794, lon: -74.2168 },
  fusagasuga: { lat: 4.3365, lon: -74.3638 },
  girardot: { lat: 4.3032, lon: -74.8031 },
  facatativa: { lat: 4.8137, lon: -74.3545 },
  madrid: { lat: 4.7325, lon: -74.2642 },
} satisfies Record<string, LatLon>;

/** A point `km` east of `place` (two addresses of one town). */
const beside = (place: LatLon, km: number): LatLon => ({ lat: place.lat, lon: place.lon + km / (111.32 * Math.cos((place.lat * Math.PI) / 180)) });

/** The demo's Colombian fleet: six 15-seat vans and the 25-seat minibus. */
const DEMO_FLEET: PlanVehicle[] = [1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, seats: id === 4 ? 25 : 15 }));

/** The shop's straight-line travel-time estimate, as in demo mode. */
function spreadDay(leg: "outbound" | "return", places: LatLon[], groups: [string, number, number][], vehicles = DEMO_FLEET): PlanInput {
  const base = instance(places, groups, vehicles, { leg });
  const points = [SAMPLE_VENUE, ...places];
  return { ...base, points, seconds: estimateMatrix(points, DEFAULT_TRAVEL_TIME_ESTIMATE) };
}

describe("planLeg on spread-out days", () => {
  it("puts two passengers of Girardot booked for the same start in one van, both legs", () => {
    const places = [beside(PLACES.girardot, 0), beside(PLACES.girardot, 1.2), PLACES.suba];
    for (const leg of ["outbound", "return"] as const) {
      const input = spreadDay(leg, places, [
        ["g1", 1, 1],
        ["g2", 2, 2],
        ["suba", 3, 3],
      ]);
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      const girardot = plan.runs.filter((run) => run.stops.some((stop) => stop.point === 1 || stop.point === 2));
      expect(girardot).toHaveLength(1);
      expect(girardot[0]!.stops.flatMap((stop) => stop.groupIds).sort()).toEqual(expect.arrayContaining(["g1", "g2"]));
    }
  });

  it("plans 24 passengers over 12 counties of Bogotá and Cundinamarca in as few vans on the return as on the way in", () => {
    const names = Object.keys(PLACES) as (keyof typeof PLACES)[];
    const places = names.flatMap((name) => [beside(PLACES[name], -0.4), beside(PLACES[name], 0.5)]);
    const groups: [string, number, number][] = places.map((_, k) => [`p${k + 1}`, 1, k + 1]);
    const counts: Record<string, number> = {};
    for (const leg of ["outbound", "return"] as const) {
      const input = spreadDay(leg, places, groups);
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      counts[leg] = plan.runs.length;
      // Never two runs from one county when one vehicle would take both: no two runs could become one.
      for (const [a, b] of plan.runs.flatMap((one, i) => plan.runs.slice(i + 1).map((other) => [one, other] as const))) {
        const together = planLeg({ ...input, groups: input.groups.filter((group) => [...a.stops, ...b.stops].some((stop) => stop.groupIds.includes(group.id))) });
        expect(together.runs.length).toBe(2);
      }
    }
    expect(counts.return).toBeLessThanOrEqual(counts.outbound!);
    // The fewest runs this day's return can have, proven with the reference bench's solver (optimum.ts): 8.
    expect(counts.return).toBe(8);
  });
});

describe("the vehicle mix, second waves and shifts", () => {
  it("puts the 25-seat minibus on the road when it saves a run, and a 15-seat van where one is enough", () => {
    // 10 passengers 30 km east, 20 passengers in five groups 30 km west: one vehicle cannot take both sides.
    const groups: [string, number, number][] = [
      ["e1", 4, 1],
      ["e2", 3, 1],
      ["e3", 3, 1],
      ...[1, 2, 3, 4, 5].map((k): [string, number, number] => [`w${k}`, 4, 2]),
    ];
    const input = instance([at(0, 30), at(0, -30)], groups, [
      { id: 1, seats: 15 },
      { id: 2, seats: 15 },
      { id: 3, seats: 25 },
    ]);
    const plan = planLeg(input);
    expectSoundPlan(input, plan);
    expect(plan.runs.map((run) => [run.vehicleId, run.seats]).sort()).toEqual([
      [1, 10],
      [3, 20],
    ]);
  });

  it("runs a second wave with a vehicle whose first ends in time, both legs", () => {
    // One van, two places 5 km out on either side with 12 passengers each.
    const groups: [string, number, number][] = [
      ["n1", 4, 1],
      ["n2", 4, 1],
      ["n3", 4, 1],
      ["s1", 4, 2],
      ["s2", 4, 2],
      ["s3", 4, 2],
    ];
    for (const leg of ["outbound", "return"] as const) {
      const input = instance([at(5, 0), at(-5, 0)], groups, [{ id: 9, seats: 15 }], { leg });
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      expect(plan.runs.map((run) => [run.vehicleId, run.wave]).sort()).toEqual([
        [9, 1],
        [9, 2],
      ]);
      expect(plan.notes).toEqual([]);
      const [first, second] = [...plan.runs].sort((a, b) => a.wave - b.wave) as [Plan["runs"][0], Plan["runs"][0]];
      // Outbound the first wave arrives early enough to fetch the second; return the second leaves when the van
      // is back from the first.
      // Outbound: 5 min to the venue + 3 unloading + 5 back out + 3 boarding; return: 5 out + 3 unloading + 5 back.
      if (leg === "outbound") expect((second.arrives.getTime() - first.arrives.getTime()) / 60_000).toBe(16);
      else expect((second.departs.getTime() - first.departs.getTime()) / 60_000).toBe(13);
      // Each run says how far it was moved, so re-timing it later (an edit, a shifted leg) keeps it there.
      expect([first.waveMinutes, second.waveMinutes]).toEqual(leg === "outbound" ? [16, 0] : [0, 13]);
      // Locked as it stands, the moved wave keeps its time through a re-plan.
      const moved = leg === "outbound" ? first : second;
      const kept = planLeg({ ...input, locked: [{ vehicleId: 9, groupIds: moved.stops.flatMap((stop) => stop.groupIds), waveMinutes: moved.waveMinutes }] });
      const again = kept.runs.find((run) => run.locked)!;
      expect([again.departs, again.arrives, again.waveMinutes]).toEqual([moved.departs, moved.arrives, moved.waveMinutes]);
    }
  });

  it("never gives a driver a longer shift than the maximum: the run is vehicle needed instead", () => {
    const groups: [string, number, number][] = [
      ["n1", 12, 1],
      ["s1", 12, 2],
    ];
    for (const leg of ["outbound", "return"] as const) {
      // Two waves take 24 min outbound (16 early + the first's 8) and 18 on the return (13 + 5): over 15.
      const settings = { ...DEFAULT_PLAN_SETTINGS, maxShiftMinutes: 15 };
      const input = instance([at(5, 0), at(-5, 0)], groups, [{ id: 9, seats: 15 }], { leg, settings });
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      expect(plan.runs.map((run) => run.vehicleId).sort()).toEqual([9, null]);
      expect(plan.notes.map((note) => note.code)).toEqual(["vehicle_needed"]);
      // With a long enough shift, the same van runs both waves.
      const longer = { ...input, settings: { ...settings, maxShiftMinutes: 40 } };
      expect(planLeg(longer).runs.map((run) => run.vehicleId)).toEqual([9, 9]);
    }
  });
});

describe("needs on board", () => {
  it("pools a wheelchair user only into a run the wheelchair van has the seats for, so every run has a vehicle", () => {
    // 13 passengers east (one in a wheelchair), 11 west; vans of 15 and 15 and a 10-seat wheelchair van. Pooled by
    // place alone the wheelchair user rides in the 13-seat east run, which no vehicle carrying a wheelchair fits.
    const groups: [string, number, number][] = [
      ["e1", 4, 1],
      ["e2", 4, 2],
      ["e3", 4, 3],
      ["wheelchair", 1, 2],
      ["w1", 4, 4],
      ["w2", 4, 5],
      ["w3", 3, 4],
    ];
    const fleet: PlanVehicle[] = [
      { id: 1, seats: 15 },
      { id: 2, seats: 15 },
      { id: 3, seats: 10, carries: ["wheelchair"] },
    ];
    for (const leg of ["outbound", "return"] as const) {
      const input = instance([at(0, 10), at(0, 11), at(1, 12), at(0, -10), at(1, -11)], groups, fleet, { leg });
      input.groups.find((group) => group.id === "wheelchair")!.needs = ["wheelchair"];
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      expect(plan.runs.every((run) => run.vehicleId !== null)).toBe(true);
      expect(plan.runs.find((run) => run.stops.some((stop) => stop.groupIds.includes("wheelchair")))!.vehicleId).toBe(3);
      expect(plan.notes).toEqual([]);
    }
  });

  it("gives the one wheelchair van to the run that needs it, and leaves a need no vehicle carries as vehicle needed", () => {
    // 10 passengers 30 km east, 4 passengers 30 km west (one of them in a wheelchair): two runs, too far apart
    // for one van to run both as waves.
    const groups: [string, number, number][] = [
      ["e1", 10, 1],
      ["w1", 4, 2],
    ];
    const fleet: PlanVehicle[] = [
      { id: 1, seats: 15, carries: ["wheelchair"] },
      { id: 2, seats: 15 },
    ];
    for (const leg of ["outbound", "return"] as const) {
      const input = instance([at(0, 30), at(0, -30)], groups, fleet, { leg });
      input.groups[1]!.needs = ["wheelchair"];
      const plan = planLeg(input);
      expectSoundPlan(input, plan);
      const vehicleOf = (id: string) => plan.runs.find((run) => run.stops.some((stop) => stop.groupIds.includes(id)))!.vehicleId;
      // The larger run would take van 1 if runs chose by size alone; the wheelchair run chooses first.
      expect([vehicleOf("e1"), vehicleOf("w1")]).toEqual([2, 1]);
      expect(plan.notes).toEqual([]);

      const nobody = instance([at(0, 30), at(0, -30)], groups, fleet.map(({ id, seats }) => ({ id, seats })), { leg });
      nobody.groups[1]!.needs = ["wheelchair"];
      const unmet = planLeg(nobody);
      expectSoundPlan(nobody, unmet);
      expect(unmet.runs.find((run) => run.stops.some((stop) => stop.groupIds.includes("w1")))!.vehicleId).toBeNull();
      expect(unmet.notes).toEqual([
        { code: "vehicle_needed", groupIds: ["w1"] },
        { code: "needs_unmet", groupIds: ["w1"] },
      ]);
    }
  });
});

describe("shifts across both legs", () => {
  it("does not give a vehicle a return run that would take its driver's day, outbound included, past the maximum", () => {
    // The return leaves at 23:15 and drops off at 23:20; vehicle 1 drove the outbound from 14:00, vehicle 2 from 16:00.
    const input = instance([at(5, 0)], [["a", 4, 1]], [
      { id: 1, seats: 15, busy: { from: new Date("2026-12-05T14:00:00Z"), until: new Date("2026-12-05T18:30:00Z") } },
      { id: 2, seats: 15, busy: { from: new Date("2026-12-05T16:00:00Z"), until: new Date("2026-12-05T18:30:00Z") } },
    ], { leg: "return", anchor: new Date("2026-12-05T23:00:00Z"), settings: { ...DEFAULT_PLAN_SETTINGS, maxShiftMinutes: 8 * 60 } });
    expect(planLeg(input).runs.map((run) => run.vehicleId)).toEqual([2]);
    const tighter = { ...input, settings: { ...input.settings, maxShiftMinutes: 7 * 60 } };
    expect(planLeg(tighter).runs.map((run) => run.vehicleId)).toEqual([null]);
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
