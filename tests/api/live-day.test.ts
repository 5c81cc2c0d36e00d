/**
 * The day, live: every published run's live state (position and its age, stops done and to go, who is aboard as one
 * record, expected times and delay), a passenger's tracking link (what it shows, what it never shows, when it
 * ends), and the automatic "van arriving", sent once per stop and leg, after which the driver's button sends none.
 */
import { get, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { LiveDay, Tracking } from "../../src/shared/schemas/answers/live";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { boardings, passengers, tickets } from "../../src/server/db/schema";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { eq, sql } from "drizzle-orm";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";
import { insertVehiclePosition, northOf } from "../helpers/vehicle-positions";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };
let staff: { token: string };
let run: DispatchPlan["runs"][number];
const booked: Record<string, { orderId: number; buyerId: number }> = {};

const PEOPLE = [
  { key: "ana", name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10", phone: "300 333 0001" },
  { key: "beto", name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20", phone: "300 333 0002" },
  { key: "carla", name: "Carla Chapinero", county: "Chapinero", address: "Calle 63 # 9-45", phone: "300 333 0003" },
];

const live = async () => (await shop.call<LiveDay>("GET", `/shop-api/staff/dispatch/live?eventDateId=${setting.eventDateId}&leg=outbound`, undefined, staff)).body.data;
const liveRun = async () => (await live()).runs.find((one) => one.runId === run.id)!;
const textsTo = async (phone: string) => {
  await shop.app.outbox.drain();
  const digits = phone.replace(/\D/g, "").slice(-10);
  return (await readSmsDrop(shop.env.DATA_DIR)).filter((text) => text.to.endsWith(digits));
};
let nonceCount = 0;
const nonce = () => `live-${++nonceCount}-${Date.now()}`;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const placed = await setting.book({ address: person.address, countyId: county.id, name: person.name, phone: person.phone });
    booked[person.key] = { orderId: placed.orderId, buyerId: placed.buyer.id };
  }
  driver = await shop.buyer("driver");
  staff = { token: (await shop.buyer("staff")).token };
  const plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" }, staff)).body.data;
  run = plan.runs.find((one) => one.stops.length > 1) ?? plan.runs[0]!;
  const options = (await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, staff)).body.data;
  const assigned = await shop.call<DispatchPlan>(
    "POST",
    "/shop-api/staff/dispatch/assign",
    { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: run.id, vehicleId: run.vehicle?.id ?? options.vehicles[0]!.id, driverId: driver.id },
    staff,
  );
  run = assigned.body.data.runs.find((one) => one.id === run.id)!;
  // Before publication there is no live state: nothing was told.
  expect((await live()).runs).toEqual([]);
  const published = await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: assigned.body.data.version }, staff);
  expect(published.status).toBe(200);
  await shop.app.outbox.drain();
  // The day comes: an hour before the first pick-up; the staff and the driver sign in on that day.
  shop.clock.offset = new Date(run.stops[0]!.time).getTime() - Date.now() - 3_600_000;
  staff = { token: await shop.signIn((await shop.buyer("staff")).id) };
  driver = { id: driver.id, token: await shop.signIn(driver.id) };
  // This shop leads, as a serving shop's leader does: every run that receives positions is recomputed.
  shop.app.live.lead();
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

describe("GET /shop-api/staff/dispatch/live", () => {
  it("shows every published run with the published times while the van sends no position", async () => {
    const state = await liveRun();
    expect(state.position).toBeNull();
    expect(state.stopsDone).toBe(0);
    expect(state.stopsTotal).toBe(run.stops.length);
    expect(state.delayMinutes).toBe(0);
    expect(state.stops.map((stop) => stop.expected)).toEqual(run.stops.map((stop) => stop.time));
    expect(state.riders.map((passenger) => passenger.state)).toEqual(run.stops.flatMap((stop) => stop.passengers.map(() => "waiting")));
    expect(state.riders.every((passenger) => !passenger.missing && passenger.phone !== "")).toBe(true);
    expect(state.vehicle?.plate).toBeTruthy();
    expect(state.driver?.firstName).toBeTruthy();
  });

  it("is for staff only", async () => {
    expect((await shop.call("GET", `/shop-api/staff/dispatch/live?eventDateId=${setting.eventDateId}&leg=outbound`, undefined, { token: driver.token })).status).toBe(403);
    expect((await shop.call("GET", `/shop-api/staff/dispatch/live?eventDateId=${setting.eventDateId}&leg=outbound`)).status).toBe(401);
  });

  it("runs the expected times from the van's position, and counts a passenger checked in twice (driver and door) once", async () => {
    const first = run.stops[0]!;
    // Far from the first stop and already past its time: the van is late.
    shop.clock.offset = new Date(first.time).getTime() - Date.now() + 4 * 60_000;
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, ...northOf(first, 6_000), at: new Date(shop.now().getTime() - 30_000) });
    let state = await liveRun();
    expect(state.position).toMatchObject({ ageSeconds: 30 });
    expect(state.stopsDone).toBe(0);
    expect(new Date(state.stops[0]!.expected!).getTime()).toBeGreaterThan(shop.now().getTime());
    expect(state.delayMinutes).toBeGreaterThan(5);
    expect(state.stops[0]!.delayMinutes).toBe(state.delayMinutes);

    // Every passenger of the first stop boards: the first one at the door, then all by the driver's phone, which
    // hears that the first was aboard already (one record, the door's).
    const [one, ...rest] = first.passengers;
    const [ticket] = await shop.db.select({ ticketId: passengers.ticketId, orderId: tickets.orderId }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(passengers.id, one!.passengerId));
    await shop.db.insert(boardings).values({ orderId: ticket!.orderId, ticketId: ticket!.ticketId, passengerId: one!.passengerId, leg: "outbound", nonce: nonce() });
    const results = await shop.call<{ results: { outcome: string; code?: string }[] }>(
      "POST",
      "/shop-api/driver/actions",
      { actions: first.passengers.map((passenger) => ({ nonce: nonce(), runId: run.id, action: "check_in", passengerId: passenger.passengerId, at: shop.now().toISOString() })) },
      { token: driver.token },
    );
    expect(results.body.data.results[0]).toMatchObject({ outcome: "repeat", code: "passenger_aboard" });
    expect(results.body.data.results.slice(1).every((result) => result.outcome === "done")).toBe(true);
    state = await liveRun();
    const records = state.riders.filter((passenger) => passenger.passengerId === one!.passengerId);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ state: "boarded", by: "door", missing: false });
    for (const passenger of rest) expect(state.riders.find((other) => other.passengerId === passenger.passengerId)).toMatchObject({ state: "boarded", by: "driver" });
    expect(state.stopsDone).toBe(1);
    expect(state.stops[0]).toMatchObject({ done: true, expected: null });
  });
});

