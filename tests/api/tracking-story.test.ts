/**
 * What the passenger reads is one story: each leg of the tracking link has one state at a time (waiting, on the
 * way, arriving, aboard, dropped off, missed), its published time is the one the passenger was texted (through a
 * re-publish under the re-notice threshold, which tells nobody), the return counts down only once its run has left
 * the venue, and an open stream ends when the order is refunded.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardings, dispatchStops, driverActions, passengers, publishedPickups, tickets } from "../../src/server/db/schema";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { formatTime } from "../../src/shared/format/dates";
import type { DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { Tracking } from "../../src/shared/schemas/answers/live";
import type { OrderDesk } from "../../src/shared/schemas/answers/order-desk";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { runsSetting } from "../helpers/runs";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { insertVehiclePosition, northOf } from "../helpers/vehicle-positions";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let staff: { token: string };
let driver: { id: number };
const runs: Record<"outbound" | "return", DispatchPlan["runs"][number]> = {} as never;
const booked = new Map<string, { orderId: number; buyerId: number; passengerId: number }>();
const ZONE = "America/Bogota";

const PEOPLE = [
  { key: "ana", name: "Ana Relato", county: "Usaquén", address: "Calle 120 # 7-10", phone: "300 444 0001" },
  { key: "beto", name: "Beto Relato", county: "Usaquén", address: "Calle 127 # 15-20", phone: "300 444 0002" },
  { key: "carla", name: "Carla Relato", county: "Usaquén", address: "Calle 134 # 9-45", phone: "300 444 0003" },
];

const phoneOf = (key: string) => PEOPLE.find((one) => one.key === key)!.phone;
const textsTo = async (key: string) => {
  await shop.app.outbox.drain();
  const digits = phoneOf(key).replace(/\D/g, "").slice(-10);
  return (await readSmsDrop(shop.env.DATA_DIR)).filter((text) => text.to.endsWith(digits));
};
const tokenOf = async (key: string) => {
  const person = booked.get(key)!;
  const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${person.orderId}`, undefined, { token: await shop.signIn(person.buyerId) });
  return detail.body.data.tracking![0]!.token;
};
const tracking = async (key: string) => {
  const answer = await shop.call<Tracking>("GET", `/shop-api/tracking/${await tokenOf(key)}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return answer.body.data;
};
const legOf = async (key: string, leg: "outbound" | "return") => (await tracking(key)).legs.find((one) => one.leg === leg)!;
const stopOf = (leg: "outbound" | "return", key: string) => runs[leg].stops.find((stop) => stop.passengers.some((passenger) => passenger.passengerId === booked.get(key)!.passengerId))!;
const board = async (key: string, leg: "outbound" | "return") => {
  const { passengerId, orderId } = booked.get(key)!;
  const [row] = await shop.db.select({ ticketId: passengers.ticketId }).from(passengers).where(eq(passengers.id, passengerId));
  await shop.db.insert(boardings).values({ orderId, ticketId: row!.ticketId, passengerId, leg, nonce: `story-${leg}-${passengerId}-${Date.now()}` });
};
/** The return run's departure from the venue, as published. */
const departure = async () => {
  const [row] = await shop.db.select({ departsAt: publishedPickups.departsAt }).from(publishedPickups).where(and(eq(publishedPickups.passengerId, booked.get("ana")!.passengerId), eq(publishedPickups.leg, "return")));
  return row!.departsAt.toISOString();
};
const at = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000);
const setClock = (when: Date) => (shop.clock.offset = when.getTime() - Date.now());

