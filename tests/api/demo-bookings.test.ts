/**
 * A fresh `npm start` gives the dispatcher a day to plan: Jazz al Parque's first date has paid orders whose
 * passengers are picked up across several Bogotá localidades, and planning it places every one of them.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDates, events } from "../../src/server/db/schema";
import { DEMO_BOOKING_PASSENGERS, seedDemoBookings } from "../../src/server/seed/bookings";
import type { DispatchOptions, DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { LEG } from "../../src/shared/domain/legs";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };

beforeAll(async () => {
  shop = await openTestShop();
  await seedDemoBookings(shop.db, new Date());
  staff = await shop.buyer("staff");
});
afterAll(() => shop?.close());

describe("demo bookings", () => {
  it("offer the dispatcher a date with 20 to 30 paid passengers across several localidades, all placed by the plan", async () => {
    expect(DEMO_BOOKING_PASSENGERS).toBeGreaterThanOrEqual(20);
    expect(DEMO_BOOKING_PASSENGERS).toBeLessThanOrEqual(30);
    const [jazz] = await shop.db.select({ id: eventDates.id }).from(eventDates).innerJoin(events, eq(events.id, eventDates.eventId)).where(eq(events.slug, "jazz-al-parque")).orderBy(eventDates.startDate).limit(1);
    const options = await shop.call<DispatchOptions>("GET", "/shop-api/staff/dispatch/options", undefined, { token: staff.token });
    expect(options.body.data.dates.map((date) => date.eventDateId)).toContain(jazz!.id);
    const plan = await shop.call<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: jazz!.id, leg: LEG.outbound }, { token: staff.token });
    expect(plan.status).toBe(200);
    const stops = plan.body.data.runs.flatMap((run) => run.stops);
    const passengers = stops.flatMap((stop) => stop.passengers);
    expect(passengers).toHaveLength(DEMO_BOOKING_PASSENGERS);
    expect(passengers.every((passenger) => passenger.paid)).toBe(true);
    expect(new Set(stops.map((stop) => stop.countyId)).size).toBeGreaterThanOrEqual(6);
  });
});
