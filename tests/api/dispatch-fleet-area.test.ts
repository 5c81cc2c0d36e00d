/**
 * Which vehicles a plan may use: the planner takes the country's vehicles based near the venue
 * (DISPATCH_FLEET_RADIUS_KM from its base: coordinates, else its county, else its province), and a dispatcher
 * giving a run a vehicle of another country is refused with a clear message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq, inArray } from "drizzle-orm";
import { provinces, vehicles } from "../../src/server/db/schema";
import type { DispatchBoard, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  for (const [name, county, address] of [
    ["Ana Usaquén", "Usaquén", "Calle 120 # 7-10"],
    ["Beto Suba", "Suba", "Carrera 91 # 145-20"],
  ] as const) {
    await setting.book({ address, countyId: setting.counties.find((one) => one.name === county)!.id, name });
  }
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });
const compute = async (leg: string) => (await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg })).body.data;
const notesOf = async (leg: string) => (await staffCall<DispatchBoard>("GET", `/shop-api/staff/dispatch/board?eventDateId=${setting.eventDateId}&leg=${leg}`)).body.data.notes;
const on = (plan: DispatchPlan) => ({ eventDateId: plan.eventDateId, leg: plan.leg, version: plan.version });

async function vehiclesOf(country: string) {
  return shop.db
    .select({ id: vehicles.id, plate: vehicles.plate, provinceName: provinces.name })
    .from(vehicles)
    .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
    .where(eq(provinces.countryCode, country))
    .orderBy(asc(vehicles.id));
}

describe("the vehicles of the event's area", () => {
  it("plans no van based in another city for Bogotá's pick-ups, and uses it once it is based near the venue", async () => {
    const colombian = await vehiclesOf("CO");
    const medellin = colombian.find((one) => one.provinceName === "Antioquia")!;
    const nearby = colombian.filter((one) => one.provinceName === "Bogotá D.C.").map((one) => one.id);
    expect(nearby.length).toBeGreaterThan(0);
    // Only the vans of Medellín and Cali are free: 250 km and more from the venue.
    await shop.db.update(vehicles).set({ active: false }).where(inArray(vehicles.id, nearby));
    const far = await compute("outbound");
    expect(far.runs.length).toBeGreaterThan(0);
    expect(far.runs.every((run) => run.vehicle === null)).toBe(true);
    expect((await notesOf("outbound")).map((note) => note.code)).toEqual(["vehicle_needed"]);

    // The Medellín van now stands in Bogotá (its base's coordinates): the planner gives it the run.
    await shop.db.update(vehicles).set({ baseLat: 4.65, baseLon: -74.09 }).where(eq(vehicles.id, medellin.id));
    const near = await compute("outbound");
    expect(near.runs.map((run) => run.vehicle?.plate)).toEqual([medellin.plate]);
    expect(await notesOf("outbound")).toEqual([]);

    await shop.db.update(vehicles).set({ baseLat: null, baseLon: null }).where(eq(vehicles.id, medellin.id));
    await shop.db.update(vehicles).set({ active: true }).where(inArray(vehicles.id, nearby));
  });

  it("refuses a vehicle of another country for a run, in the dispatcher's language, and keeps the plan", async () => {
    const plan = await compute("return");
    const run = plan.runs[0]!;
    const chilean = (await vehiclesOf("CL"))[0]!;
    const refused = await staffCall<{ code: string; message: string; fields?: Record<string, string> }>("POST", "/shop-api/staff/dispatch/assign", {
      ...on(plan),
      runId: run.id,
      vehicleId: chilean.id,
      driverId: null,
      override: true,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("dispatch_vehicle_other_country");
    expect(refused.body.message).toBe("Ese vehículo está registrado en otro país; asigna uno del país del evento");
    expect(refused.body.fields).toEqual({ vehicleId: refused.body.message });
    const after = (await staffCall<DispatchPlan>("GET", `/shop-api/staff/dispatch?eventDateId=${setting.eventDateId}&leg=return`)).body.data;
    expect(after).toEqual(plan);

    const colombian = (await vehiclesOf("CO")).find((one) => one.provinceName === "Bogotá D.C." && one.id !== run.vehicle?.id)!;
    const assigned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { ...on(plan), runId: run.id, vehicleId: colombian.id, driverId: null });
    expect(assigned.status).toBe(200);
    expect(assigned.body.data.runs.find((one) => one.id === run.id)!.vehicle?.plate).toBe(colombian.plate);
  });
});
