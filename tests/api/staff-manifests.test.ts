/**
 * Van manifests (passengers are picked up at home): an event date's bookings in a province grouped into runs of at most
 * VEHICLE_SEATS passengers, a county's stops together, stops in pick-up order with estimated times, passengers'
 * phones, needs on board and paid / pending / boarded marks; as JSON or CSV. Staff only. The buyer sees their pick-up time.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { boardings, passengers, tickets } from "../../src/server/db/schema";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import type { Manifest, ManifestOptions } from "../../src/shared/schemas/answers/staff-day";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { runsSetting } from "../helpers/runs";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
const booked: Record<string, number> = {};
let calleToken = "";

beforeAll(async () => {
  shop = await openTestShop({ env: { VEHICLE_SEATS: "2" } });
  setting = await runsSetting(shop);
  const [first, second] = setting.counties;
  booked.avenida = (await setting.book({ address: "Avenida 1 # 2-3", countyId: first!.id, name: "Ana Avenida" })).orderId;
  const calle = await setting.book({ address: "Calle 10 # 5-20", countyId: first!.id, name: "Carlos Calle" });
  booked.calle = calle.orderId;
  calleToken = calle.buyer.token;
  booked.pending = (await setting.book({ address: "calle 10  #5-20", countyId: first!.id, name: "Paula Pendiente", paid: false })).orderId;
  booked.carrera = (await setting.book({ address: "Carrera 7 # 45-10", countyId: second!.id, name: "Camilo Carrera", needs: ["wheelchair", "large_luggage"] })).orderId;
  const [boarded] = await shop.db.select({ id: passengers.id, ticketId: passengers.ticketId }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, booked.avenida!));
  await shop.db.insert(boardings).values({ orderId: booked.avenida!, ticketId: boarded!.ticketId, passengerId: boarded!.id, leg: "outbound", staffId: setting.staff.id, nonce: "n-1" });
});
afterAll(async () => {
  await shop?.close();
});

const manifestPath = () => `/shop-api/staff/manifests?eventDateId=${setting.eventDateId}&provinceId=${setting.provinceId}`;

describe("GET /shop-api/staff/manifests", () => {
  it("groups the bookings into runs by county, never over the van's seats, stops in pick-up order with times", async () => {
    const answer = await shop.call<Manifest>("GET", manifestPath(), undefined, { token: setting.staff.token });
    expect(answer.status).toBe(200);
    const { runs, event, vanSeats: vehicleSeats } = answer.body.data;
    expect(vehicleSeats).toBe(2);
    const [first, second] = setting.counties;
    expect(runs.map((run) => [run.countyName, run.seats, run.stops.map((stop) => stop.passengers.map((p) => p.name))])).toEqual([
      [first!.name, 1, [["Ana Avenida"]]],
      [first!.name, 2, [["Carlos Calle", "Paula Pendiente"]]],
      [second!.name, 1, [["Camilo Carrera"]]],
    ]);
    // One stop, one time: 30 minutes before the start and 10 for the stop.
    const start = new Date(event.startsAt).getTime();
    expect(new Date(runs[0]!.stops[0]!.pickupAt).getTime()).toBe(start - 40 * 60_000);
    const calle = runs[1]!.stops[0]!;
    expect(calle.passengers.map((p) => [p.payment, p.phone])).toEqual([
      ["paid", "+573001234567"],
      ["pending", "+573001234567"],
    ]);
    expect(runs[0]!.stops[0]!.passengers[0]!.checkedIn).toEqual({ outbound: true, return: false });
    // The driver reads at the stop who needs a wheelchair space or room for luggage; nobody else is marked.
    expect(runs[2]!.stops[0]!.passengers[0]!.needs).toEqual(["wheelchair", "large_luggage"]);
    expect(runs.slice(0, 2).flatMap((run) => run.stops.flatMap((stop) => stop.passengers.map((p) => p.needs)))).toEqual([[], [], []]);
    expect(calle.passengers[0]!.checkedIn).toEqual({ outbound: false, return: false });
  });

  it("answers CSV, one line per passenger, when the Accept header asks for it", async () => {
    const response = await shop.app.request(manifestPath(), { headers: { authorization: `Bearer ${setting.staff.token}`, accept: "text/csv" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toContain("attachment");
    const lines = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("Recorrido,Municipio,Parada,Hora de recogida,Dirección,Pasajero,Celular,Pedido,Pago,Abordó ida,Abordó regreso,Salida del regreso,Llegada del regreso,Necesidades a bordo");
    expect(lines).toHaveLength(5);
    expect(lines.find((line) => line.includes("Paula Pendiente"))).toMatch(/^2,.*,1,.*,Paula Pendiente,'\+573001234567,\d+,Pendiente,No,No,Regreso por confirmar,,$/);
    expect(lines.find((line) => line.includes("Ana Avenida"))).toMatch(/,Pagado,Sí,No,Regreso por confirmar,,$/);
    expect(lines.find((line) => line.includes("Camilo Carrera"))).toMatch(/,Regreso por confirmar,,"Silla de ruedas; Equipaje grande"$/);
  });

  it("lists the dates with bookings and their provinces", async () => {
    const options = await shop.call<ManifestOptions>("GET", "/shop-api/staff/manifests/options", undefined, { token: setting.staff.token });
    expect(options.status).toBe(200);
    const date = options.body.data.find((option) => option.eventDateId === setting.eventDateId)!;
    expect(date.provinces.map((province) => province.id)).toEqual([setting.provinceId]);
    expect(date.eventName).toBe(setting.festival.event.translations.es_CO!.name);
  });

  it("is for staff only, and refuses an unknown date or a bad id", async () => {
    const customer = await shop.buyer();
    expect((await shop.call("GET", manifestPath())).status).toBe(401);
    expect((await shop.call("GET", manifestPath(), undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/staff/manifests/options", undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", `/shop-api/staff/manifests?eventDateId=999999&provinceId=${setting.provinceId}`, undefined, { token: setting.staff.token })).status).toBe(404);
    expect((await shop.call("GET", "/shop-api/staff/manifests?eventDateId=x&provinceId=1", undefined, { token: setting.staff.token })).status).toBe(422);
  });
});

describe("the buyer's pick-up time", () => {
  it("shows in the purchase detail with the return's departure", async () => {
    const manifest = (await shop.call<Manifest>("GET", manifestPath(), undefined, { token: setting.staff.token })).body.data;
    const answer = await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${booked.calle}`, undefined, { token: calleToken });
    expect(answer.status).toBe(200);
    expect(answer.body.data.itinerary).toEqual({
      venue: expect.stringContaining(","),
      returnAt: manifest.event.returnAt,
      pickups: [{ address: "Calle 10 # 5-20", communeName: setting.counties[0]!.name, pickupAt: manifest.runs[1]!.stops[0]!.pickupAt, passengerIds: [expect.any(Number)] }],
      published: false,
      // Nothing published yet: the calendar entries are the confirmation's estimate.
      sequence: { outbound: 0, return: 0 },
    });
  });
});
