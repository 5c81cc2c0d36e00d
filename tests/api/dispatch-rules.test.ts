/**
 * Dispatch rules through every edit: a change that makes a passenger's ride longer than their limit or a
 * driver's day longer than the shift is refused with its code (naming the passenger or driver and the minutes)
 * unless overridden, and an override is kept on the run, shown on the board and audited; seats and needs on
 * board are never overridden. The day as it goes: an event date's own end time anchors the return; a booking
 * paid after publishing waits on the board and one call puts it on a run, telling only who moved; a whole leg
 * moved in time tells every passenger once and is audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, asc, eq, inArray } from "drizzle-orm";
import { auditLog, eventDates, outbox, passengers, vehicles } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };

const PEOPLE = [
  { name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10" },
  { name: "Beto Suba", county: "Suba", address: "Carrera 91 # 145-20" },
  { name: "Carla Kennedy", county: "Kennedy", address: "Avenida 1 de Mayo # 70-12" },
  { name: "Dario Bosa", county: "Bosa", address: "Calle 65 Sur # 80-30" },
];

beforeAll(async () => {
  // A short ride limit puts far-apart counties in runs of their own, so joining two runs breaks it.
  // The whole country's fleet (a radius past Colombia's width): with a 2-hour shift the return's runs need vans
  // other than the outbound's, more than Bogotá's four.
  shop = await openTestShop({ env: { DISPATCH_MAX_RIDE_MINUTES: "10", DISPATCH_MAX_SHIFT_HOURS: "2", DISPATCH_FLEET_RADIUS_KM: "2000" } });
  setting = await runsSetting(shop);
  driver = await shop.buyer("driver");
  // This date's show ends two hours after it starts: the return leaves after that, not after the fallback length.
  const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.id, setting.eventDateId));
  await shop.db.update(eventDates).set({ endDate: new Date(date!.startDate.getTime() + 2 * 3_600_000) }).where(eq(eventDates.id, setting.eventDateId));
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    await setting.book({ address: person.address, countyId: county.id, name: person.name });
  }
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const planOf = async (leg: string) => (await staffCall<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=${leg}`)).body.data;
const boardOf = async (leg: string) => (await staffCall<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=${leg}`)).body.data;
const compute = async (leg: string) => (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg })).body.data;
const on = (plan: DispatchPlan) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });
/** The audit rows of `action`, oldest first: PostgreSQL returns an unordered select in heap order, not insertion order. */
const overrideRows = async (action: "dispatch_override" | "dispatch_shift") => shop.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.id));