describe("the tracking link", () => {
  const tokenOf = async (key: string) => {
    const detail = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${booked[key]!.orderId}`, undefined, { token: await shop.signIn(booked[key]!.buyerId) });
    expect(detail.status).toBe(200);
    const [link] = detail.body.data.tracking ?? [];
    expect(link).toBeDefined();
    return link!.token;
  };

  it("is on the order detail and in the pick-up text, and shows the passenger's van, stop and expected time, nothing of the others", async () => {
    const lastStop = run.stops.at(-1)!;
    const person = PEOPLE.find((one) => lastStop.passengers.some((passenger) => passenger.name === one.name))!;
    const token = await tokenOf(person.key);
    const texts = await textsTo(person.phone);
    expect(texts.some((text) => text.body.includes(`/track?token=${token}`))).toBe(true);

    const answer = await shop.call<Tracking>("GET", `/shop-api/tracking/${token}`);
    expect(answer.status).toBe(200);
    // It holds the passenger's home address: no cache may keep it.
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const [leg] = answer.body.data.legs;
    expect(answer.body.data.firstName).toBe(person.name.split(" ")[0]);
    expect(leg).toMatchObject({ leg: "outbound", aboard: false, driverFirstName: expect.any(String), vehicle: { plate: expect.any(String) } });
    expect(leg!.stop.address).toBe(lastStop.address);
    expect(leg!.expected).not.toBeNull();
    expect(leg!.van).not.toBeNull();
    const text = JSON.stringify(answer.body);
    for (const other of PEOPLE.filter((one) => one !== person)) {
      expect(text).not.toContain(other.name);
      expect(text).not.toContain(other.address);
      expect(text).not.toContain(other.phone.replace(/\D/g, "").slice(-7));
    }
  });

  it("refuses a link the shop did not sign, and one whose signature belongs to another passenger", async () => {
    const token = await tokenOf("ana");
    const [, signature] = token.split(".");
    expect((await shop.call("GET", `/shop-api/tracking/${Number(token.split(".")[0]) + 1}.${signature}`)).body).toMatchObject({ code: "tracking_link_invalid" });
    expect((await shop.call("GET", `/shop-api/tracking/${token.split(".")[0]}.${"A".repeat(43)}`)).status).toBe(404);
    expect((await shop.call("GET", "/shop-api/tracking/not-a-token")).status).toBe(422);
  });

  it("streams the page's changes as Server-Sent Events", async () => {
    const token = await tokenOf("carla");
    const response = await shop.app.request(`/shop-api/tracking/${token}/events`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.getReader();
    const events: Tracking[] = [];
    let buffer = "";
    const nextEvent = async () => {
      for (;;) {
        const end = buffer.indexOf("\n\n");
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (data) return JSON.parse(data.slice(6)) as Tracking;
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error("the stream ended");
        buffer += new TextDecoder().decode(value);
      }
    };
    events.push(await nextEvent());
    const [first] = events[0]!.legs;
    const stop = first!.stop;
    // The van comes close to carla's stop: the next event expects it sooner.
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, ...northOf(stop, 3_000), at: shop.now() });
    await shop.app.live.tick();
    events.push(await nextEvent());
    expect(new Date(events[1]!.legs[0]!.expected!).getTime()).toBeLessThan(new Date(first!.expected!).getTime());
    await reader.cancel();
  });

  it("streams straight through Node's response, with the stack's headers, and ends an hour after the drop-off", async () => {
    const token = await tokenOf("ana");
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const started = serve({ fetch: shop.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
    });
    const saved = shop.clock.offset;
    try {
      const { port } = server.address() as AddressInfo;
      const response = await new Promise<IncomingMessage>((resolve, reject) => get({ host: "127.0.0.1", port, path: `/shop-api/tracking/${token}/events` }, resolve).on("error", reject));
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/event-stream");
      expect(response.headers["x-request-id"]).toBeTruthy();
      expect(response.headers["content-security-policy"]).toBeTruthy();
      expect(response.headers["x-hono-already-sent"]).toBeUndefined();
      response.setEncoding("utf8");
      let text = "";
      const ended = new Promise<void>((resolve) => response.on("end", resolve));
      response.on("data", (chunk: string) => (text += chunk));
      await expect.poll(() => text.includes("\n\n")).toBe(true);
      const [block] = text.split("\n\n");
      expect(block!.split("\n")[0]).toBe("event: tracking");
      const event = JSON.parse(block!.split("\n").find((line) => line.startsWith("data: "))!.slice(6)) as Tracking;
      expect(event.firstName).toBe("Ana");
      expect(event.legs[0]!.stop.address).toBe((await shop.call<Tracking>("GET", `/shop-api/tracking/${token}`)).body.data.legs[0]!.stop.address);
      // Past the hour after her drop-off the shop ends the stream by itself.
      shop.clock.offset = new Date(run.stops.at(-1)!.time).getTime() - Date.now() + 6 * 3_600_000;
      await ended;
    } finally {
      shop.clock.offset = saved;
      server.close();
    }
  });

  it("stops answering an hour after the passenger's drop-off", async () => {
    const token = await tokenOf("ana");
    const saved = shop.clock.offset;
    shop.clock.offset = new Date(run.stops.at(-1)!.time).getTime() - Date.now() + 6 * 3_600_000;
    const answer = await shop.call("GET", `/shop-api/tracking/${token}`);
    expect(answer.status).toBe(410);
    expect(answer.body).toMatchObject({ code: "tracking_link_expired" });
    shop.clock.offset = saved;
  });
});

describe("van arriving, by itself", () => {
  it("goes out once when the expected time at a stop falls under the notice, and the driver's button sends no second one", async () => {
    // The next stop after the first (done: its passengers boarded); the van runs late.
    const stop = run.stops[1]!;
    const people = PEOPLE.filter((one) => stop.passengers.some((passenger) => passenger.name === one.name));
    const arrivingTexts = async (phone: string) => (await textsTo(phone)).filter((text) => text.body.includes(stop.address) && !text.body.includes("/track?token="));
    for (const person of people) expect(await arrivingTexts(person.phone)).toHaveLength(0);

    // Still far: nothing yet.
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, ...northOf(stop, 8_000), at: new Date(shop.now().getTime() + 500) });
    await shop.app.live.tick();
    for (const person of people) expect(await arrivingTexts(person.phone)).toHaveLength(0);

    // A kilometre away: a few minutes, under the notice.
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, ...northOf(stop, 1_000), at: new Date(shop.now().getTime() + 1_000) });
    await shop.app.live.tick();
    await shop.app.live.settle();
    for (const person of people) expect(await arrivingTexts(person.phone)).toHaveLength(1);

    // Closer still, a second tick: the stop was told.
    await insertVehiclePosition(shop.db, { runId: run.id, driverId: driver.id, ...northOf(stop, 300), at: new Date(shop.now().getTime() + 2_000) });
    await shop.app.live.tick();
    await shop.app.live.settle();
    const next = { nonce: nonce(), runId: run.id, action: "next_stop", stopPosition: 1, at: shop.now().toISOString() };
    const pressed = await shop.call<{ results: { outcome: string; notified?: number }[] }>("POST", "/shop-api/driver/actions", { actions: [next] }, { token: driver.token });
    expect(pressed.body.data.results[0]).toMatchObject({ outcome: "done", notified: 0 });
    for (const person of people) expect(await arrivingTexts(person.phone)).toHaveLength(1);
  });

  it("still sends a text queued under the job's former kind by a process of the version before", async () => {
    // During a deploy a process still running the version before migration 0160 may queue the text as "live.van-arriving".
    const stop = run.stops[1]!;
    const person = PEOPLE.find((one) => stop.passengers.some((passenger) => passenger.name === one.name))!;
    const passengerId = stop.passengers.find((passenger) => passenger.name === person.name)!.passengerId;
    const before = (await textsTo(person.phone)).length;
    await shop.db.execute(sql`insert into outbox (kind, payload) values ('live.van-arriving', ${JSON.stringify({ passengerId, leg: "outbound", minutes: 4 })}::jsonb)`);
    const texts = await textsTo(person.phone);
    expect(texts).toHaveLength(before + 1);
    expect(texts.at(-1)!.body).toContain(stop.address);
    const result: unknown = await shop.db.execute(sql`select done_at is not null as done, last_error as error from outbox where kind = 'live.van-arriving'`);
    expect(Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).toEqual([{ done: true, error: null }]);
  });
});
