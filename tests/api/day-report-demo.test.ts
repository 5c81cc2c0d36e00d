/**
 * The demo's past day (seed/past-day.ts) opens as a filled report: one van 12 minutes late, one no-show, a 2 with its
 * comment; the 2 is also on that order's desk as a low rating.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { passengers, tickets } from "../../src/server/db/schema";
import type { OrderDesk } from "../../src/shared/schemas/answers/order-desk";
import type { DayReport, DaysList } from "../../src/shared/schemas/answers/day-report";
import { seedPastDay } from "../../src/server/seed/past-day";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
  await seedPastDay(shop.db, shop.now());
});
afterAll(async () => {
  await shop?.close();
});

it("shows yesterday's date with the late van, the no-show and the low rating", async () => {
  const staff = { token: (await shop.buyer("staff")).token };
  const days = (await shop.call<DaysList>("GET", "/shop-api/staff/reports/days", undefined, staff)).body.data.days;
  expect(days).toHaveLength(1);
  const report = (await shop.call<DayReport>("GET", `/shop-api/staff/reports/days/${days[0]!.eventDateId}`, undefined, staff)).body.data;
  const late = report.runs.filter((run) => run.leg === "outbound" && run.lateMinutes && run.lateMinutes.max >= 12);
  expect(late).toHaveLength(1);
  expect(late[0]!.lateMinutes!.max).toBe(12);
  expect(late[0]!.venue.lateMinutes).toBe(12);
  expect(report.totals.noShows).toBe(1);
  expect(report.alerts).toEqual([expect.objectContaining({ score: 2, comment: expect.stringContaining("12 minutos tarde") })]);
  expect(report.totals.vehicleKm).toBeGreaterThan(10);
  expect(report.totals.onTimeShare).toBeGreaterThan(0.5);
});

it("puts a low rating on the order's desk as an alert, with the passenger's comment; a good one plainly", async () => {
  const staff = { token: (await shop.buyer("staff")).token };
  const [gloria] = await shop.db.select({ orderId: tickets.orderId }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(passengers.name, "Gloria Méndez"));
  const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${gloria!.orderId}`, undefined, staff)).body.data;
  expect(desk.ratings).toEqual([expect.objectContaining({ name: "Gloria Méndez", score: 2, low: true, comment: expect.stringContaining("12 minutos tarde") })]);
  const [marta] = await shop.db.select({ orderId: tickets.orderId }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(passengers.name, "Marta Quintero"));
  const good = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${marta!.orderId}`, undefined, staff)).body.data;
  expect(good.ratings).toEqual([expect.objectContaining({ score: 5, low: false, comment: null })]);
});
