/**
 * The dispatcher's plan: every booked passenger in exactly one run (awaiting orders' passengers too, unpaid),
 * no vehicle over its seats, times before the start; edits refused on a stale version; publishing tells each
 * paid passenger once (mail and text) and each buyer once, a second publish tells nobody, and a later change
 * tells only the passengers whose vehicle changed; the buyer's order then shows the published time. Staff and
 * admins only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { outbox, users } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let admin: { token: string };
let customer: { token: string };
let driver: { id: number; token: string };
const orders: { id: number; token: string; name: string }[] = [];
let pendingOrder = 0;

const PEOPLE = [
  { name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10", phone: "300 111 0001" },
  { name: "Beto Suba", county: "Suba", address: "Carrera 91 # 145-20", phone: "300 111 0002" },
  { name: "Carla Kennedy", county: "Kennedy", address: "Avenida 1 de Mayo # 70-12", phone: "300 111 0003" },
  { name: "Dario Bosa", county: "Bosa", address: "Calle 65 Sur # 80-30", phone: "300 111 0004" },
  { name: "Elena Chapinero", county: "Chapinero", address: "Calle 63 # 9-45", phone: "300 111 0005" },
];

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  admin = await shop.buyer("admin");
  customer = await shop.buyer();
  driver = await shop.buyer("driver");
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const booked = await setting.book({ address: person.address, countyId: county.id, name: person.name, phone: person.phone });
    orders.push({ id: booked.orderId, token: booked.buyer.token, name: person.name });
  }
  const fontibon = setting.counties.find((one) => one.name === "Fontibón")!;
  pendingOrder = (await setting.book({ address: "Calle 17 # 100-20", countyId: fontibon.id, name: "Paula Pendiente", paid: false })).orderId;
});
afterAll(async () => {
  await shop?.close();
});

const query = (leg = "outbound") => `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=${leg}`;
const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const current = async () => (await staffCall<DispatchPlan>("GET", query())).body.data;
const passengersOf = (plan: DispatchPlan) => plan.runs.flatMap((run) => run.stops.flatMap((stop) => stop.passengers));
const noticeRows = async (kind: string) => (await shop.db.select().from(outbox).where(eq(outbox.kind, kind)).orderBy(asc(outbox.id))).map((row) => row.payload as Record<string, unknown>);

describe("who may dispatch", () => {
  it("answers staff and admins, refuses drivers and customers", async () => {
    const first = await staffCall<DispatchPlan>("GET", query());
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ eventDateId: setting.eventDateId, leg: "outbound", version: 0, published: false, runs: [] });
    expect((await shop.call("GET", query(), undefined, { token: admin.token })).status).toBe(200);
    for (const token of [driver.token, customer.token]) {
      expect((await shop.call("GET", query(), undefined, { token })).status).toBe(403);
      expect((await shop.call("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" }, { token })).status).toBe(403);
      expect((await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: 1 }, { token })).status).toBe(403);
    }
    expect((await shop.call("GET", query())).status).toBe(401);
    expect((await staffCall("GET", `/shop-api/staff/dispatch?eventDateId=999999&leg=outbound`)).status).toBe(404);
    expect((await staffCall("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=sideways`)).status).toBe(422);
  });
});

describe("POST /shop-api/staff/dispatch/plan", () => {
  it("places every passenger once, awaiting ones unpaid, within each vehicle's seats, picked up before the start", async () => {
    const planned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" });
    expect(planned.status).toBe(200);
    const plan = planned.body.data;
    expect(plan.version).toBe(1);
    expect(plan.published).toBe(false);
    const passengers = passengersOf(plan);
    expect(passengers.map((one) => one.name).sort()).toEqual([...PEOPLE.map((person) => person.name), "Paula Pendiente"].sort());
    expect(new Set(passengers.map((one) => one.passengerId)).size).toBe(passengers.length);
    expect(passengers.find((one) => one.name === "Paula Pendiente")).toMatchObject({ paid: false, orderId: pendingOrder });
    expect(passengers.filter((one) => one.name !== "Paula Pendiente").every((one) => one.paid)).toBe(true);
    // Six passengers across Bogotá: fewer runs than counties (pooled), each with a demo vehicle.
    expect(plan.runs.length).toBeGreaterThanOrEqual(1);
    expect(plan.runs.length).toBeLessThan(6);
    const start = new Date(setting.festival.event.startDate).getTime();
    for (const run of plan.runs) {
      expect(run.vehicle).not.toBeNull();
      expect(run.seatsNeeded).toBeLessThanOrEqual(run.vehicle!.seats);
      const times = run.stops.map((stop) => new Date(stop.time).getTime());
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times.every((time) => time < start)).toBe(true);
      expect(run.stops.every((stop) => stop.approximate && typeof stop.lat === "number")).toBe(true);
    }
    expect(await current()).toEqual(plan);
    const board = await staffCall<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=outbound`);
    expect(board.body.data).toMatchObject({ version: 1, pending: 1 });
    expect(board.body.data.runs.map((run) => run.id)).toEqual(plan.runs.map((run) => run.id));
    const options = await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options");
    expect(options.body.data.dates.some((date) => date.eventDateId === setting.eventDateId)).toBe(true);
    expect(options.body.data.drivers.some((one) => one.id === driver.id)).toBe(true);
  });
});

describe("edits", () => {
  it("moves a passenger to a new run, recomputing both runs' times, and refuses a stale version", async () => {
    const before = await current();
    const ana = passengersOf(before).find((one) => one.name === "Ana Usaquén")!;
    const moved = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/move-group", { eventDateId: setting.eventDateId, leg: "outbound", version: before.version, passengerId: ana.passengerId, toRunId: null });
    expect(moved.status).toBe(200);
    expect(moved.body.data.version).toBe(before.version + 1);
    expect(moved.body.data.runs).toHaveLength(before.runs.length + 1);
    const alone = moved.body.data.runs.find((run) => run.stops.some((stop) => stop.passengers.some((one) => one.passengerId === ana.passengerId)))!;
    expect(alone.seatsNeeded).toBe(1);
    expect(alone.vehicle).toBeNull();

    const stale = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/move-group", { eventDateId: setting.eventDateId, leg: "outbound", version: before.version, passengerId: ana.passengerId, toRunId: before.runs[0]!.id });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: "dispatch_version_stale" });
    expect((await current()).version).toBe(before.version + 1);
  });

  it("gives a run a vehicle and a driver (a driver account only), reorders and locks it; a re-plan keeps the locked run", async () => {
    let plan = await current();
    const alone = plan.runs.find((run) => run.vehicle === null)!;
    const options = (await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options")).body.data;
    const taken = new Set(plan.runs.map((run) => run.vehicle?.id));
    const spare = options.vehicles.find((vehicle) => vehicle.countryCode === "CO" && !taken.has(vehicle.id))!;
    const notDriver = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/assign", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: alone.id, vehicleId: spare.id, driverId: customer && (await shop.db.select({ id: users.id }).from(users).where(eq(users.role, "staff")).limit(1))[0]!.id });
    expect(notDriver.status).toBe(422);
    const assigned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: alone.id, vehicleId: spare.id, driverId: driver.id });
    expect(assigned.status).toBe(200);
    plan = assigned.body.data;
    expect(plan.runs.find((run) => run.id === alone.id)).toMatchObject({ vehicle: { id: spare.id }, driver: { id: driver.id } });

    const big = plan.runs.find((run) => run.id !== alone.id)!;
    const order = big.stops.map((stop) => stop.position).reverse();
    const reordered = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/reorder", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: big.id, order });
    expect(reordered.status).toBe(200);
    const after = reordered.body.data.runs.find((run) => run.id === big.id)!;
    expect(after.stops.map((stop) => stop.address)).toEqual([...big.stops].reverse().map((stop) => stop.address));
    const times = after.stops.map((stop) => new Date(stop.time).getTime());
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    plan = reordered.body.data;

    const locked = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/lock", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: alone.id, locked: true });
    expect(locked.status).toBe(200);
    const replanned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" });
    const kept = replanned.body.data.runs.find((run) => run.id === alone.id)!;
    expect(kept).toMatchObject({ seatsNeeded: 1, vehicle: { id: spare.id }, driver: { id: driver.id } });
    expect(passengersOf(replanned.body.data)).toHaveLength(PEOPLE.length + 1);
  });
});

describe("POST /shop-api/staff/dispatch/publish", () => {
  it("tells each paid passenger once by mail and text and each buyer once; the order shows the published time", async () => {
    const plan = await current();
    const stale = await staffCall("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version - 1 });
    expect(stale.status).toBe(409);
    const published = await staffCall<{ passengersNotified: number; buyersNotified: number }>("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version });
    expect(published.status).toBe(200);
    expect(published.body.data).toEqual({ version: plan.version, passengersNotified: PEOPLE.length, buyersNotified: PEOPLE.length });
    expect((await current()).published).toBe(true);

    const notices = await noticeRows("dispatch.passenger-notice");
    const paidIds = passengersOf(plan).filter((one) => one.paid).map((one) => one.passengerId).sort((a, b) => a - b);
    for (const channel of ["mail", "sms"]) {
      expect(notices.filter((row) => row.channel === channel).map((row) => row.passengerId as number).sort((a, b) => a - b)).toEqual(paidIds);
    }
    expect((await noticeRows("dispatch.buyer-notice")).map((row) => row.orderId as number).sort((a, b) => a - b)).toEqual(orders.map((one) => one.id).sort((a, b) => a - b));

    await shop.app.outbox.drain();
    const texts = await readSmsDrop(shop.env.DATA_DIR);
    expect(texts.filter((text) => text.to === "+573001110003")).toHaveLength(1);
    expect(texts.find((text) => text.to === "+573001110003")!.body).toContain("Avenida 1 de Mayo # 70-12");
    expect(texts.some((text) => text.body.includes("Calle 17 # 100-20"))).toBe(false);

    const carla = orders.find((one) => one.name === "Carla Kennedy")!;
    const [passenger] = passengersOf(plan).filter((one) => one.orderId === carla.id);
    const stop = plan.runs.flatMap((run) => run.stops).find((one) => one.passengers.some((p) => p.passengerId === passenger!.passengerId))!;
    const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${carla.id}`, undefined, { token: carla.token });
    expect(detail.body.data.itinerary?.pickups).toEqual([expect.objectContaining({ address: "Avenida 1 de Mayo # 70-12", pickupAt: stop.time })]);
  });

  it("a second publish tells nobody; after a vehicle change only that run's passengers are told again", async () => {
    let plan = await current();
    const again = await staffCall<{ passengersNotified: number }>("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version });
    expect(again.body.data).toMatchObject({ passengersNotified: 0, buyersNotified: 0 });
    const before = (await noticeRows("dispatch.passenger-notice")).length;

    const alone = plan.runs.find((run) => run.seatsNeeded === 1 && run.driver !== null)!;
    const options = (await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options")).body.data;
    const taken = new Set(plan.runs.map((run) => run.vehicle?.id));
    const other = options.vehicles.find((vehicle) => vehicle.countryCode === "CO" && !taken.has(vehicle.id))!;
    plan = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: alone.id, vehicleId: other.id, driverId: driver.id })).body.data;
    expect(plan.published).toBe(false);
    const republished = await staffCall<{ passengersNotified: number; buyersNotified: number }>("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version });
    expect(republished.body.data).toMatchObject({ passengersNotified: 1, buyersNotified: 1 });
    const added = (await noticeRows("dispatch.passenger-notice")).slice(before);
    const movedId = alone.stops[0]!.passengers[0]!.passengerId;
    expect(added.map((row) => [row.passengerId, row.channel]).sort()).toEqual([
      [movedId, "mail"],
      [movedId, "sms"],
    ]);
  });

  it("refuses to publish or edit a leg never planned", async () => {
    const answer = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "return", version: 0 });
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: "dispatch_not_planned" });
    const rows = await shop.db.select().from(outbox).where(and(eq(outbox.kind, "dispatch.buyer-notice")));
    expect(rows.every((row) => (row.payload as { leg: string }).leg === "outbound")).toBe(true);
  });
});
