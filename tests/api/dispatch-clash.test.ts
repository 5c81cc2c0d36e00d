/**
 * One vehicle or one driver cannot be in two runs at once: assigning a vehicle or driver already on another
 * event date's run at an overlapping time is refused with 409 `dispatch_clash`, naming the other run; one whose
 * other run is at another time is accepted; a clash the times moved into shows on the board beside the run.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dispatchPlans, dispatchRuns, eventDates, events, provinces, vehicles } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { LEG } from "../../src/shared/domain/legs";
import { runsSetting } from "../helpers/runs";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number };
let plan: DispatchPlan;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  driver = await shop.buyer("driver");
  const usaquen = setting.counties.find((county) => county.name === "Usaquén")!;
  await setting.book({ address: "Calle 120 # 7-10", countyId: usaquen.id, name: "Ana Usaquén", phone: "300 111 0001" });
  const planned = await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: LEG.outbound }, { token: setting.staff.token });
  expect(planned.status).toBe(200);
  plan = planned.body.data;
});
afterAll(() => shop?.close());

/** A run of another event's date, with `vehicleId` and `driverId`, from `departsAt` to `arrivesAt`. */
async function runElsewhere(vehicleId: number, driverId: number | null, departsAt: Date, arrivesAt: Date, replanReason: "date_moved" | null = null) {
  const [otherEvent] = await shop.db.select({ id: events.id }).from(events).where(eq(events.slug, "rock-al-parque"));
  const [date] = await shop.db.insert(eventDates).values({ eventId: otherEvent!.id, startDate: arrivesAt }).returning({ id: eventDates.id });
  const [other] = await shop.db.insert(dispatchPlans).values({ eventDateId: date!.id, leg: LEG.outbound, replanReason }).returning({ id: dispatchPlans.id });
  await shop.db.insert(dispatchRuns).values({ planId: other!.id, position: 0, vehicleId, driverId, seatsNeeded: 3, capacity: 15, departsAt, arrivesAt });
}

/**
 * The active vehicles the event's country may use (a vehicle of another country is refused for its own reason), in
 * the order of their ids: a table's rows come back in no order of their own.
 */
const activeVehiclesOfColombia = () =>
  shop.db
    .select({ id: vehicles.id, plate: vehicles.plate })
    .from(vehicles)
    .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
    .where(and(eq(vehicles.active, true), eq(provinces.countryCode, "CO")))
    .orderBy(asc(vehicles.id));

const assign = (vehicleId: number | null, driverId: number | null, version = plan.version) =>
  shop.call<DispatchPlan>(
    "POST",
    "/shop-api/staff/dispatch/assign",
    { eventDateId: setting.eventDateId, leg: LEG.outbound, version, runId: plan.runs[0]!.id, vehicleId, driverId },
    { token: setting.staff.token },
  );

describe("vehicle and driver clashes", () => {
  it("refuses a vehicle or driver already on an overlapping run of another date, accepts one free then, and the board warns", async () => {
    const run = plan.runs[0]!;
    const used = new Set(plan.runs.map((one) => one.vehicle?.id));
    const free = await activeVehiclesOfColombia();
    const [busy, later] = free.filter((vehicle) => !used.has(vehicle.id)) as [{ id: number; plate: string }, { id: number; plate: string }];
    const stops = run.stops.map((stop) => new Date(stop.time).getTime());
    const during = new Date(Math.min(...stops) + 60_000);
    await runElsewhere(busy.id, driver.id, new Date(during.getTime() - 3_600_000), new Date(during.getTime() + 3_600_000));
    // The same van on a run of the day after: no clash.
    await runElsewhere(later.id, null, new Date(during.getTime() + 86_400_000), new Date(during.getTime() + 90_000_000));

    const vehicleClash = await assign(busy.id, null);
    expect(vehicleClash.status).toBe(409);
    expect(vehicleClash.body.code).toBe("dispatch_clash");
    expect(vehicleClash.body.message).toContain(busy.plate);
    expect(vehicleClash.body.message).toContain("Rock al Parque");

    const driverClash = await assign(null, driver.id);
    expect(driverClash.status).toBe(409);
    expect(driverClash.body.code).toBe("dispatch_clash");

    const fine = await assign(later.id, null);
    expect(fine.status).toBe(200);
    plan = fine.body.data;
    expect(plan.runs.find((one) => one.id === run.id)!.vehicle?.id).toBe(later.id);

    // A clash the times moved into (another plan changed after this one) is listed on the board, not hidden.
    await shop.db.update(dispatchRuns).set({ vehicleId: busy.id }).where(eq(dispatchRuns.id, run.id));
    const board = await shop.call<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=${LEG.outbound}`, undefined, { token: setting.staff.token });
    expect(board.status).toBe(200);
    expect(board.body.data.clashes).toEqual([expect.objectContaining({ runId: run.id, kind: "vehicle", eventName: expect.stringContaining("Rock al Parque") })]);
  });
  it("does not hold a van for a plan whose date the back office moved: its runs are timed again when re-planned", async () => {
    const run = plan.runs[0]!;
    const taken = new Set([...plan.runs.map((one) => one.vehicle?.id), ...(await shop.db.select({ id: dispatchRuns.vehicleId }).from(dispatchRuns)).map((row) => row.id)]);
    const [spare] = (await activeVehiclesOfColombia()).filter((vehicle) => !taken.has(vehicle.id));
    const stops = run.stops.map((stop) => new Date(stop.time).getTime());
    const during = new Date(Math.min(...stops) + 60_000);
    await runElsewhere(spare!.id, null, new Date(during.getTime() - 3_600_000), new Date(during.getTime() + 3_600_000), "date_moved");
    const current = (await shop.call<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=${LEG.outbound}`, undefined, { token: setting.staff.token })).body.data;
    const given = await assign(spare!.id, null, current.version);
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  });
});
