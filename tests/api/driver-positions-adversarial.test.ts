/**
 * A phone gone wrong or a dishonest one, sending positions: each fix a van could not have is refused with its reason
 * (outside the run's country, (0, 0), too imprecise, impossibly fast from the fix before), while GPS jitter and a
 * short jump seconds after a fix are taken; fixes less than a second apart are one; a flood of calls gets 429 and
 * the live screens hear of a run at most once a second. Bad input is refused with words that say what is wrong.
 * The phone's sharing ends once the run's last stop is done.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { vehiclePositions } from "../../src/server/db/schema";
import { MAX_DRIVER_ACTIONS_PER_CALL, MAX_POSITIONS_PER_CALL } from "../../src/shared/domain/dispatch";
import { MAX_ACCURACY_METERS } from "../../src/server/services/dispatch/positions";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { driverRunSetting } from "../helpers/driver-run";
import { insertVehiclePosition } from "../helpers/vehicle-positions";

let shop: TestShop;
let day: Awaited<ReturnType<typeof driverRunSetting>>;

type Stored = { stored: number; duplicates: number };
const send = (positions: Record<string, unknown>[], token = day.driver.token) => shop.call<Stored>("POST", "/shop-api/driver/positions", { runId: day.run.id, positions }, { token });
/** A fix `seconds` after the run's departure, in Bogotá by default. */
const fix = (seconds: number, lat = 4.7, lon = -74.05, accuracy: number | null = 12) => ({ lat, lon, accuracy, at: new Date(day.at(0).getTime() + seconds * 1000).toISOString() });
const storedRows = () => shop.db.select().from(vehiclePositions).where(eq(vehiclePositions.runId, day.run.id));
/** Lets the driver's call bucket fill again (5 calls a second, 10 at most). */
const rest = () => new Promise((resolve) => setTimeout(resolve, 2_100));

beforeAll(async () => {
  shop = await openTestShop();
  day = await driverRunSetting(shop);
  // 140 minutes after the run set off: every fix below is in its window and in the past.
  day.moveTo(140);
});
afterAll(async () => {
  await shop?.close();
});

describe("a position the van could not have", () => {
  it("is refused at (0, 0), outside the run's country and when too imprecise, each with its reason, storing nothing", async () => {
    const before = (await storedRows()).length;
    const nullIsland = await send([fix(10, 0, 0)]);
    expect(nullIsland.status).toBe(422);
    expect(nullIsland.body).toMatchObject({ success: false, code: "position_null_island" });
    // Madrid, for a run in Bogotá.
    const abroad = await send([fix(20, 40.42, -3.7)]);
    expect(abroad.status).toBe(422);
    expect(abroad.body).toMatchObject({ code: "position_outside_country" });
    const vague = await send([fix(30, 4.7, -74.05, MAX_ACCURACY_METERS + 1)]);
    expect(vague.status).toBe(422);
    expect(vague.body).toMatchObject({ code: "position_inaccurate" });
    expect(vague.body.message).toMatch(/imprecisa \(más de 1[.,]?000 m\)/);
    expect(await storedRows()).toHaveLength(before);
  });

  it("is refused when reaching it from the fix before would need more than 200 km/h, judged over at least a minute", async () => {
    await rest();
    expect((await send([fix(1000)])).body.data).toEqual({ stored: 1, duplicates: 0 });
    // Medellín (about 240 km away) ten minutes later: 1,440 km/h.
    const jump = await send([fix(1600, 6.25, -75.57)]);
    expect(jump.status).toBe(422);
    expect(jump.body).toMatchObject({ code: "position_too_fast" });
    // 5 km in 20 s: more than a minute at 200 km/h allows (3.3 km).
    expect((await send([fix(1020, 4.745)])).body).toMatchObject({ code: "position_too_fast" });
    // 150 m in 4 s is GPS jitter, and 2 km in 10 s lies within what a minute allows: both taken.
    expect((await send([fix(1004, 4.7013)])).body.data).toEqual({ stored: 1, duplicates: 0 });
    expect((await send([fix(1014, 4.7193)])).body.data).toEqual({ stored: 1, duplicates: 0 });
    // Medellín two hours later is a drive (120 km/h): taken.
    expect((await send([fix(1014 + 7200, 6.25, -75.57)])).body.data).toEqual({ stored: 1, duplicates: 0 });
  });

  it("in a batch, is left out while the believable fixes of the batch are kept", async () => {
    await rest();
    const answer = await send([fix(8224, 6.2501, -75.57), fix(8234, 0, 0), fix(8244, 6.2502, -75.57)]);
    expect(answer.status).toBe(200);
    expect(answer.body.data.stored).toBe(2);
  });
});