describe("ride limits through edits", () => {
  it("refuses a move that makes a ride too long, naming the passenger and the minutes; an override is kept, shown and audited", async () => {
    const plan = await compute("outbound");
    expect(plan.runs.length).toBeGreaterThanOrEqual(2);
    const [first, second] = plan.runs;
    const moved = { ...on(plan), runId: second!.id, position: 0, toRunId: first!.id };
    const refused = await staffCall<{ code: string; message: string }>("POST", "/shop-api/staff/dispatch/move-stop", moved);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("ride_limit_exceeded");
    const names = [...first!.stops, ...second!.stops].flatMap((stop) => stop.passengers.map((one) => one.name));
    expect(names.some((name) => refused.body.message.includes(name))).toBe(true);
    expect(refused.body.message).toMatch(/\d+ min/);
    // The field says the same as the message, its placeholders filled in.
    expect((refused.body as { fields?: Record<string, string> }).fields).toEqual({ passengerId: refused.body.message });
    expect(await planOf("outbound")).toEqual(plan);
    expect(await overrideRows("dispatch_override")).toHaveLength(0);

    const kept = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/move-stop", { ...moved, override: true });
    expect(kept.status).toBe(200);
    const run = kept.body.data.runs.find((one) => one.id === first!.id)!;
    expect(run.overrides.length).toBeGreaterThan(0);
    expect(run.overrides[0]).toMatchObject({ rule: "ride_limit", by: expect.stringContaining("@") });
    expect(run.overrides[0]!.minutes).toBeGreaterThan(run.overrides[0]!.limitMinutes);
    const board = await boardOf("outbound");
    expect(board.runs.find((one) => one.id === first!.id)!.overrides).toEqual(run.overrides);
    const audit = await overrideRows("dispatch_override");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ resource: "dispatch_runs", resourceId: first!.id });
    expect(JSON.stringify(audit[0]!.after)).toContain("ride_limit");

    // Locking the run as it stands needs no second override: the kept one covers it.
    const locked = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/lock", { ...on(kept.body.data), runId: first!.id, locked: true });
    expect(locked.status).toBe(200);
    // Reordering it so a ride grows longer than what was overridden is refused again.
    const lockedRun = locked.body.data.runs.find((one) => one.id === first!.id)!;
    if (lockedRun.stops.length > 1) {
      const order = lockedRun.stops.map((stop) => stop.position).reverse();
      const reordered = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/reorder", { ...on(locked.body.data), runId: first!.id, order });
      expect([200, 409]).toContain(reordered.status);
      if (reordered.status === 409) expect(reordered.body.code).toBe("ride_limit_exceeded");
    }
  });

  it("never overrides seats: a smaller vehicle is refused even with override", async () => {
    const plan = await compute("outbound");
    const run = plan.runs.find((one) => one.seatsNeeded >= 1)!;
    const [province] = await shop.db.select({ provinceId: vehicles.provinceId }).from(vehicles).orderBy(asc(vehicles.id)).limit(1);
    const [tiny] = await shop.db.insert(vehicles).values({ plate: "TINY-0", label: "Tiny", seats: 1, kind: "car", provinceId: province!.provinceId }).returning();
    const crowded = plan.runs.find((one) => one.seatsNeeded > 1);
    if (!crowded) return;
    const answer = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/assign", { ...on(plan), runId: crowded.id, vehicleId: tiny!.id, driverId: null, override: true });
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("dispatch_over_capacity");
    expect(run).toBeDefined();
  });
});

describe("event dates' own end and the driver's shift", () => {
  it("times the return from the date's end time", async () => {
    const plan = await compute("return");
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.id, setting.eventDateId));
    const board = await boardOf("return");
    // Vans leave the departure margin (15 min) after the date's own end.
    for (const run of board.runs) expect(new Date(run.departsAt).getTime()).toBe(date!.endDate!.getTime() + 15 * 60_000);
    expect(plan.runs.length).toBeGreaterThan(0);
  });

  it("refuses a driver whose working day would pass the longest shift, unless overridden (audited)", async () => {
    let outbound = await planOf("outbound");
    const outRun = outbound.runs[0]!;
    const assignedOut = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(outbound), runId: outRun.id, vehicleId: outRun.vehicle?.id ?? null, driverId: driver.id });
    expect(assignedOut.status).toBe(200);
    outbound = assignedOut.body.data;
    const back = await planOf("return");
    const backRun = back.runs[0]!;
    const body = { ...on(back), runId: backRun.id, vehicleId: backRun.vehicle?.id ?? null, driverId: driver.id };
    const refused = await staffCall<{ code: string; message: string }>("POST", "/shop-api/staff/dispatch/assign", body);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("shift_limit_exceeded");
    expect(refused.body.message).toContain("120");
    const before = (await overrideRows("dispatch_override")).length;
    const kept = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...body, override: true });
    expect(kept.status).toBe(200);
    expect(kept.body.data.runs.find((one) => one.id === backRun.id)!.overrides[0]).toMatchObject({ rule: "shift", driverId: driver.id, limitMinutes: 120 });
    const audit = await overrideRows("dispatch_override");
    expect(audit).toHaveLength(before + 1);
    expect(audit.at(-1)!.resourceId).toBe(backRun.id);
  });
});

