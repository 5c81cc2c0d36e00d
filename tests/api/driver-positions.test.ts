/**
 * The van's positions: the driver's phone sends fixes of its run in batches (POST /shop-api/driver/positions). Only
 * the run's own driver, only fixes within the run's window and valid coordinates; a refused batch stores nothing;
 * a batch sent again (the offline queue retried) or sent late and out of order stores each fix once; the live
 * screens read the last fix per run (latestPositions).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { vehiclePositions } from "../../src/server/db/schema";
import { latestPositions } from "../../src/server/services/dispatch/positions";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { driverRunSetting } from "../helpers/driver-run";

let shop: TestShop;
let day: Awaited<ReturnType<typeof driverRunSetting>>;

type Stored = { stored: number; duplicates: number };
const send = (token: string, runId: number, positions: Record<string, unknown>[]) => shop.call<Stored>("POST", "/shop-api/driver/positions", { runId, positions }, { token });
const fix = (minutes: number, lat = 4.7, lon = -74.05) => ({ lat, lon, accuracy: 12, at: day.at(minutes).toISOString() });
const storedRows = () => shop.db.select().from(vehiclePositions).where(eq(vehiclePositions.runId, day.run.id));
/** Lets the driver's call bucket fill again (5 calls a second, 10 at most: the tests call faster than a phone). */
const rest = () => new Promise((resolve) => setTimeout(resolve, 2_100));

beforeAll(async () => {
  shop = await openTestShop();
  day = await driverRunSetting(shop);
  day.moveTo(30);
});
afterAll(async () => {
  await shop?.close();
});

