import { describe, expect, it } from "vitest";
import { LEG, type Leg } from "../../../../shared/domain/legs";
import type { RouteContext } from "./route";
import { scoreRoute } from "./route";
import { shortenDrives, type SearchRun } from "./shorten-drives";
import type { PickupGroup } from "./types";

// Points on a line through the venue (point 0 at x = 0), a minute of driving per unit.
const X = [0, 20, 10, -20, -10];
const seconds = X.map((a) => X.map((b) => Math.abs(a - b) * 60));
const group = (id: string, point: number, extra: Partial<PickupGroup> = {}): PickupGroup => ({ id, passengerIds: [point], seats: 1, point, ...extra });
const east20 = group("e20", 1);
const east10 = group("e10", 2);
const west20 = group("w20", 3);
const west10 = group("w10", 4);

function context(leg: Leg, limitMinutes = 1000): RouteContext {
  return { leg, seconds, dwellSeconds: 0, limitSeconds: X.map(() => limitMinutes * 60) };
}

const run = (groups: PickupGroup[], capacity = 2, carries: SearchRun["carries"] = []): SearchRun => ({
  stops: groups.map((one) => ({ point: one.point, groups: [one] })),
  capacity,
  carries,
});

const limits = { rounds: 200, milliseconds: 60_000, seed: 1 };
const minutes = (ctx: RouteContext, runs: SearchRun[]) =>
  runs.reduce((sum, one) => sum + scoreRoute(ctx, one.stops.map((stop) => ({ point: stop.point, seats: stop.groups.length }))).duration / 60, 0);
const members = (runs: SearchRun[]) => runs.map((one) => one.stops.flatMap((stop) => stop.groups.map((g) => g.id)).sort()).sort();

describe("shortenDrives", () => {
  it("regroups two vans that each cross the venue into one van per side, both legs", () => {
    for (const leg of [LEG.outbound, LEG.return]) {
      const ctx = context(leg);
      const crossed = [run([east20, west10]), run([west20, east10])];
      // Before: 30 + 10 per van to the venue, 20 + 30 per van from it; after: 20 per side.
      expect(minutes(ctx, crossed)).toBe(leg === LEG.outbound ? 80 : 100);
      const shorter = shortenDrives(ctx, crossed, limits);
      expect(minutes(ctx, shorter)).toBe(40);
      expect(members(shorter)).toEqual([["e10", "e20"], ["w10", "w20"]]);
    }
  });

  it("never fills a van past its seats, nor puts a passenger past their ride limit", () => {
    const ctx = context(LEG.outbound);
    // One seat a van: nobody can join anybody, whatever it would save.
    const single = shortenDrives(ctx, [run([east20], 1), run([west20], 1), run([east10], 1), run([west10], 1)], limits);
    expect(single).toHaveLength(4);
    expect(minutes(ctx, single)).toBe(60);
    // A 25-minute limit: e20 rides 20 alone and 20 with e10 picked up on the way (same line), w20 likewise.
    const limited = context(LEG.outbound, 25);
    const alone = [run([east20]), run([east10]), run([west20]), run([west10])];
    const shorter = shortenDrives(limited, alone, limits);
    for (const one of shorter) {
      const score = scoreRoute(limited, one.stops.map((stop) => ({ point: stop.point, seats: stop.groups.length })));
      expect(score.overLimit).toBe(0);
      expect(one.stops.length).toBeLessThanOrEqual(one.capacity);
    }
  });

  it("moves a wheelchair user into the van that carries a wheelchair, using a van fewer when it can", () => {
    const ctx = context(LEG.outbound);
    const wheelchairGroup = group("w10", 4, { needs: ["wheelchair"] });
    const runs = [run([east20, east10], 3), run([west20, wheelchairGroup], 2), { stops: [], capacity: 2, carries: ["wheelchair" as const] }];
    const shorter = shortenDrives(ctx, runs, limits);
    const carrying = shorter.find((one) => one.stops.some((stop) => stop.groups.includes(wheelchairGroup)))!;
    expect(carrying.carries).toEqual(["wheelchair"]);
    expect(members(shorter).flat().sort()).toEqual(["e10", "e20", "w10", "w20"]);
  });

  it("answers the same plan for the same seed, and a whole plan when stopped at once", () => {
    const ctx = context(LEG.return);
    const crossed = [run([east20, west10]), run([west20, east10])];
    expect(shortenDrives(ctx, crossed, { ...limits, seed: 7 })).toEqual(shortenDrives(ctx, crossed, { ...limits, seed: 7 }));
    const stopped = shortenDrives(ctx, crossed, { ...limits, shouldStop: () => true });
    expect(members(stopped)).toEqual(members(crossed));
  });
});
