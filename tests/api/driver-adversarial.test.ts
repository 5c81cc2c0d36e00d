/**
 * A hurried or dishonest driver's phone: actions dated in the future, in 1970, or before the driver's own previous
 * action are refused; a no-show before the passenger's published time and wait is refused however the arrival is
 * back-dated; a no-show with the van far from the stop is refused unless the driver confirms, which is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { auditLog } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { driverRunSetting } from "../helpers/driver-run";
import { insertVehiclePosition, northOf } from "../helpers/vehicle-positions";

let shop: TestShop;
let day: Awaited<ReturnType<typeof driverRunSetting>>;
type Result = { nonce: string; outcome: string; code?: string; params?: Record<string, string | number> };
let count = 0;
const outcome = async (action: Record<string, unknown>) =>
  (await shop.call<{ results: Result[] }>("POST", "/shop-api/driver/actions", { actions: [{ nonce: `adversary-${++count}-${Date.now()}`, runId: day.run.id, at: shop.now().toISOString(), ...action }] }, { token: day.driver.token })).body
    .data.results[0]!;
const minutesAgo = (minutes: number) => new Date(shop.now().getTime() - minutes * 60_000).toISOString();

beforeAll(async () => {
  shop = await openTestShop();
  day = await driverRunSetting(shop);
  day.moveTo(-60);
});
afterAll(async () => {
  await shop?.close();
});

describe("the driver's clock", () => {
  it("refuses an action dated in the future or before the run's hours", async () => {
    const stop = day.mine.stops[0]!;
    expect(await outcome({ action: "arrived", stopPosition: 0, at: new Date(shop.now().getTime() + 3_600_000).toISOString() })).toMatchObject({ outcome: "refused", code: "driver_time_future" });
    expect(await outcome({ action: "arrived", stopPosition: 0, at: "1970-01-01T00:00:00Z" })).toMatchObject({ outcome: "refused", code: "driver_time_before_run" });
    expect(await outcome({ action: "check_in", passengerId: stop.passengers[0]!.passengerId, at: "2020-01-01T00:00:00Z" })).toMatchObject({ outcome: "refused", code: "driver_time_before_run" });
    expect((await day.myRuns())[0]!.stops[0]!.arrivedAt).toBeNull();
  });

  it("refuses an action dated before the driver's previous one", async () => {
    expect(await outcome({ action: "arrived", stopPosition: 0, at: minutesAgo(30) })).toMatchObject({ outcome: "done" });
    expect(await outcome({ action: "next_stop", stopPosition: 0, at: minutesAgo(45) })).toMatchObject({ outcome: "refused", code: "driver_time_before_previous" });
  });
});

describe("a no-show", () => {
  it("is refused before the passenger's published time and the wait, whatever the arrival tap says", async () => {
    const stop = day.mine.stops[0]!;
    await insertVehiclePosition(shop.db, { runId: day.run.id, driverId: day.driver.id, ...northOf(stop, 30), at: shop.now() });
    // Arrived 30 minutes ago (back-dated), an hour before the published pick-up: still too early.
    const early = await outcome({ action: "no_show", passengerId: stop.passengers[0]!.passengerId });
    expect(early).toMatchObject({ outcome: "refused", code: "no_show_too_early" });
    expect(early.params?.time).toMatch(/\d{1,2}:\d{2}/);
    expect((await day.myRuns())[0]!.stops[0]!.passengers[0]!.state).toBe("waiting");
  });

  it("is refused with the van far from the stop, and taken on the driver's confirmation, which is audited", async () => {
    const stop = day.mine.stops[0]!;
    const passenger = stop.passengers[0]!;
    shop.clock.offset = new Date(stop.time).getTime() + 10 * 60_000 - Date.now();
    await insertVehiclePosition(shop.db, { runId: day.run.id, driverId: day.driver.id, ...northOf(stop, 5_000), at: shop.now() });
    const far = await outcome({ action: "no_show", passengerId: passenger.passengerId });
    expect(far).toMatchObject({ outcome: "refused", code: "no_show_far_from_stop", params: { distance: "5.0 km" } });
    expect(await day.myRuns().then((runs) => runs[0]!.stops[0]!.passengers[0]!.state)).toBe("waiting");
    expect(await outcome({ action: "no_show", passengerId: passenger.passengerId, override: true })).toMatchObject({ outcome: "done" });
    const audited = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "no-shows"), eq(auditLog.resourceId, passenger.passengerId)));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ action: "dispatch_override", userId: day.driver.id });
    expect(await day.myRuns().then((runs) => runs[0]!.stops[0]!.passengers[0]!.state)).toBe("no_show");
  });
});
