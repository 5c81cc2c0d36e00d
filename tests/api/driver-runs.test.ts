/**
 * The driver's phone: a driver lists the runs given to them (nobody else's; staff and customers are refused),
 * checks passengers in by ticking or by scanning their ticket, marks a no-show, and sends "next stop", which
 * texts that stop's paid passengers once. Every action is applied once by its nonce, so the offline queue can
 * be sent again; an action on another driver's run is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchOptions, DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import { loadTicketKey } from "../../src/server/auth/ticket-key";
import { ticketQrText } from "../../src/server/services/tickets/ticket-qr";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { eq } from "drizzle-orm";
import { vehicles } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";
import { insertVehiclePosition } from "../helpers/vehicle-positions";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };
let otherDriver: { id: number; token: string };
let run: DispatchPlan["runs"][number];
const booked: Record<string, number> = {};

const PEOPLE = [
  { key: "ana", name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10", phone: "300 222 0001" },
  { key: "beto", name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20", phone: "300 222 0002", needs: ["child_seat" as const] },
  { key: "carla", name: "Carla Chapinero", county: "Chapinero", address: "Calle 63 # 9-45", phone: "300 222 0003" },
];

type Results = { results: { nonce: string; outcome: string; code?: string; notified?: number }[] };
const act = (token: string, actions: Record<string, unknown>[]) => shop.call<Results>("POST", "/shop-api/driver/actions", { actions }, { token });
const myRuns = async (token = driver.token) => (await shop.call<DriverRun[]>("GET", "/shop-api/driver/runs", undefined, { token })).body.data;
let nonceCount = 0;
const nonce = () => `test-nonce-${++nonceCount}-${Date.now()}`;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  // One van of the country carries a child seat: Beto's run is planned in it.
  const [vehicle] = await shop.db.select({ id: vehicles.id }).from(vehicles).where(eq(vehicles.provinceId, setting.provinceId)).limit(1);
  await shop.db.update(vehicles).set({ carries: ["child_seat"] }).where(eq(vehicles.id, vehicle!.id));
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const needs = "needs" in person ? { needs: person.needs } : {};
    booked[person.key] = (await setting.book({ address: person.address, countyId: county.id, name: person.name, phone: person.phone, ...needs })).orderId;
  }
  // The event is weeks away in the demo data: the phone lists runs from today on, so the day comes (and the
  // accounts sign in on that day).
  shop.clock.offset = new Date(setting.festival.event.startDate).getTime() - Date.now() - 6 * 3_600_000;
  driver = await shop.buyer("driver");
  otherDriver = await shop.buyer("driver");
  const staff = { token: (await shop.buyer("staff")).token };
  const planned = await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" }, staff);
  const plan = planned.body.data;
  run = plan.runs.find((one) => one.stops.length > 1) ?? plan.runs[0]!;
  const options = (await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, staff)).body.data;
  const assigned = await shop.call<DispatchPlan>(
    "POST",
    "/shop-api/staff/dispatch/assign",
    { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: run.id, vehicleId: run.vehicle?.id ?? options.vehicles[0]!.id, driverId: driver.id },
    staff,
  );
  run = assigned.body.data.runs.find((one) => one.id === run.id)!;
  // Drivers' phones show only published plans.
  expect((await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: assigned.body.data.version }, staff)).status).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

describe("GET /shop-api/driver/runs", () => {
  it("lists the driver's own run with its stops in order, passengers waiting and navigation links", async () => {
    const runs = await myRuns();
    expect(runs.map((one) => one.id)).toEqual([run.id]);
    const [mine] = runs;
    expect(mine!.stops.map((stop) => stop.address)).toEqual(run.stops.map((stop) => stop.address));
    expect(mine!.stops[0]!.navigation.geo).toMatch(/^geo:-?\d+\.\d+,-?\d+\.\d+\?q=/);
    expect(mine!.stops[0]!.navigation.maps).toContain("destination=");
    expect(mine!.stops.flatMap((stop) => stop.passengers.map((one) => one.state))).toEqual(run.stops.flatMap((stop) => stop.passengers.map(() => "waiting")));
    // Each passenger's needs on board at their stop: the child seat is ready before the van reaches Beto.
    const needs = Object.fromEntries(mine!.stops.flatMap((stop) => stop.passengers.map((one) => [one.name, one.needs])));
    expect(needs).toMatchObject({ "Ana Usaquén": [], "Beto Usaquén": ["child_seat"] });
    expect(await myRuns(otherDriver.token)).toEqual([]);
  });

  it("is for drivers only", async () => {
    for (const token of [(await shop.buyer("staff")).token, (await shop.buyer()).token, (await shop.buyer("admin")).token]) {
      expect((await shop.call("GET", "/shop-api/driver/runs", undefined, { token })).status).toBe(403);
    }
    expect((await shop.call("GET", "/shop-api/driver/runs")).status).toBe(401);
    expect((await shop.call("GET", "/shop-api/staff/dispatch/options", undefined, { token: driver.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/vehicles", undefined, { token: driver.token })).status).toBe(403);
  });
});

describe("POST /shop-api/driver/actions", () => {
  beforeAll(() => {
    // The day of the run, a quarter of an hour after its last pick-up's time.
    shop.clock.offset = new Date(run.stops.at(-1)!.time).getTime() + 15 * 60_000 - Date.now();
  });

  it("checks a passenger in once by nonce, and a no-show who turns up later is boarded", async () => {
    const [first, second] = run.stops.flatMap((stop) => stop.passengers);
    // The van was at the second passenger's stop long enough before (the no-show wait), and is still there.
    const stopOf = run.stops.findIndex((stop) => stop.passengers.some((one) => one.passengerId === second!.passengerId));
    await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "arrived", stopPosition: stopOf, at: new Date(shop.now().getTime() - 10 * 60_000).toISOString() }]);
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, lat: run.stops[stopOf]!.lat, lon: run.stops[stopOf]!.lon, at: new Date(shop.now().getTime() - 5 * 60_000) });
    const at = new Date(shop.now().getTime() - 2 * 60_000).toISOString();
    const tick = { nonce: nonce(), runId: run.id, action: "check_in", passengerId: first!.passengerId, at };
    const done = await act(driver.token, [tick]);
    expect(done.status).toBe(200);
    expect(done.body.data.results).toEqual([{ nonce: tick.nonce, outcome: "done" }]);
    expect((await act(driver.token, [tick])).body.data.results).toEqual([{ nonce: tick.nonce, outcome: "repeat" }]);

    const early = new Date(shop.now().getTime() - 60_000).toISOString();
    expect((await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "no_show", passengerId: second!.passengerId, at: early }])).body.data.results[0]!.outcome).toBe("done");
    let states = (await myRuns())[0]!.stops.flatMap((stop) => stop.passengers);
    expect(states.find((one) => one.passengerId === second!.passengerId)!.state).toBe("no_show");
    await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "check_in", passengerId: second!.passengerId, at: shop.now().toISOString() }]);
    states = (await myRuns())[0]!.stops.flatMap((stop) => stop.passengers);
    expect(states.find((one) => one.passengerId === first!.passengerId)!.state).toBe("boarded");
    expect(states.find((one) => one.passengerId === second!.passengerId)!.state).toBe("boarded");
  });

  it("checks in by the passenger's scanned ticket, and refuses a code the shop did not sign", async () => {
    const last = run.stops.flatMap((stop) => stop.passengers).at(-1)!;
    const qr = ticketQrText(loadTicketKey(shop.env), last.orderId);
    const scanned = await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "check_in", qr, at: shop.now().toISOString() }]);
    expect(scanned.body.data.results[0]!.outcome).toBe("done");
    const states = (await myRuns())[0]!.stops.flatMap((stop) => stop.passengers);
    expect(states.find((one) => one.passengerId === last.passengerId)!.state).toBe("boarded");
    const forged = await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "check_in", qr: '{"orderId":1,"kid":"x","sig":"y"}', at: shop.now().toISOString() }]);
    expect(forged.body.data.results[0]).toMatchObject({ outcome: "refused", code: "ticket_invalid" });
  });

  it("\"next stop\" texts the stop's passengers once, whatever the number of sends", async () => {
    const stop = run.stops[0]!;
    const next = { nonce: nonce(), runId: run.id, action: "next_stop", stopPosition: 0, at: shop.now().toISOString() };
    const sent = await act(driver.token, [next]);
    expect(sent.body.data.results[0]).toMatchObject({ outcome: "done", notified: stop.passengers.length });
    expect((await act(driver.token, [next])).body.data.results[0]!.outcome).toBe("repeat");
    const again = await act(driver.token, [{ ...next, nonce: nonce() }]);
    expect(again.body.data.results[0]).toMatchObject({ outcome: "done", notified: 0 });
    const texts = await readSmsDrop(shop.env.DATA_DIR);
    for (const one of stop.passengers) {
      const digits = one.phone.replace(/\D/g, "").slice(-10);
      const mine = texts.filter((text) => text.to.endsWith(digits));
      expect(mine).toHaveLength(1);
      expect(mine[0]!.body).toContain(stop.address);
    }
    expect((await myRuns())[0]!.heading).toBe(0);
  });

  it("refuses actions on another driver's run or a passenger not on the run", async () => {
    const other = await act(otherDriver.token, [{ nonce: nonce(), runId: run.id, action: "check_in", passengerId: run.stops[0]!.passengers[0]!.passengerId, at: shop.now().toISOString() }]);
    expect(other.body.data.results[0]).toMatchObject({ outcome: "refused", code: "driver_action_invalid" });
    const stranger = await act(driver.token, [{ nonce: nonce(), runId: run.id, action: "no_show", passengerId: 999_999, at: shop.now().toISOString() }]);
    expect(stranger.body.data.results[0]).toMatchObject({ outcome: "refused", code: "driver_action_invalid" });
    expect((await act(driver.token, [{ nonce: "x", runId: run.id, action: "check_in", at: "yesterday" }])).status).toBe(422);
  });
});
