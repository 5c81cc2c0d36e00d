/**
 * A published-day setting for the driver's phone: three paid bookings of the Festival, the outbound plan computed,
 * a run with more than one stop given to a new driver and published, and the shop's clock moved to the day (so the phone lists
 * the run). `at(minutes)` is an instant relative to the run's departure.
 */
import type { DispatchOptions, DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import { signSessionToken } from "../../src/server/auth/session-tokens";
import { runsSetting } from "./runs";
import type { TestShop } from "./test-shop";

export const PEOPLE = [
  { key: "ana", name: "Ana Usaquén", county: "Usaquén", address: "Calle 120 # 7-10", phone: "300 222 0001" },
  { key: "beto", name: "Beto Usaquén", county: "Usaquén", address: "Calle 127 # 15-20", phone: "300 222 0002" },
  { key: "carla", name: "Carla Chapinero", county: "Chapinero", address: "Calle 63 # 9-45", phone: "300 222 0003" },
];

export async function driverRunSetting(shop: TestShop) {
  const setting = await runsSetting(shop);
  const booked: Record<string, { orderId: number; buyerId: number }> = {};
  for (const person of PEOPLE) {
    const county = setting.counties.find((one) => one.name === person.county)!;
    const { buyer, orderId } = await setting.book({ address: person.address, countyId: county.id, name: person.name, phone: person.phone });
    booked[person.key] = { orderId, buyerId: buyer.id };
  }
  shop.clock.offset = new Date(setting.festival.event.startDate).getTime() - Date.now() - 6 * 3_600_000;
  const driver = await shop.buyer("driver");
  const otherDriver = await shop.buyer("driver");
  const staff = { token: (await shop.buyer("staff")).token };
  const plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" }, staff)).body.data;
  const chosen = plan.runs.find((one) => one.stops.length > 1) ?? plan.runs[0]!;
  const options = (await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, staff)).body.data;
  const assigned = await shop.call<DispatchPlan>(
    "POST",
    "/shop-api/staff/dispatch/assign",
    { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: chosen.id, vehicleId: chosen.vehicle?.id ?? options.vehicles[0]!.id, driverId: driver.id },
    staff,
  );
  const run = assigned.body.data.runs.find((one) => one.id === chosen.id)!;
  // Published: drivers' phones show only published plans.
  const published = await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: assigned.body.data.version }, staff);
  if (published.status !== 200) throw new Error(`publish: ${JSON.stringify(published.body)}`);
  const myRuns = async (token = driver.token) => (await shop.call<DriverRun[]>("GET", "/shop-api/driver/runs", undefined, { token })).body.data;
  const [mine] = await myRuns();
  const departs = new Date(mine!.departsAt).getTime();
  const at = (minutes: number) => new Date(departs + minutes * 60_000);
  /** Moves the shop's clock to that many minutes after the departure. */
  const moveTo = (minutes: number) => {
    shop.clock.offset = at(minutes).getTime() - Date.now();
  };
  /** A buyer's session signed on the shop's clock of now (the day is weeks after they bought). */
  const buyerToken = async (buyerId: number) => (await signSessionToken(new TextEncoder().encode(shop.env.JWT_SECRET!), { userId: buyerId, role: "customer", tokenVersion: 0 }, shop.now())).token;
  return { setting, booked, buyerToken, driver, otherDriver, staff, run, mine: mine!, myRuns, at, moveTo };
}