describe("a flooding phone", () => {
  it("has fixes less than a second apart coalesced into one", async () => {
    await rest();
    const start = 8300;
    const close = [fix(start, 6.25, -75.57), fix(start + 0.3, 6.2501, -75.57), fix(start + 0.6, 6.2502, -75.57), fix(start + 1.5, 6.2503, -75.57)];
    expect((await send(close)).body.data).toEqual({ stored: 2, duplicates: 2 });
  });

  it("gets 429 beyond a few calls a second, and the live screens hear of the run at most once a second", async () => {
    await rest();
    const heard: number[] = [];
    const live = shop.app.live;
    const announce = live.announce;
    live.announce = (runIds, positionId) => {
      heard.push(Date.now());
      announce(runIds, positionId);
    };
    try {
      const start = 8310;
      const answers = await Promise.all(Array.from({ length: 30 }, (_, index) => send([fix(start + index * 2, 6.25 + index * 0.0001, -75.57)])));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(15);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(1);
      const refused = answers.find((answer) => answer.status === 429)!;
      expect(refused.body).toMatchObject({ success: false, code: "positions_too_many" });
      expect(refused.headers.get("retry-after")).toBe("1");
      // What was stored is announced at once, and what followed within the second once when the second is over.
      await new Promise((resolve) => setTimeout(resolve, 1_300));
      expect(heard.length).toBeGreaterThanOrEqual(1);
      expect(heard.length).toBeLessThan(answers.filter((answer) => answer.status === 200).length);
      for (let index = 1; index < heard.length; index += 1) expect(heard[index]! - heard[index - 1]!).toBeGreaterThanOrEqual(950);
    } finally {
      live.announce = announce;
    }
  });
});

describe("bad input", () => {
  it("is refused with words that name the problem: the accuracy's range, and how many positions or actions one call takes", async () => {
    await rest();
    const accuracy = await send([{ ...fix(8390), accuracy: -1 }]);
    expect(accuracy.status).toBe(422);
    expect(accuracy.body.fields?.["positions.0.accuracy"]).toMatch(/precisión/i);
    const tooMany = await send(Array.from({ length: MAX_POSITIONS_PER_CALL + 1 }, (_, index) => fix(index, 6.25, -75.57)));
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.fields?.positions).toContain(`1 a ${MAX_POSITIONS_PER_CALL} posiciones`);
    expect((await send([])).body.fields?.positions).toContain(`1 a ${MAX_POSITIONS_PER_CALL} posiciones`);
    const action = { runId: day.run.id, action: "arrived", stopPosition: 0, at: shop.now().toISOString() };
    const actions = await shop.call("POST", "/shop-api/driver/actions", { actions: Array.from({ length: MAX_DRIVER_ACTIONS_PER_CALL + 1 }, (_, index) => ({ ...action, nonce: `many-${index}` })) }, { token: day.driver.token });
    expect(actions.status).toBe(422);
    expect(actions.body.fields?.actions).toContain(`1 a ${MAX_DRIVER_ACTIONS_PER_CALL} acciones`);
  });
});

describe("the phone's sharing", () => {
  it("ends once the run's last stop is done: going out, every passenger of it aboard and the van at the venue", async () => {
    const [before] = await day.myRuns();
    expect(before!.sharing.until).toBe(new Date(new Date(before!.arrivesAt).getTime() + 120 * 60_000).toISOString());
    const last = before!.stops.at(-1)!;
    const aboard = await shop.call<{ results: { outcome: string }[] }>(
      "POST",
      "/shop-api/driver/actions",
      { actions: last.passengers.map((one, index) => ({ nonce: `aboard-${index}`, runId: day.run.id, action: "check_in", passengerId: one.passengerId, at: shop.now().toISOString() })) },
      { token: day.driver.token },
    );
    expect(aboard.body.data.results.every((result) => result.outcome === "done")).toBe(true);
    // Everyone of the last stop aboard, the van not at the venue yet: still shared.
    expect((await day.myRuns())[0]!.sharing.until).toBe(before!.sharing.until);
    const there = shop.now();
    await insertVehiclePosition(shop.db, { runId: day.run.id, driverId: day.driver.id, lat: before!.venue.lat, lon: before!.venue.lon, at: there });
    expect((await day.myRuns())[0]!.sharing.until).toBe(there.toISOString());
  });
});