describe("the plan follows the day", () => {
  it("moves every run of a leg, tells every paid passenger once and audits it", async () => {
    const back = await planOf("return");
    const published = await staffCall<{ passengersNotified: number }>("POST", "/shop-api/staff/dispatch/publish", on(back));
    expect(published.status).toBe(200);
    const noticesBefore = await shop.db.select().from(outbox).where(eq(outbox.kind, "dispatch.passenger-notice"));
    const before = await boardOf("return");
    const shifted = await staffCall<{ version: number; shiftMinutes: number; passengersNotified: number }>("POST", "/shop-api/staff/dispatch/shift", { eventDateId: setting.eventDateId, leg: "return", minutes: 5 });
    expect(shifted.status).toBe(200);
    // Five minutes is under the re-notice threshold, yet a shift tells everyone.
    expect(shifted.body.data).toMatchObject({ shiftMinutes: 5, passengersNotified: PEOPLE.length });
    const after = await boardOf("return");
    expect(after.shiftMinutes).toBe(5);
    for (const run of after.runs) {
      const was = before.runs.find((one) => one.id === run.id)!;
      expect(new Date(run.departsAt).getTime() - new Date(was.departsAt).getTime()).toBe(5 * 60_000);
    }
    const noticesAfter = await shop.db.select().from(outbox).where(eq(outbox.kind, "dispatch.passenger-notice"));
    expect(noticesAfter.length - noticesBefore.length).toBe(PEOPLE.length * 2);
    expect(await overrideRows("dispatch_shift")).toHaveLength(1);
    // An edit after the shift keeps it: times hang on the moved anchor.
    const plan = await planOf("return");
    expect(plan.published).toBe(true);
    const recomputed = await compute("return");
    const board = await boardOf("return");
    expect(recomputed.runs.length).toBeGreaterThan(0);
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.id, setting.eventDateId));
    for (const run of board.runs) expect(new Date(run.departsAt).getTime()).toBe(date!.endDate!.getTime() + 20 * 60_000);
  });

  it("lists a booking paid after publishing as waiting and inserts it into a run, telling only who moved", async () => {
    const before = await compute("outbound");
    const published = await staffCall<{ version: number }>("POST", "/shop-api/staff/dispatch/publish", on(before));
    expect(published.status).toBe(200);
    // Booked at the address of a stop of a run with a free seat, not locked (locked runs stay as the dispatcher
    // left them), with a vehicle and a driver (a late passenger never goes to a run nobody drives).
    const lockedIds = new Set((await boardOf("outbound")).runs.filter((run) => run.locked).map((run) => run.id));
    const chosen = before.runs.find((run) => !lockedIds.has(run.id) && run.vehicle !== null && run.seatsNeeded < run.vehicle.seats)!;
    // A driver of its own: this file's other driver is already past the shift.
    const fresh = await shop.buyer("driver");
    const assigned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(before), runId: chosen.id, vehicleId: chosen.vehicle!.id, driverId: fresh.id });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const staffed = assigned.body.data;
    expect((await staffCall("POST", "/shop-api/staff/dispatch/publish", on(staffed))).status).toBe(200);
    const open = staffed.runs.find((run) => run.id === chosen.id)!;
    const neighbour = open.stops[0]!;
    await setting.book({ address: neighbour.address, countyId: neighbour.countyId!, name: "Lola Tarde" });
    const board = await boardOf("outbound");
    expect(board.waiting.map((one) => one.name)).toEqual(["Lola Tarde"]);
    const late = board.waiting[0]!;
    const noticesBefore = await shop.db.select().from(outbox).where(eq(outbox.kind, "dispatch.passenger-notice"));

    const inserted = await staffCall<{ runId: number; newRun: boolean; passengersNotified: number; version: number }>("POST", "/shop-api/staff/dispatch/insert", { ...on(staffed), passengerId: late.passengerId });
    expect(inserted.status).toBe(200);
    // Same address as a stop of an open run: joins it without moving anyone else's time.
    expect(inserted.body.data.newRun).toBe(false);
    expect(inserted.body.data.passengersNotified).toBe(1);
    const plan = await planOf("outbound");
    expect(plan.published).toBe(true);
    const run = plan.runs.find((one) => one.id === inserted.body.data.runId)!;
    expect(run.id).toBe(open.id);
    expect(run.stops.flatMap((stop) => stop.passengers.map((one) => one.name))).toEqual(expect.arrayContaining([...neighbour.passengers.map((one) => one.name), "Lola Tarde"]));
    const noticesAfter = await shop.db.select().from(outbox).where(eq(outbox.kind, "dispatch.passenger-notice"));
    // The notices the insert queued, by id: a select without an order returns PostgreSQL's rows in whatever order its
    // heap holds them (a notice already sent was rewritten elsewhere), so "the rows after the first n" is no answer.
    const known = new Set(noticesBefore.map((row) => row.id));
    const told = noticesAfter.filter((row) => !known.has(row.id)).map((row) => (row.payload as { passengerId: number }).passengerId);
    expect(new Set(told)).toEqual(new Set([late.passengerId]));
    expect((await boardOf("outbound")).waiting).toEqual([]);
    const again = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/insert", { ...on(plan), passengerId: late.passengerId });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("dispatch_not_waiting");
  });
});