describe("POST /shop-api/driver/positions", () => {
  it("tells the phone the window in which it shares positions: 2 h before the first pick-up to 2 h after the last drop-off", () => {
    expect(new Date(day.mine.sharing.from).getTime()).toBe(day.at(-120).getTime());
    expect(new Date(day.mine.sharing.until).getTime()).toBe(new Date(day.mine.arrivesAt).getTime() + 120 * 60_000);
  });

  it("stores the run driver's fixes and answers who heard of them", async () => {
    const heard: number[] = [];
    // The process's live feed hears of the batch at once (its screens need not wait for a poll).
    const live = shop.app.live;
    const announce = live.announce;
    live.announce = (runIds, positionId) => {
      heard.push(...runIds);
      announce(runIds, positionId);
    };
    const answer = await send(day.driver.token, day.run.id, [fix(1), fix(2, 4.71, -74.04)]).finally(() => {
      live.announce = announce;
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ stored: 2, duplicates: 0 });
    expect(heard).toEqual([day.run.id]);
    const rows = await storedRows();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.driverUserId === day.driver.id && row.accuracyM === 12)).toBe(true);
  });

  it("takes an offline batch sent late and out of order, each fix once, and the latest by its own time wins", async () => {
    const queued = [fix(9, 4.72, -74.03), fix(5), fix(7), fix(6)];
    const first = await send(day.driver.token, day.run.id, queued);
    expect(first.body.data).toEqual({ stored: 4, duplicates: 0 });
    // The phone did not hear the answer and sends the queue again, with one fix taken since.
    const again = await send(day.driver.token, day.run.id, [...queued, fix(8)]);
    expect(again.body.data).toEqual({ stored: 1, duplicates: 4 });
    // The same instant twice in one batch is one fix.
    expect((await send(day.driver.token, day.run.id, [fix(10), fix(10, 1, 1)])).body.data).toEqual({ stored: 1, duplicates: 1 });
    expect(await storedRows()).toHaveLength(2 + 6);
    const latest = (await latestPositions(shop.db, [day.run.id, 999_999])).get(day.run.id)!;
    expect(latest.at.getTime()).toBe(day.at(10).getTime());
    expect((await latestPositions(shop.db, [999_999])).size).toBe(0);
    // A fix older than the latest arrives after it: the latest stays.
    await send(day.driver.token, day.run.id, [fix(3, 1, 1)]);
    expect((await latestPositions(shop.db, [day.run.id])).get(day.run.id)!.at.getTime()).toBe(day.at(10).getTime());
  });

  it("stores each fix once when the same queued batch arrives many times at once (a phone retrying on a bad network)", async () => {
    const before = (await storedRows()).length;
    const queued = [fix(20), fix(21, 4.71), fix(22, 4.72), fix(23, 4.73)];
    const answers = await Promise.all(Array.from({ length: 4 }, () => send(day.driver.token, day.run.id, queued)));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.stored, 0)).toBe(4);
    expect(answers.reduce((sum, answer) => sum + answer.body.data.duplicates, 0)).toBe(3 * 4);
    expect(await storedRows()).toHaveLength(before + 4);
  });

  it("refuses another driver, and a staff member or customer, storing nothing", async () => {
    const before = (await storedRows()).length;
    const other = await send(day.otherDriver.token, day.run.id, [fix(11)]);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ success: false, code: "positions_not_your_run" });
    expect((await send(day.driver.token, 999_999, [fix(11)])).status).toBe(403);
    expect((await send(day.staff.token, day.run.id, [fix(11)])).status).toBe(403);
    expect((await send((await shop.buyer()).token, day.run.id, [fix(11)])).status).toBe(403);
    expect((await shop.call("POST", "/shop-api/driver/positions", { runId: day.run.id, positions: [fix(11)] })).status).toBe(401);
    expect(await storedRows()).toHaveLength(before);
  });

  it("refuses a batch with any fix outside the run's window or in the future, storing none of it", async () => {
    await rest();
    const before = (await storedRows()).length;
    const early = await send(day.driver.token, day.run.id, [fix(12), fix(-121)]);
    expect(early.status).toBe(422);
    expect(early.body).toMatchObject({ success: false, code: "positions_outside_window" });
    const future = await send(day.driver.token, day.run.id, [fix(12), fix(45)]);
    expect(future.status).toBe(422);
    expect(await storedRows()).toHaveLength(before);
    // Hours later, the run long over: a fix of the run's time is still taken (the queue of a phone that was offline).
    day.moveTo(24 * 60);
    expect((await send(day.driver.token, day.run.id, [fix(12)])).body.data).toEqual({ stored: 1, duplicates: 0 });
    day.moveTo(30);
  });

  it("refuses bad input: coordinates out of range, no fixes, more than 100, a date that is not one", async () => {
    const bad = [
      [{ ...fix(13), lat: 91 }],
      [{ ...fix(13), lon: -180.5 }],
      [{ ...fix(13), accuracy: -1 }],
      [{ ...fix(13), at: "yesterday" }],
      [{ lat: 4.7, lon: -74, at: fix(13).at }],
      [],
      Array.from({ length: 101 }, (_, index) => ({ ...fix(0), at: new Date(day.at(0).getTime() + index * 1000).toISOString() })),
    ];
    const before = (await storedRows()).length;
    for (const positions of bad) {
      const answer = await send(day.driver.token, day.run.id, positions);
      expect(answer.status, JSON.stringify(positions).slice(0, 80)).toBe(422);
      expect(answer.body).toMatchObject({ success: false, code: "validation_failed" });
    }
    await rest();
    const outOfRange = await send(day.driver.token, day.run.id, [{ ...fix(13), lat: -95 }]);
    expect(JSON.stringify(outOfRange.body)).toMatch(/latitud|latitude/i);
    expect(await storedRows()).toHaveLength(before);
    // 100 is the most one call takes.
    const hundred = Array.from({ length: 100 }, (_, index) => ({ ...fix(0), at: new Date(day.at(15).getTime() + index * 1000).toISOString() }));
    expect((await send(day.driver.token, day.run.id, hundred)).body.data).toEqual({ stored: 100, duplicates: 0 });
  });
});
