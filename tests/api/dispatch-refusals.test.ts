/**
 * What the dispatcher sees is now, its refusals and its record: a late booking never goes to a run nobody drives
 * (a new run is opened, left unpublished and said to need a driver); a passenger aboard is never moved; a leg whose
 * runs are all over is not published; a date the back office moved (or whose end changed) is planned again before
 * it is published again; a shift is bounded as the leg's total; every dispatch action leaves an audit row with
 * what was before and after.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { auditLog, boardings, eventDates, outbox, passengers, tickets } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };

const PEOPLE = [
  { name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10" },
  { name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20" },
  { name: "Carla Chapinero", county: "Chapinero", address: "Calle 63 # 9-45" },
];

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  driver = await shop.buyer("driver");
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    await setting.book({ address: person.address, countyId: county.id, name: person.name });
  }
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const planOf = async (leg = "outbound") => (await staffCall<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=${leg}`)).body.data;
const boardOf = async (leg = "outbound") => (await staffCall<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=${leg}`)).body.data;
const compute = async (leg = "outbound") => (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg })).body.data;
const on = (plan: DispatchPlan) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });
const publish = (plan: DispatchPlan) => staffCall<{ version: number }>("POST", "/shop-api/staff/dispatch/publish", on(plan));
const notices = async () => (await shop.db.select().from(outbox).where(eq(outbox.kind, "dispatch.passenger-notice"))).length;
const auditOf = async (action: string) => shop.db.select().from(auditLog).where(eq(auditLog.action, action as "dispatch_plan")).orderBy(asc(auditLog.id));

describe("a late booking", () => {
  it("never goes to a run without a driver: a new run is opened, not published, and said to need a driver", async () => {
    const plan = await compute();
    expect((await publish(plan)).status).toBe(200);
    const usaquen = setting.counties.find((one) => one.name === "Usaquén")!;
    // At the address of a planned stop: the run would take her, but nobody drives it.
    await setting.book({ address: PEOPLE[0]!.address, countyId: usaquen.id, name: "Lola Tarde" });
    const late = (await boardOf()).waiting[0]!;
    const told = await notices();
    const inserted = await staffCall<{ runId: number; newRun: boolean; needsDriver: boolean; passengersNotified: number; version: number }>("POST", "/shop-api/staff/dispatch/insert", { ...on(plan), passengerId: late.passengerId });
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
    expect(inserted.body.data).toMatchObject({ newRun: true, needsDriver: true, passengersNotified: 0 });
    const after = await planOf();
    expect(after.published).toBe(false);
    const opened = after.runs.find((run) => run.id === inserted.body.data.runId)!;
    expect(opened.driver).toBeNull();
    expect(opened.stops.flatMap((stop) => stop.passengers.map((one) => one.name))).toEqual(["Lola Tarde"]);
    expect(await notices()).toBe(told);
    expect((await boardOf()).waiting).toEqual([]);

    // Once a run has a driver, the next late booking at its stop goes into it and is published at once.
    const run = after.runs.find((one) => one.vehicle !== null && one.stops.some((stop) => stop.address === PEOPLE[0]!.address))!;
    const assigned = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(after), runId: run.id, vehicleId: run.vehicle!.id, driverId: driver.id })).body.data;
    expect((await publish(assigned)).status).toBe(200);
    await setting.book({ address: PEOPLE[0]!.address, countyId: usaquen.id, name: "Mara Tarde" });
    const second = (await boardOf()).waiting.find((one) => one.name === "Mara Tarde")!;
    const joined = await staffCall<{ runId: number; newRun: boolean; needsDriver: boolean; passengersNotified: number }>("POST", "/shop-api/staff/dispatch/insert", { ...on(await planOf()), passengerId: second.passengerId });
    expect(joined.body.data).toMatchObject({ runId: run.id, newRun: false, needsDriver: false, passengersNotified: 1 });
    expect((await planOf()).published).toBe(true);

    // Both insertions are in the audit log, with the run before and after.
    const rows = await auditOf("dispatch_insert");
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ resource: "dispatch_plans", before: { runs: [expect.objectContaining({ runId: run.id })] }, after: { runs: [expect.objectContaining({ runId: run.id, driverId: driver.id })] } });
  });
});

describe("refusals", () => {
  it("never moves a passenger already aboard, naming them", async () => {
    const plan = await planOf();
    const [ana] = await shop.db.select({ id: passengers.id, ticketId: passengers.ticketId }).from(passengers).where(eq(passengers.name, "Ana Usaquén"));
    const [ticket] = await shop.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, ana!.ticketId));
    await shop.db.insert(boardings).values({ orderId: ticket!.orderId, ticketId: ana!.ticketId, passengerId: ana!.id, leg: "outbound", nonce: `board-${Date.now()}` });
    const from = plan.runs.find((run) => run.stops.some((stop) => stop.passengers.some((one) => one.passengerId === ana!.id)))!;
    const moved = await staffCall<{ code: string; message: string }>("POST", "/shop-api/staff/dispatch/move-group", { ...on(plan), passengerId: ana!.id, toRunId: null });
    expect(moved.status).toBe(409);
    expect(moved.body.code).toBe("dispatch_passenger_boarded");
    expect(moved.body.message).toContain("Ana Usaquén");
    const position = from.stops.findIndex((stop) => stop.passengers.some((one) => one.passengerId === ana!.id));
    const stopMoved = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/move-stop", { ...on(plan), runId: from.id, position, toRunId: null });
    expect(stopMoved.body.code).toBe("dispatch_passenger_boarded");
    // In English too.
    const english = await shop.call<{ message: string }>("POST", "/shop-api/staff/dispatch/move-group", { ...on(plan), passengerId: ana!.id, toRunId: null }, { token: setting.staff.token, headers: { "x-locale": "en_US" } });
    expect(english.body.message).toBe("Ana Usaquén is already aboard on this leg: they cannot be moved to another run");
    expect(await planOf()).toEqual(plan);
  });

  it("a full re-plan keeps the run of a passenger aboard as it is", async () => {
    const planned = await compute("return");
    const [beto] = await shop.db.select({ id: passengers.id, ticketId: passengers.ticketId }).from(passengers).where(eq(passengers.name, "Beto Usaquén"));
    // The dispatcher gave Beto a run of his own for the way back; he boarded it.
    const alone = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/move-group", { ...on(planned), passengerId: beto!.id, toRunId: null })).body.data;
    const his = alone.runs.find((run) => run.stops.some((stop) => stop.passengers.some((one) => one.passengerId === beto!.id)))!;
    expect(his.seatsNeeded).toBe(1);
    const [ticket] = await shop.db.select({ orderId: tickets.orderId }).from(tickets).where(eq(tickets.id, beto!.ticketId));
    await shop.db.insert(boardings).values({ orderId: ticket!.orderId, ticketId: beto!.ticketId, passengerId: beto!.id, leg: "return", nonce: `board-return-${Date.now()}` });
    // The planner alone would pool him with his neighbours again: aboard, he stays where he is.
    const again = await compute("return");
    const kept = again.runs.find((run) => run.stops.some((stop) => stop.passengers.some((one) => one.passengerId === beto!.id)))!;
    expect(kept.id).toBe(his.id);
    expect(kept.stops.flatMap((stop) => stop.passengers.map((one) => one.name))).toEqual(["Beto Usaquén"]);
    expect((await boardOf("return")).runs.find((run) => run.id === his.id)).toMatchObject({ locked: false });
  });

  it("does not publish a leg whose runs are all over", async () => {
    const plan = await compute();
    const last = Math.max(...plan.runs.map((run) => Date.parse(run.stops.at(-1)!.time)));
    shop.clock.offset = last - Date.now() + 6 * 3_600_000;
    try {
      const refused = await shop.call<{ code: string }>("POST", "/shop-api/staff/dispatch/publish", on(plan), { token: await shop.signIn(setting.staff.id) });
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe("dispatch_date_past");
    } finally {
      shop.clock.offset = 0;
    }
    expect((await publish(plan)).status).toBe(200);
  });

  it("asks for a new plan once the back office moved the date, and publishes after it", async () => {
    const admin = await shop.buyer("admin");
    const event = (await shop.call<Record<string, unknown> & { dates: { id: number; startDate: string; endDate?: string | null }[] }>("GET", `/shop-api/admin/events/${setting.festival.event.id}`, undefined, { token: admin.token })).body.data;
    const dates = event.dates.map((date) => (date.id === setting.eventDateId ? { ...date, startDate: new Date(Date.parse(date.startDate) + 3_600_000).toISOString() } : date));
    const saved = await shop.call("PUT", `/shop-api/admin/events/${setting.festival.event.id}`, { ...event, dates }, { token: admin.token });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const board = await boardOf();
    expect(board.replanReason).toBe("date_moved");
    const refused = await publish(await planOf());
    expect(refused.status).toBe(409);
    expect((refused.body as unknown as { code: string; message: string }).message).toBe("La fecha del evento cambió: calcula el plan de nuevo antes de publicarlo");
    const again = await compute();
    expect((await boardOf()).replanReason).toBeNull();
    expect((await publish(again)).status).toBe(200);
    // The date's start moved an hour: so did the plan's times.
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.id, setting.eventDateId));
    expect(Math.max(...again.runs.map((run) => Date.parse(run.stops.at(-1)!.time)))).toBeLessThan(date!.startDate.getTime());
  });
});

describe("the shift", () => {
  it("is bounded as the leg's total: the return never before the event's end less the margin, nor before the outbound", async () => {
    await compute("return");
    const shift = (leg: string, minutes: number) => staffCall<{ code: string; message: string; shiftMinutes: number }>("POST", "/shop-api/staff/dispatch/shift", { eventDateId: setting.eventDateId, leg, minutes });
    expect((await shift("return", -20)).status).toBe(200);
    const twice = await shift("return", -20);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("dispatch_shift_out_of_bounds");
    expect(twice.body.message).toContain("30 min");
    // Back towards the bounds is always let through.
    expect((await shift("return", 20)).status).toBe(200);
    // The outbound's last van never arrives after the return's first leaves (this show lasts ten hours), and no
    // number of calls takes a leg past the total's bounds.
    const far = await shift("outbound", 500);
    expect(far.status, JSON.stringify(far.body)).toBe(200);
    const pushed = await shift("outbound", 100);
    expect(pushed.status).toBe(409);
    expect(pushed.body.code).toBe("dispatch_shift_out_of_bounds");
    expect(pushed.body.message).toMatch(/entre -\d+ y \d+ min/);
    for (const back of [-240, -240, -20]) expect((await shift("outbound", back)).status).toBe(200);
    expect((await boardOf()).shiftMinutes).toBe(0);
  });
});

describe("the audit log", () => {
  it("has a row with before and after for every dispatch action", async () => {
    const plan = await planOf();
    const run = plan.runs[0]!;
    const locked = (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/lock", { ...on(plan), runId: run.id, locked: true })).body.data;
    const options = (await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options")).body.data;
    expect(options.vehicles.length).toBeGreaterThan(0);
    const reordered = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/reorder", { ...on(locked), runId: run.id, order: run.stops.map((stop) => stop.position) });
    expect(reordered.status).toBe(200);
    const rows = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "dispatch_plans"), inArray(auditLog.action, ["dispatch_plan", "dispatch_publish", "dispatch_assign", "dispatch_lock", "dispatch_move", "dispatch_reorder", "dispatch_insert", "dispatch_shift"]))).orderBy(asc(auditLog.id));
    const actions = new Set(rows.map((row) => row.action));
    for (const action of ["dispatch_plan", "dispatch_publish", "dispatch_assign", "dispatch_lock", "dispatch_reorder", "dispatch_insert", "dispatch_shift"]) expect(actions, action).toContain(action);
    const lock = rows.find((row) => row.action === "dispatch_lock")!;
    expect(lock.before).toMatchObject({ version: plan.version, runs: [expect.objectContaining({ runId: run.id, locked: false })] });
    expect(lock.after).toMatchObject({ version: plan.version + 1, runs: [expect.objectContaining({ runId: run.id, locked: true })] });
    const published = rows.filter((row) => row.action === "dispatch_publish").at(-1)!;
    expect(published.after).toMatchObject({ publishedVersion: expect.any(Number) });
    expect(published.userEmail).toContain("@");
  });
});
