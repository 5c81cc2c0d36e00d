/**
 * Drivers' phones show only published plans: a run is listed (and acted on, and its van's positions taken) as it was
 * last published. A draft not yet published (a passenger moved, the run given to another driver, a full re-plan)
 * changes nothing a driver sees, and never drops a boarded passenger from the phone. A date the back office moved
 * leaves nothing current: the phone lists none of its runs and the passenger's order shows the estimate for the new
 * day (not the old published time) until the plan is computed again and published.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchOptions, DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import type { OrderDetailAnswer } from "../../src/shared/schemas/answers/orders";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };
let otherDriver: { id: number; token: string };
let staff: { token: string };
let published: DispatchPlan;
let run: DispatchPlan["runs"][number];
const orders: Record<string, { orderId: number; buyerId: number }> = {};

const PEOPLE = [
  { key: "ana", name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10" },
  { key: "beto", name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20" },
  { key: "carla", name: "Carla Chapinero", county: "Chapinero", address: "Calle 63 # 9-45" },
];

type Results = { results: { nonce: string; outcome: string; code?: string }[] };
let count = 0;
const nonce = () => `published-${++count}-${Date.now()}`;
const on = (plan: DispatchPlan) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });
const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: staff.token });
const current = async () => (await staffCall<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=outbound`)).body.data;
const compute = async () => (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" })).body.data;
const publish = async (plan: DispatchPlan) => expect((await staffCall("POST", "/shop-api/staff/dispatch/publish", on(plan))).status).toBe(200);
const phone = async (token = driver.token) => (await shop.call<DriverRun[]>("GET", "/shop-api/driver/runs", undefined, { token })).body.data;
const namesOn = (runs: DriverRun[]) => runs.flatMap((one) => one.stops.flatMap((stop) => stop.passengers.map((p) => p.name))).sort();
const act = async (token: string, action: Record<string, unknown>) =>
  (await shop.call<Results>("POST", "/shop-api/driver/actions", { actions: [{ nonce: nonce(), runId: run.id, at: shop.now().toISOString(), ...action }] }, { token })).body.data.results[0]!;
const idOf = (plan: DispatchPlan, name: string) => plan.runs.flatMap((one) => one.stops.flatMap((stop) => stop.passengers)).find((one) => one.name === name)!.passengerId;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const booked = await setting.book({ address: person.address, countyId: county.id, name: person.name });
    orders[person.key] = { orderId: booked.orderId, buyerId: booked.buyer.id };
  }
  // The day of the event, three hours before the show: the run's window is open.
  shop.clock.offset = new Date(setting.festival.event.startDate).getTime() - Date.now() - 3 * 3_600_000;
  driver = await shop.buyer("driver");
  otherDriver = await shop.buyer("driver");
  staff = { token: (await shop.buyer("staff")).token };
  const plan = await compute();
  run = plan.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.name === "Ana Usaquén")))!;
  const options = (await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options")).body.data;
  const assigned = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(plan), runId: run.id, vehicleId: run.vehicle?.id ?? options.vehicles[0]!.id, driverId: driver.id })).body.data;
  run = assigned.runs.find((one) => one.id === run.id)!;
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

describe("the driver's phone shows the plan as published", () => {
  it("lists nothing of a plan never published, then the run once it is", async () => {
    expect(await phone()).toEqual([]);
    expect(await act(driver.token, { action: "check_in", passengerId: idOf(await current(), "Ana Usaquén") })).toMatchObject({ outcome: "refused", code: "driver_action_invalid" });
    published = await current();
    await publish(published);
    const runs = await phone();
    expect(runs.map((one) => one.id)).toEqual([run.id]);
    expect(runs[0]!.stops.map((stop) => stop.time)).toEqual(run.stops.map((stop) => stop.time));
  });

  it("a move and a new driver in a draft change nothing on the phones until published", async () => {
    const before = await phone();
    const ana = idOf(published, "Ana Usaquén");
    // Ana boards; then the dispatcher drafts: another passenger of the run to a run of their own, the run to another driver.
    expect(await act(driver.token, { action: "check_in", passengerId: ana })).toMatchObject({ outcome: "done" });
    const other = run.stops.flatMap((stop) => stop.passengers).find((one) => one.passengerId !== ana);
    let draft = await current();
    if (other) draft = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/move-group", { ...on(draft), passengerId: other.passengerId, toRunId: null })).body.data;
    const given = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(draft), runId: run.id, vehicleId: run.vehicle!.id, driverId: otherDriver.id });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    draft = given.body.data;
    expect(draft.published).toBe(false);

    const seen = await phone();
    expect(seen.map((one) => one.id)).toEqual([run.id]);
    expect(namesOn(seen)).toEqual(namesOn(before));
    expect(seen[0]!.stops.flatMap((stop) => stop.passengers).find((one) => one.passengerId === ana)!.state).toBe("boarded");
    expect(await phone(otherDriver.token)).toEqual([]);
    // The published run is still the driver's to act on; the other driver's not yet.
    expect(await act(otherDriver.token, { action: "arrived", stopPosition: 0 })).toMatchObject({ outcome: "refused", code: "driver_action_invalid" });
    const fix = { lat: run.stops[0]!.lat, lon: run.stops[0]!.lon, accuracy: 10, at: shop.now().toISOString() };
    expect((await shop.call("POST", "/shop-api/driver/positions", { runId: run.id, positions: [fix] }, { token: driver.token })).status).toBe(200);
    expect((await shop.call<{ code: string }>("POST", "/shop-api/driver/positions", { runId: run.id, positions: [fix] }, { token: otherDriver.token })).body.code).toBe("positions_not_your_run");

    // A full re-plan in the draft: still nothing on the phone moves, and Ana, aboard, stays on it.
    draft = await compute();
    expect(namesOn(await phone())).toEqual(namesOn(before));

    // Published: the other driver has the run, this one nothing.
    await publish(await current());
    expect(await phone()).toEqual([]);
    const theirs = await phone(otherDriver.token);
    expect(theirs.map((one) => one.id)).toEqual([run.id]);
    expect(namesOn(theirs)).toContain("Ana Usaquén");
  });
});

describe("a date the back office moved", () => {
  it("shows no old published time as current on the phone or the order until it is re-planned and published", async () => {
    const ana = orders.ana!;
    // The buyer signs in on the day (a session of weeks before has expired by then).
    const token = await shop.signIn(ana.buyerId);
    const detail = async () => (await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${ana.orderId}`, undefined, { token })).body.data.itinerary!;
    const told = await detail();
    expect(told.published).toBe(true);
    expect(await phone(otherDriver.token)).toHaveLength(1);

    const admin = await shop.buyer("admin");
    const event = (await shop.call<Record<string, unknown> & { dates: { id: number; startDate: string }[] }>("GET", `/shop-api/admin/events/${setting.festival.event.id}`, undefined, { token: admin.token })).body.data;
    const dates = event.dates.map((date) => (date.id === setting.eventDateId ? { ...date, startDate: new Date(Date.parse(date.startDate) + 2 * 3_600_000).toISOString() } : date));
    expect((await shop.call("PUT", `/shop-api/admin/events/${setting.festival.event.id}`, { ...event, dates }, { token: admin.token })).status).toBe(200);

    // Meanwhile: no run on the phone, and the order shows the estimate for the new day, not the old published time.
    expect(await phone(otherDriver.token)).toEqual([]);
    const meanwhile = await detail();
    expect(meanwhile.published).toBe(false);
    expect(meanwhile.pickups).toHaveLength(1);
    expect(Date.parse(meanwhile.pickups[0]!.pickupAt) - Date.parse(told.pickups[0]!.pickupAt)).toBeGreaterThan(3_600_000);
    expect((await shop.call<{ code: string }>("POST", "/shop-api/driver/positions", { runId: run.id, positions: [{ lat: run.stops[0]!.lat, lon: run.stops[0]!.lon, accuracy: 10, at: shop.now().toISOString() }] }, { token: otherDriver.token })).body.code).toBe("positions_not_your_run");

    // Re-planned and published: the phone and the order show the new day's times.
    const again = await compute();
    await publish(again);
    const theirs = await phone(otherDriver.token);
    expect(theirs).toHaveLength(1);
    const after = await detail();
    expect(after.published).toBe(true);
    const stop = again.runs.flatMap((one) => one.stops).find((one) => one.passengers.some((p) => p.orderId === ana.orderId))!;
    expect(after.pickups[0]!.pickupAt).toBe(stop.time);
    expect(theirs[0]!.stops.map((one) => one.time)).toContain(stop.time);
  });
});