describe("needs on board", () => {
  it("takes needs with the purchase and plans them only in a vehicle that carries them", async () => {
    const options = (await staffCall<DispatchOptions>("GET", "/shop-api/staff/dispatch/options")).body.data;
    const suba = setting.counties.find((one) => one.name === "Suba")!;
    const booked = await setting.book({ address: "Carrera 91 # 145-20", countyId: suba.id, name: "Rita Ruedas", needs: ["wheelchair"] });
    const [rita] = await shop.db.select().from(passengers).where(eq(passengers.name, "Rita Ruedas"));
    expect(rita!.needs).toEqual(["wheelchair"]);
    expect(booked.orderId).toBeGreaterThan(0);

    // No vehicle carries a wheelchair: Rita's run has none ("vehicle needed").
    let plan = await compute("outbound");
    const ritaRun = () => plan.runs.find((run) => run.stops.some((stop) => stop.passengers.some((one) => one.name === "Rita Ruedas")))!;
    expect(ritaRun().vehicle).toBeNull();
    expect(ritaRun().stops.flatMap((stop) => stop.passengers).find((one) => one.name === "Rita Ruedas")!.needs).toEqual(["wheelchair"]);
    const plain = options.vehicles.find((vehicle) => vehicle.countryCode === "CO" && !plan.runs.some((run) => run.vehicle?.id === vehicle.id))!;
    const refused = await staffCall<{ code: string }>("POST", "/shop-api/staff/dispatch/assign", { ...on(plan), runId: ritaRun().id, vehicleId: plain.id, driverId: null, override: true });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("dispatch_needs_unmet");

    // A vehicle that carries it but drives the return would give its driver a day past this file's two-hour
    // shift (a vehicle's runs of both legs are one driver's day): the re-plan still leaves Rita "vehicle needed".
    const coVehicles = options.vehicles.filter((vehicle) => vehicle.countryCode === "CO").map((vehicle) => vehicle.id);
    const onReturn = new Set((await planOf("return")).runs.map((run) => run.vehicle?.id));
    const busy = coVehicles.find((id) => onReturn.has(id))!;
    await shop.db.update(vehicles).set({ carries: ["wheelchair"] }).where(eq(vehicles.id, busy));
    plan = await compute("outbound");
    expect(ritaRun().vehicle).toBeNull();
    await shop.db.update(vehicles).set({ carries: [] }).where(eq(vehicles.id, busy));

    // One vehicle free all day (no return run, no locked outbound run) carries it: the re-plan gives it to Rita's run.
    const lockedIds = new Set((await boardOf("outbound")).runs.filter((run) => run.locked).map((run) => run.id));
    const kept = new Set(plan.runs.filter((run) => lockedIds.has(run.id)).map((run) => run.vehicle?.id));
    const able = coVehicles.filter((id) => !onReturn.has(id) && !kept.has(id)).at(-1)!;
    await shop.db.update(vehicles).set({ carries: ["wheelchair"] }).where(eq(vehicles.id, able));
    plan = await compute("outbound");
    expect(ritaRun().vehicle?.id).toBe(able);
    const others = await shop.db.select({ id: vehicles.id, carries: vehicles.carries }).from(vehicles).where(and(inArray(vehicles.id, coVehicles)));
    expect(others.filter((vehicle) => vehicle.carries.includes("wheelchair")).map((vehicle) => vehicle.id)).toEqual([able]);
  });

  it("refuses needs the shop does not know", async () => {
    const suba = setting.counties.find((one) => one.name === "Suba")!;
    await expect(setting.book({ address: "Carrera 91 # 145-20", countyId: suba.id, name: "Nadie", needs: ["jetpack" as "wheelchair"] })).rejects.toThrow(/validation_failed/);
  });
});
