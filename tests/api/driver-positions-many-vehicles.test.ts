/**
 * Many vehicles posting at once (POST /shop-api/driver/positions): the shop reads the posts of a few milliseconds in one
 * statement and writes their fixes in one, but every post is answered as if it came alone. Each van's fix is stored
 * on its own run by its own driver; a bad post among good ones (no longer signed in, not a driver, another driver's
 * run, outside the window, an impossible jump) is refused alone with its own reason; every fix acknowledged is stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inArray } from "drizzle-orm";
import { vehiclePositions } from "../../src/server/db/schema";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { runStatement } from "../../src/server/db/statements";
import { seedTrackingDay, type TrackingDay } from "../../scripts/bench/lib/tracking-day";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let day: TrackingDay;

type Stored = { stored: number; duplicates: number };
const send = (token: string, runId: number, positions: Record<string, unknown>[]) => shop.call<Stored>("POST", "/shop-api/driver/positions", { runId, positions }, { token });
/** A fix of van `index`, `seconds` from now, `north` km north of its first stop. */
const fix = (index: number, seconds: number, north = 0) => ({
  lat: day.runs[index]!.lat + north / 111,
  lon: day.runs[index]!.lon,
  accuracy: 8,
  at: new Date(shop.now().getTime() + seconds * 1_000).toISOString(),
});
const storedOf = (runIds: number[]) => shop.db.select().from(vehiclePositions).where(inArray(vehiclePositions.runId, runIds));

beforeAll(async () => {
  shop = await openTestShop();
  day = await seedTrackingDay(shop.db, { vehicleCount: 10, pages: 10, secret: shop.env.JWT_SECRET!, now: shop.now() });
});
afterAll(async () => {
  await shop?.close();
});

describe("positions of many vehicles posted at once", () => {
  it("answers each van's post as its own and stores each fix on its own run, by its own driver", async () => {
    const vehicles = day.runs.slice(0, 8);
    const answers = await Promise.all(vehicles.map((vehicle, index) => send(vehicle.driverToken, vehicle.runId, [fix(index, -60), fix(index, -50, 0.01)])));
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data).toEqual({ stored: 2, duplicates: 0 });
    }
    const rows = await storedOf(vehicles.map((vehicle) => vehicle.runId));
    expect(rows).toHaveLength(16);
    const drivers = new Map(rows.map((row) => [row.runId, row.driverUserId]));
    expect(new Set(drivers.values()).size).toBe(8);
    for (const vehicle of vehicles) expect(rows.filter((row) => row.runId === vehicle.runId)).toHaveLength(2);
  });

  it("refuses a bad post among good ones alone, with its own reason, and stores the good ones", async () => {
    const [a, b, c, d, e, f, g, h] = day.runs;
    const key = new TextEncoder().encode(shop.env.JWT_SECRET!);
    const driverOfA = (await shop.db.select({ driver: vehiclePositions.driverUserId }).from(vehiclePositions).where(inArray(vehiclePositions.runId, [a!.runId])))[0]!.driver;
    // A token of A's driver that a log-out ended (an older version than the user's).
    const ended = (await signSessionToken(key, { userId: driverOfA, role: "driver", tokenVersion: 7 }, shop.now())).token;
    const customer = (await shop.buyer()).token;
    const posts = [
      send(a!.driverToken, a!.runId, [fix(0, -30, 0.02)]),
      send(ended, a!.runId, [fix(0, -29)]),
      send(customer, b!.runId, [fix(1, -30)]),
      send(c!.driverToken, d!.runId, [fix(3, -30)]),
      send(d!.driverToken, d!.runId, [fix(3, -30, 0.02)]),
      send(e!.driverToken, e!.runId, [fix(4, 3 * 3_600 + 4 * 3_600)]),
      // 50 km from its fixes of a minute ago: no van goes that fast.
      send(f!.driverToken, f!.runId, [fix(5, -10, 50)]),
      send(g!.driverToken, g!.runId, [fix(6, -30, 0.02)]),
      send(h!.driverToken, h!.runId, [fix(7, -30, 0.02)]),
    ];
    const [goodA, notSignedIn, notDriver, notTheirs, goodD, outside, tooFast, goodG, goodH] = await Promise.all(posts);
    for (const good of [goodA, goodD, goodG, goodH]) expect(good!.body.data, JSON.stringify(good!.body)).toEqual({ stored: 1, duplicates: 0 });
    expect(notSignedIn!.status).toBe(401);
    expect(notDriver!.status).toBe(403);
    expect(notTheirs!.status).toBe(403);
    expect(notTheirs!.body).toMatchObject({ success: false, code: "positions_not_your_run" });
    expect(outside!.status).toBe(422);
    expect(outside!.body).toMatchObject({ success: false, code: "positions_outside_window" });
    expect(tooFast!.status).toBe(422);
    expect(tooFast!.body).toMatchObject({ success: false, code: "position_too_fast" });
    const rows = await storedOf(day.runs.slice(0, 8).map((vehicle) => vehicle.runId));
    // The 16 of the first test, and one each for A, D, G and H.
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.runId === b!.runId || row.runId === e!.runId || row.runId === f!.runId)).toHaveLength(6);
  });

  it("stores every fix it acknowledged when the vehicles keep posting while the last statement is under way", async () => {
    const vehicles = day.runs.slice(0, 10);
    const acknowledged: { runId: number; at: string }[] = [];
    await Promise.all(
      vehicles.map(async (vehicle, index) => {
        for (let round = 0; round < 3; round += 1) {
          const one = fix(index, -5 + round * 2, 0.001 * round);
          const answer = await send(vehicle.driverToken, vehicle.runId, [one]);
          expect(answer.status, JSON.stringify(answer.body)).toBe(200);
          if (answer.body.data.stored === 1) acknowledged.push({ runId: vehicle.runId, at: one.at });
        }
      }),
    );
    expect(acknowledged).toHaveLength(30);
    const rows = await storedOf(vehicles.map((vehicle) => vehicle.runId));
    const stored = new Set(rows.map((row) => `${row.runId} ${row.at.getTime()}`));
    for (const one of acknowledged) expect(stored.has(`${one.runId} ${new Date(one.at).getTime()}`)).toBe(true);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))("on PostgreSQL, keeps one plan for the positions' statement on its connections, and only there", async () => {
    const mode = async (planOnce: boolean) =>
      (await runStatement<{ mode: string }>(shop.db, "select current_setting('plan_cache_mode') as mode", [], { planOnce }))[0]!.mode;
    expect(await mode(true)).toBe("force_generic_plan");
    expect(await mode(false)).toBe("auto");
  });
});