async function planAndPublish(leg: "outbound" | "return") {
  const plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg }, staff)).body.data;
  const ours = new Set([...booked.values()].map((one) => one.passengerId));
  const run = plan.runs.find((one) => one.stops.some((stop) => stop.passengers.some((passenger) => ours.has(passenger.passengerId))))!;
  const options = (await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, staff)).body.data;
  const assigned = await shop.call<DispatchPlan>(
    "POST",
    "/shop-api/staff/dispatch/assign",
    { eventDateId: setting.eventDateId, leg, version: plan.version, runId: run.id, vehicleId: run.vehicle?.id ?? options.vehicles[0]!.id, driverId: driver.id, override: true },
    staff,
  );
  expect(assigned.status).toBe(200);
  const published = await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg, version: assigned.body.data.version }, staff);
  expect(published.status).toBe(200);
  runs[leg] = assigned.body.data.runs.find((one) => one.id === run.id)!;
}

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const placed = await setting.book({ address: person.address, countyId: county.id, name: person.name, phone: person.phone });
    const [passenger] = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, placed.orderId));
    booked.set(person.key, { orderId: placed.orderId, buyerId: placed.buyer.id, passengerId: passenger!.id });
  }
  driver = await shop.buyer("driver");
  staff = { token: (await shop.buyer("staff")).token };
  await planAndPublish("outbound");
  await planAndPublish("return");
  await shop.app.outbox.drain();
  // The day comes: an hour before the first pick-up.
  setClock(at(runs.outbound.stops[0]!.time, -60));
  staff = { token: await shop.signIn((await shop.buyer("staff")).id) };
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

