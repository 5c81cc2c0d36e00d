/**
 * The live day's journeys (the driver's phone, a passenger's tracking page) need a date under way now: an event's
 * first date (the one the journeys book) is moved to start in two hours through the back office, and given back
 * afterwards, because other journeys book the event at its own date (self-cancel's policy, the event page's time).
 * Each live journey takes an event and a driver of its own: a van's progress along a run is the day's whoever
 * re-plans it, and a driver's phone lists every run given to them, so journeys running side by side never meet.
 * Each attempt of a journey names its passengers and gives their phones of its own (`attemptSurname`,
 * `attemptPhone`): a retry on CI finds its own passengers and texts, never those the failed attempt left.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { PASSWORD, verifiedCustomer } from "./account-helpers";
import type { Person } from "./booking-helpers";
import { tokenOf } from "./scanner-helpers";

/** The data of a 200 answer (the test fails with the body otherwise). */
export async function data<T>(answer: Promise<{ status(): number; json(): Promise<unknown> }>): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

export const bearer = async (request: APIRequestContext, who: { email: string; password: string }) => ({ authorization: `Bearer ${await tokenOf(request, who.email, who.password)}` });

export interface DateToday {
  eventDateId: number;
  /** Puts the event's dates back as the back office had them. */
  restore(request: APIRequestContext): Promise<void>;
}

/** Moves the first date of the event (by its slug) to two hours from now: its outbound runs are under way. */
export async function dateToday(request: APIRequestContext, slug: string): Promise<DateToday> {
  const admin = await bearer(request, DEMO_ACCOUNTS.admin);
  const eventDateId = (await data<{ calendars: { id: number }[] }>(request.get(`/api/events/${slug}`))).calendars[0]!.id;
  const list = await data<{ items: { id: number; slug: string }[] }>(request.get("/shop-api/admin/events?pageSize=100", { headers: admin }));
  const event = list.items.find((item) => item.slug === slug)!;
  const before = await data<{ startDate: string; endDate: string; dates: { id: number; startDate: string }[] }>(request.get(`/shop-api/admin/events/${event.id}`, { headers: admin }));
  const start = new Date(Date.now() + 2 * 3_600_000);
  start.setSeconds(0, 0);
  const dates = before.dates.map((date) => (date.id === eventDateId ? { ...date, startDate: start.toISOString() } : date));
  const earliest = dates.map((date) => date.startDate).sort()[0]!;
  await data(request.put(`/shop-api/admin/events/${event.id}`, { headers: admin, data: { ...before, dates, startDate: earliest < before.startDate ? earliest : before.startDate } }));
  return {
    eventDateId,
    async restore(again) {
      await data(again.put(`/shop-api/admin/events/${event.id}`, { headers: await bearer(again, DEMO_ACCOUNTS.admin), data: before }));
    },
  };
}

/**
 * A driver of the journey's own: a new account the admin gives the driver's role. A journey gives runs to its `id`,
 * never to the first driver dispatch lists by its name: a retry's driver has the same name as the failed attempt's.
 */
export async function newDriver(request: APIRequestContext, firstName: string, lastName: string): Promise<Person & { name: string; id: number }> {
  const person = await verifiedCustomer(request, firstName, lastName);
  const admin = await bearer(request, DEMO_ACCOUNTS.admin);
  const found = await data<{ items: { id: number; email: string }[] }>(request.get(`/shop-api/admin/accounts?q=${encodeURIComponent(person.email)}`, { headers: admin }));
  const id = found.items.find((account) => account.email === person.email)!.id;
  await data(request.put(`/shop-api/admin/accounts/${id}/role`, { headers: admin, data: { role: "driver" } }));
  return { ...person, password: PASSWORD, name: `${firstName} ${lastName}`, id };
}

/** A surname of this attempt's own (letters only, as a name must be). */
export function attemptSurname(): string {
  const letters = "bcdfghjklmnprstvz";
  return `P${Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join("")}`;
}

/** A Colombian mobile number of this attempt's own, for the texts its passenger is sent. */
export function attemptPhone(): string {
  return `3005${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
}

/** A Colombian mobile number as a page may print it (300 555 0177). */
export const spacedPhone = (phone: string) => `${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`;

/** A house number of this attempt's own: a retry's passenger waits at a stop of their own (a stop is told its van is arriving once). */
export function attemptNumber(): number {
  return 10 + Math.floor(Math.random() * 90);
}

/**
 * Cancels every booking on an event date of a journey's own (the orders its outbound plan holds, paid or waiting), so
 * a retry against the same shop plans the event as the first attempt found it: no passenger, stop or run left by an
 * earlier attempt. Only for an event no other journey books.
 */
export async function cancelEarlierBookings(request: APIRequestContext, eventDateId: number): Promise<void> {
  const staff = await bearer(request, DEMO_ACCOUNTS.staff);
  const plan = await data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: staff, data: { eventDateId, leg: "outbound" } }));
  const orderIds = new Set(plan.runs.flatMap((run) => run.stops.flatMap((stop) => stop.passengers.map((one) => one.orderId))));
  for (const orderId of orderIds) await data(request.post(`/shop-api/staff/orders/${orderId}/cancel`, { headers: staff, data: { reason: "Reserva de un intento anterior del recorrido de prueba" } }));
}

/**
 * The id of a vehicle by its plate. Each live-day journey drives a van of its own: their dates are all moved to two
 * hours from now, and the plans of those dates (which hold whoever other journeys booked on them) take every Bogotá
 * van of the demo fleet, so two journeys assigning the same van, or one a van another's plan holds, is refused (a van
 * cannot be in two runs at once). The Bogotá journeys therefore drive the demo's Medellín vans, which no Bogotá plan
 * is given (they are based beyond DISPATCH_FLEET_RADIUS_KM) but a dispatcher may assign by hand: the tracking page
 * GHT-513, the driver's phone GHT-514; the dispatcher's driver journey drives without a van (none is left), and the
 * board's journey is in Cali with its one van.
 */
export async function vehicleByPlate(request: APIRequestContext, plate: string): Promise<number> {
  const options = await data<DispatchOptions>(request.get("/shop-api/staff/dispatch/options", { headers: await bearer(request, DEMO_ACCOUNTS.staff) }));
  const vehicle = options.vehicles.find((one) => one.plate === plate);
  expect(vehicle, plate).toBeDefined();
  return vehicle!.id;
}

/**
 * Gives the journey's run its own van (by plate, `vehicleByPlate`; null: no van) and driver. Another run of the same
 * plan holding that van is left without a vehicle first: a van cannot be in two runs at once. Answers the plan as
 * assigned.
 */
export async function assignOwnVehicle(request: APIRequestContext, plan: DispatchPlan, runId: number, plate: string | null, driverId: number): Promise<DispatchPlan> {
  const staff = await bearer(request, DEMO_ACCOUNTS.staff);
  const vehicleId = plate === null ? null : await vehicleByPlate(request, plate);
  const on = { eventDateId: plan.eventDateId, leg: plan.leg };
  let current = plan;
  for (const other of plan.runs.filter((one) => vehicleId !== null && one.id !== runId && one.vehicle?.id === vehicleId)) {
    current = await data<DispatchPlan>(
      request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { ...on, version: current.version, runId: other.id, vehicleId: null, driverId: other.driver?.id ?? null } }),
    );
  }
  return data<DispatchPlan>(request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { ...on, version: current.version, runId, vehicleId, driverId } }));
}
