import { describe, expect, it } from "vitest";
import { improveRuns, type WorkingRun } from "./improve-runs";
import { scoreRoute, type RouteContext } from "./route";
import type { PickupGroup } from "./types";

// Venue 0; 1 and 3 are north of it, 1 km apart; 2 is south. One minute per km of the line.
const km = [0, 20, -20, 19, -21];
const seconds = km.map((a) => km.map((b) => Math.abs(a - b) * 60));
const ctx: RouteContext = { leg: "outbound", seconds, dwellSeconds: 180, limitSeconds: [5400, 5400, 5400, 5400, 5400] };
const group = (id: string, point: number, seats: number): PickupGroup => ({ id, point, seats, passengerIds: [] });

function run(groups: PickupGroup[], capacity: number): WorkingRun {
  const route = groups.map((g) => ({ point: g.point, seats: g.seats }));
  return { groups, route, score: scoreRoute(ctx, route), seats: groups.reduce((sum, g) => sum + g.seats, 0), capacity };
}

describe("improveRuns", () => {
  it("moves a group to the neighbouring run that passes its door, shortening everyone's ride", () => {
    const north = group("north", 3, 2);
    // A run that crosses the venue to fetch "north" from the other side, and one that passes by it anyway.
    const runs = [run([north, group("south", 2, 3), group("far-south", 4, 1)], 15), run([group("far-north", 1, 4)], 15)];
    const before = runs.reduce((sum, r) => sum + r.score.totalRide, 0);
    const after = improveRuns(ctx, runs);
    expect(after.map((r) => r.groups.map((g) => g.id).sort())).toEqual([["far-south", "south"], ["far-north", "north"]]);
    expect(after[1]!.route.map((stop) => stop.point)).toEqual([1, 3]);
    expect(after.reduce((sum, r) => sum + r.score.totalRide, 0)).toBeLessThan(before);
  });

  it("never moves a group into a full vehicle or past someone's ride limit; empties a run when it can", () => {
    const full = improveRuns(ctx, [run([group("north", 3, 2), group("south", 2, 3)], 5), run([group("far-north", 1, 4)], 5)]);
    expect(full.map((r) => r.groups.length)).toEqual([2, 1]);

    const tight: RouteContext = { ...ctx, limitSeconds: [0, 23 * 60, 5400, 22 * 60, 5400] };
    const limited = improveRuns(tight, [run([group("north", 3, 2)], 15), run([group("far-north", 1, 4)], 15)]);
    expect(limited.map((r) => r.groups.length)).toEqual([1, 1]);

    // One vehicle fewer comes before shorter rides: far-north rides 4 minutes longer, and one van stays home.
    const merged = improveRuns(ctx, [run([group("north", 3, 2)], 15), run([group("far-north", 1, 4)], 15)]);
    expect(merged.map((r) => r.groups.map((g) => g.id))).toEqual([["far-north", "north"]]);
  });
});
