/**
 * Boarding is one record: the driver's phone and the door's scanner write the same one, and the desk, the van
 * manifest, the sales report, the door and the phone read it. A passenger's own code boards that passenger alone,
 * on their own run; another run's passenger is refused with the van they ride in; a second scan says "ya a bordo".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DispatchOptions, DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import type { CheckCompleteAnswer } from "../../src/shared/schemas/answers/door";
import { loadTicketKey } from "../../src/server/auth/ticket-key";
import { passengerQrText } from "../../src/server/services/tickets/ticket-qr";
import { passengers, tickets } from "../../src/server/db/schema";
import { purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let driver: { id: number; token: string };
let staff: { token: string };
let trioOrder: number;
let trio: { id: number; name: string }[];
let run: DispatchPlan["runs"][number];
let otherPlate: string;

type Results = { results: { nonce: string; outcome: string; code?: string; params?: Record<string, string | number> }[] };
let count = 0;
const nonce = () => `boarding-${++count}-${Date.now()}`;
const act = async (action: Record<string, unknown>) =>
  (await shop.call<Results>("POST", "/shop-api/driver/actions", { actions: [{ nonce: nonce(), runId: run.id, at: shop.now().toISOString(), ...action }] }, { token: driver.token })).body.data.results[0]!;
const codeOf = (passengerId: number) => passengerQrText(loadTicketKey(shop.env), trioOrder, { passengerId, eventDateId: setting.eventDateId, day: "2026-01-01", legs: ["outbound", "return"] });
const statesOnPhone = async () =>
  new Map((await shop.call<DriverRun[]>("GET", "/shop-api/driver/runs", undefined, { token: driver.token })).body.data[0]!.stops.flatMap((stop) => stop.passengers.map((one) => [one.passengerId, one.state])));

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  const county = setting.counties.find((one) => one.name === "Usaquén")!;
  await setting.book({ address: "Calle 120 # 7-10", countyId: county.id, name: "Ana Usaquén", phone: "300 222 0001" });
  // One order of three passengers, three tickets at one address.
  const buyer = await shop.buyer();
  const body = purchaseBody(setting.festival, [setting.variant.id, setting.variant.id, setting.variant.id], county.id, { paymentCode: "transferencia" });
  body.tickets.forEach((ticket, index) => {
    ticket.passengers = [{ name: ["Dora Trío", "Elsa Trío", "Fede Trío"][index]!, email: "trio@example.com", phone: `300 333 000${index}`, passengerAddress: "Calle 125 # 10-10" }];
    ticket.addresses = [{ address: "Calle 125 # 10-10", commune_id: county.id }];
  });
  const placed = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: buyer.token });
  trioOrder = placed.body.data.orderId;
  expect((await shop.call("POST", `/shop-api/staff/orders/${trioOrder}/confirm-transfer`, undefined, { token: setting.staff.token })).status).toBe(200);
  trio = (await shop.db.select({ id: passengers.id, name: passengers.name }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, trioOrder))).sort((a, b) => a.id - b.id);

  shop.clock.offset = new Date(setting.festival.event.startDate).getTime() - Date.now() - 3 * 3_600_000;
  driver = await shop.buyer("driver");
  staff = { token: (await shop.buyer("staff")).token };
  let plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" }, staff)).body.data;
  // The third of the trio rides in a van of their own (the dispatcher moved them).
  plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/move-group", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, passengerId: trio[2]!.id, toRunId: null }, staff)).body.data;
  const options = (await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, staff)).body.data;
  run = plan.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.passengerId === trio[0]!.id)))!;
  const other = plan.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.passengerId === trio[2]!.id)))!;
  // Two vans of the event's country: a vehicle of another country is refused.
  const [mineVehicle, otherVehicle] = options.vehicles.filter((vehicle) => vehicle.countryCode === "CO");
  plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: run.id, vehicleId: mineVehicle!.id, driverId: driver.id }, staff)).body.data;
  plan = (await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/assign", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version, runId: other.id, vehicleId: otherVehicle!.id, driverId: null }, staff)).body.data;
  otherPlate = otherVehicle!.plate;
  // Drivers' phones show only published plans.
  expect((await shop.call("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: plan.version }, staff)).status).toBe(200);
});
afterAll(async () => {
  await shop?.close();
});

describe("one boarding record", () => {
  it("a passenger's code boards that passenger alone; a second scan says they are aboard already", async () => {
    expect(await act({ action: "check_in", qr: codeOf(trio[0]!.id) })).toMatchObject({ outcome: "done" });
    const states = await statesOnPhone();
    expect(states.get(trio[0]!.id)).toBe("boarded");
    expect(states.get(trio[1]!.id)).toBe("waiting");
    expect(await act({ action: "check_in", qr: codeOf(trio[0]!.id) })).toMatchObject({ outcome: "repeat", code: "passenger_aboard", params: { name: "Dora Trío" } });
  });

  it("refuses another run's passenger, naming the van they ride in", async () => {
    const refused = await act({ action: "check_in", qr: codeOf(trio[2]!.id) });
    expect(refused).toMatchObject({ outcome: "refused", code: "passenger_other_run", params: { name: "Fede Trío", vehicle: otherPlate } });
    expect((await statesOnPhone()).has(trio[2]!.id)).toBe(false);
  });

  it("the driver's boarding is the door's: the door answers a repeat, and the door's scan shows on the phone", async () => {
    const door = await shop.call<CheckCompleteAnswer>("POST", `/shop-api/order/${trioOrder}/check-complete`, { qr: codeOf(trio[0]!.id), leg: "outbound" }, staff);
    expect(door.status).toBe(200);
    expect(door.body.data).toMatchObject({ alreadyCheckedIn: true, checkedInCount: 1 });
    const second = await shop.call<CheckCompleteAnswer>("POST", `/shop-api/order/${trioOrder}/check-complete`, { qr: codeOf(trio[1]!.id), leg: "outbound" }, staff);
    expect(second.body.data).toMatchObject({ alreadyCheckedIn: false, checkedInCount: 2 });
    expect((await statesOnPhone()).get(trio[1]!.id)).toBe("boarded");
    // The phone's tick of a passenger the door let in: "ya a bordo", nothing written twice.
    expect(await act({ action: "check_in", passengerId: trio[1]!.id })).toMatchObject({ outcome: "repeat", code: "passenger_aboard" });
  });

  it("a passenger aboard cannot be marked a no-show", async () => {
    expect(await act({ action: "no_show", passengerId: trio[0]!.id })).toMatchObject({ outcome: "refused" });
    expect((await statesOnPhone()).get(trio[0]!.id)).toBe("boarded");
  });

  it("the desk, the van manifest and the sales report read the driver's boarding", async () => {
    const desk = await shop.call<{ checkIns: { leg: string }[] }>("GET", `/shop-api/staff/orders/${trioOrder}`, undefined, staff);
    expect(desk.status).toBe(200);
    expect(desk.body.data.checkIns.filter((one) => one.leg === "outbound")).toHaveLength(2);
    // Boarded on the run's leg only: the codes name both legs, the way back is still to board.
    expect(desk.body.data.checkIns.filter((one) => one.leg === "return")).toHaveLength(0);
    const manifest = await shop.call<{ runs: { pickups: { passengers: { name: string; checkedIn: { outbound: boolean } }[] }[] }[] }>(
      "GET",
      `/shop-api/staff/manifests?eventDateId=${setting.eventDateId}&provinceId=${setting.provinceId}`,
      undefined,
      staff,
    );
    expect(manifest.status).toBe(200);
    // Each passenger of the manifest as it lists them, by name: Dora (the driver's) and Elsa (the door's) aboard.
    const listed = new Map<string, { outbound: boolean }>();
    JSON.stringify(manifest.body.data, (key, value: unknown) => {
      const one = value as { name?: unknown; checkedIn?: { outbound: boolean } };
      if (one && typeof one === "object" && typeof one.name === "string" && one.checkedIn) listed.set(one.name, one.checkedIn);
      return value;
    });
    expect(listed.get("Dora Trío")).toMatchObject({ outbound: true });
    expect(listed.get("Elsa Trío")).toMatchObject({ outbound: true });
    expect(listed.get("Fede Trío")).toMatchObject({ outbound: false });
    const report = await shop.call<{ events: { checkIns: { leg: string; count: number }[] }[] }>("GET", `/shop-api/staff/reports/sales?eventId=${setting.festival.event.id}&eventDateId=${setting.eventDateId}`, undefined, staff);
    expect(report.status).toBe(200);
    expect(JSON.stringify(report.body.data)).toMatch(/"leg":"outbound","count":2/);
  });
});