describe("the published time on the tracking page", () => {
  it("is the one in the passenger's text, going out and coming back, also after a re-publish that told nobody", async () => {
    const texts = await textsTo("ana");
    let [out, back] = [await legOf("ana", "outbound"), await legOf("ana", "return")];
    expect(texts.some((text) => text.body.includes(formatTime(out.published, ZONE)) && text.body.includes(stopOf("outbound", "ana").address))).toBe(true);
    // Coming back she acts on the van's departure from the venue: that is the time her text and her page name.
    expect(formatTime(back.published, ZONE)).toBe(formatTime(await departure(), ZONE));
    expect(texts.some((text) => text.body.includes(formatTime(back.published, ZONE)) && text.body.includes(formatTime(back.publishedArrival!, ZONE)))).toBe(true);

    // Her stop moves 4 minutes, under the re-notice threshold: published again, she is told nothing.
    const stop = stopOf("outbound", "ana");
    const [row] = await shop.db.select().from(dispatchStops).where(and(eq(dispatchStops.runId, runs.outbound.id), eq(dispatchStops.address, stop.address)));
    await shop.db.update(dispatchStops).set({ time: at(stop.time, 4) }).where(eq(dispatchStops.id, row!.id));
    const board = (await shop.call<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=outbound`, undefined, staff)).body.data;
    const republished = await shop.call<{ passengersNotified: number }>("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: board.version }, staff);
    expect(republished.status).toBe(200);
    const [pickup] = await shop.db.select().from(publishedPickups).where(and(eq(publishedPickups.passengerId, booked.get("ana")!.passengerId), eq(publishedPickups.leg, "outbound")));
    expect(pickup!.time.getTime()).toBe(at(stop.time, 4).getTime());
    expect((await textsTo("ana")).length).toBe(texts.length);
    // Past the caches' 15 seconds: the page still says what her text said, not the moved time.
    shop.clock.offset += 20_000;
    out = await legOf("ana", "outbound");
    back = await legOf("ana", "return");
    expect(out.published).toBe(new Date(stop.time).toISOString());
    expect(formatTime(out.published, ZONE)).not.toBe(formatTime(at(stop.time, 4).toISOString(), ZONE));
  });
});

describe("one state at a time, going out", () => {
  it("waits, sees the van on its way and arriving, and once aboard says only that", async () => {
    const stop = stopOf("outbound", "beto");
    let leg = await legOf("beto", "outbound");
    expect(leg).toMatchObject({ state: "waiting", expected: null, aboard: false });

    await insertVehiclePosition(shop.db, { runId: runs.outbound.id, driverId: driver.id, ...northOf(stop, 6_000), at: shop.now() });
    leg = await legOf("beto", "outbound");
    expect(leg.state).toBe("on_the_way");
    expect(new Date(leg.expected!).getTime()).toBeGreaterThan(shop.now().getTime() + 5 * 60_000);
    expect(leg.delayMinutes).toEqual(expect.any(Number));

    shop.clock.offset += 2_000;
    await insertVehiclePosition(shop.db, { runId: runs.outbound.id, driverId: driver.id, ...northOf(stop, 30), at: shop.now() });
    leg = await legOf("beto", "outbound");
    expect(leg.state).toBe("arriving");

    // He boards while the van stands at his stop: aboard, no countdown to the stop he stands at.
    await board("beto", "outbound");
    leg = await legOf("beto", "outbound");
    expect(leg).toMatchObject({ state: "aboard", aboard: true, expected: null });
  });

  it("says missed once the van has gone on past a stop where she did not board", async () => {
    const stop = stopOf("outbound", "carla");
    const later = runs.outbound.stops.length;
    await shop.db.insert(driverActions).values({ nonce: `story-next-${Date.now()}`, driverId: driver.id, runId: runs.outbound.id, action: "next_stop", stopPosition: later, happenedAt: shop.now() });
    const leg = await legOf("carla", "outbound");
    expect(leg.stop.address).toBe(stop.address);
    expect(leg).toMatchObject({ state: "missed", expected: null, aboard: false });
  });
});

describe("the return", () => {
  it("shows its published departure until the run leaves, then counts down to her stop", async () => {
    const venue = (await tracking("ana")).venue;
    const departsAt = await departure();
    // An hour before the return leaves, the van already waiting at the venue: no countdown of hours.
    setClock(at(departsAt, -60));
    await insertVehiclePosition(shop.db, { runId: runs.return.id, driverId: driver.id, lat: venue.lat, lon: venue.lon, at: shop.now() });
    let leg = await legOf("ana", "return");
    expect(leg).toMatchObject({ state: "arriving", expected: null, aboard: false });
    expect(formatTime(leg.published, ZONE)).toBe(formatTime(departsAt, ZONE));

    await board("ana", "return");
    leg = await legOf("ana", "return");
    expect(leg).toMatchObject({ state: "aboard", expected: null });

    // Past its departure and 3 km on its way: now her stop's countdown, and whoever stayed behind missed it.
    setClock(at(departsAt, 8));
    await insertVehiclePosition(shop.db, { runId: runs.return.id, driverId: driver.id, ...northOf(venue, 3_000), at: shop.now() });
    leg = await legOf("ana", "return");
    expect(leg.state).toBe("aboard");
    const minutes = (new Date(leg.expected!).getTime() - shop.now().getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(0);
    expect(minutes).toBeLessThan(120);
    expect(await legOf("beto", "return")).toMatchObject({ state: "missed", expected: null });
  });
});

describe("the order's message list", () => {
  it("names each pick-up mail and text of the passenger and the buyer's mail of the order's times, per leg", async () => {
    const { orderId, passengerId } = booked.get("ana")!;
    const desk = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, staff);
    expect(desk.status).toBe(200);
    const pickups = desk.body.data.messages.filter((one) => one.what === "pickup");
    const [passenger] = await shop.db.select().from(passengers).where(eq(passengers.id, passengerId));
    expect(pickups.map((one) => `${one.channel} ${one.leg}`).sort()).toEqual(["mail outbound", "mail return", "sms outbound", "sms return"]);
    expect(pickups.find((one) => one.channel === "sms")).toMatchObject({ sent: true, to: `${passenger!.name} ${passenger!.phone}` });
    expect(pickups.find((one) => one.channel === "mail")).toMatchObject({ sent: true, to: `${passenger!.name} ${passenger!.email}` });
    const buyer = desk.body.data.messages.filter((one) => one.what === "pickup_buyer");
    expect(buyer.map((one) => one.leg).sort()).toEqual(["outbound", "return"]);
    expect(buyer.every((one) => one.channel === "mail" && one.to === desk.body.data.buyer.email && one.sent)).toBe(true);
  });
});

describe("an open stream", () => {
  it("ends when the order is refunded, and the link then answers that it is not valid", async () => {
    const token = await tokenOf("carla");
    const response = await shop.app.request(`/shop-api/tracking/${token}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("event: tracking");

    const refunded = await shop.call("POST", `/shop-api/staff/orders/${booked.get("carla")!.orderId}/refund`, { reason: "No viaja" }, staff);
    expect(refunded.status).toBeLessThan(300);
    // Past the date's directory's 15 seconds: the stream's next check hears of the refund and ends it.
    shop.clock.offset += 20_000;
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return true;
    })();
    expect(await Promise.race([ended, new Promise((resolve) => setTimeout(() => resolve(false), 15_000))])).toBe(true);
    const answer = await shop.call("GET", `/shop-api/tracking/${token}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: "tracking_link_invalid" });
  }, 40_000);
});
