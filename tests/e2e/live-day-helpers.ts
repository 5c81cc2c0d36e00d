/**
 * The live day's journeys (the driver's phone, a passenger's tracking page) need a date under way now: an event's
 * first date (the one the journeys book) is moved to start in two hours through the back office, and given back
 * afterwards, because other journeys book the event at its own date (self-cancel's policy, the event page's time).
 * Each live journey takes an event and a driver of its own: a van's progress along a run is the day's whoever
 * re-plans it, and a driver's phone lists every run given to them, so journeys running side by side never meet.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
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

/** A driver of the journey's own: a new account the admin gives the driver's role (dispatch lists it by its name). */
export async function newDriver(request: APIRequestContext, firstName: string, lastName: string): Promise<Person & { name: string }> {
  const person = await verifiedCustomer(request, firstName, lastName);
  const admin = await bearer(request, DEMO_ACCOUNTS.admin);
  const found = await data<{ items: { id: number; email: string }[] }>(request.get(`/shop-api/admin/accounts?q=${encodeURIComponent(person.email)}`, { headers: admin }));
  const id = found.items.find((account) => account.email === person.email)!.id;
  await data(request.put(`/shop-api/admin/accounts/${id}/role`, { headers: admin, data: { role: "driver" } }));
  return { ...person, password: PASSWORD, name: `${firstName} ${lastName}` };
}
