/**
 * The plan follows the day: a date's plan is published with a driver of its own on its run; a booking paid afterwards
 * (a passenger in a wheelchair, at another address) shows on the dispatcher's board as waiting for a van, with an
 * alert; one action puts it into the published run as a new stop and tells only that passenger; the driver's
 * phone (390 px) and the printed manifest show the new stop with the passenger and their need. axe on the board
 * with the alert and on the phone. Each attempt first cancels what an earlier one booked on the event, so a retry
 * against the same shop plans it as the first attempt did.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { seriousViolations } from "./axe";
import { signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { bearer, cancelEarlierBookings, data, newDriver } from "./live-day-helpers";
import { paidTicket } from "./scanner-helpers";
import { keepShot } from "./shots";

test.describe.configure({ mode: "serial" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
/** This journey's own driver (live-day-helpers.ts newDriver). */
let DRIVER: Person & { name: string; id: number };
/** An event of its own, so the other dispatch journeys' runs never meet this one's. */
const SLUG = "clasico-capitalino-millonarios-santa-fe";
const FIRST_ADDRESS = "Calle 85 # 11-20";
const LATE_ADDRESS = "Carrera 15 # 93-40";

async function openStaff(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("astro-island:not([ssr])").first()).toBeAttached();
}

/** Sets what a vehicle carries for needs on board, as the back office does; answers what it carried before. */
async function carries(request: APIRequestContext, vehicleId: number, needs: string[]): Promise<string[]> {
  const admin = await bearer(request, DEMO_ACCOUNTS.admin);
  const vehicle = await data<{ carries?: string[] }>(request.get(`/shop-api/admin/vehicles/${vehicleId}`, { headers: admin }));
  await data(request.put(`/shop-api/admin/vehicles/${vehicleId}`, { headers: admin, data: { ...vehicle, carries: needs } }));
  return vehicle.carries ?? [];
}

test("a booking paid after publishing waits on the board, goes into the run with one action and reaches the driver's phone", async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  DRIVER = await newDriver(request, "Hernán", "Duque");
  const staff = await bearer(request, STAFF);
  const event = await data<{ calendars: { id: number }[] }>(request.get(`/api/events/${SLUG}`));
  const eventDateId = event.calendars[0]!.id;
  // A retry against the same shop finds the event as the first attempt did: no passenger, stop or run of before.
  await cancelEarlierBookings(request, eventDateId);
  const first = await paidTicket(request, "Marta", undefined, SLUG, { address: FIRST_ADDRESS });
  const on = { eventDateId, leg: "outbound" };

  // Planned, the run given to the journey's driver, and published.
  const planned = await data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: staff, data: on }));
  const run = planned.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.orderId === first.orderId)))!;
  expect(run.vehicle).not.toBeNull();
  const driverId = DRIVER.id;
  const assigned = await data<DispatchPlan>(
    request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { ...on, version: planned.version, runId: run.id, vehicleId: run.vehicle!.id, driverId } }),
  );
  await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { ...on, version: assigned.version } }));
  // The run's van has a wheelchair space (back office), so the late passenger's need can ride in it.
  const before = await carries(request, run.vehicle!.id, ["wheelchair"]);

  try {
    // Paid after the plan was published: in no van yet.
    await paidTicket(request, "Tomas", undefined, SLUG, { address: LATE_ADDRESS, needs: ["wheelchair"] });

    await signIn(page, request, STAFF);
    await openStaff(page, "/staff/dispatch");
    await page.getByLabel("Fecha del evento").selectOption(String(eventDateId));
    const alert = page.locator(".dispatch-waiting");
    await expect(alert).toHaveAttribute("role", "alert");
    await expect(alert).toContainText("1 pasajero pagó después de publicar y espera vehículo");
    const waiting = alert.locator("li", { hasText: "Tomas Pasajera" });
    await expect(waiting).toContainText(LATE_ADDRESS);
    await expect(waiting).toContainText("Silla de ruedas");
    await expect(page.locator(".dispatch-status")).toContainText("Publicado");
    await keepShot(page, "dispatch-late-booking/late-booking-board", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    // One action: into the published run, published again at once, only the new passenger told.
    await waiting.getByRole("button", { name: "Asignar a un recorrido" }).click();
    await expect(page.getByText("Asignado; avisamos a 1 pasajero")).toBeVisible();
    await expect(alert).toHaveCount(0);
    const joined = page.locator("section.dispatch-run", { hasText: "Tomas Pasajera" });
    await expect(joined).toContainText("Marta Pasajera");
    await expect(joined).toContainText(LATE_ADDRESS);
    await expect(page.locator(".dispatch-status")).toContainText("Publicado");

    // The manifest, on screen and printed, marks the need at the passenger's stop.
    await openStaff(page, "/staff/manifests");
    await page.getByLabel("Fecha del evento").selectOption(String(eventDateId));
    await page.getByLabel("Departamento").selectOption({ label: "Bogotá D.C." });
    const sheetStop = page.locator(".run-stop", { hasText: LATE_ADDRESS });
    await page.emulateMedia({ media: "print" });
    await expect(sheetStop.locator("li", { hasText: "Tomas Pasajera" }).locator("[data-need=wheelchair]")).toHaveText("Silla de ruedas");
    await expect(sheetStop.locator("[data-need=wheelchair]")).toBeVisible();
    await page.emulateMedia({ media: "screen" });

    // The driver's phone has the new stop, its passenger and what they need on board.
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, DRIVER);
    await openStaff(page, "/staff/driver");
    const mine = page.locator(`article.driver-run[data-run="${run.id}"]`);
    await expect(mine.locator("li.driver-stop")).toHaveCount(2);
    const stop = mine.locator("li.driver-stop", { hasText: LATE_ADDRESS });
    await expect(stop).toContainText("Tomas Pasajera");
    await expect(stop.locator("[data-need=wheelchair]")).toHaveText("Silla de ruedas");
    await expect(mine.locator("li.driver-stop", { hasText: FIRST_ADDRESS })).toContainText("Marta Pasajera");
    await keepShot(page, "dispatch-late-booking/late-booking-driver-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
  } finally {
    await carries(request, run.vehicle!.id, before);
  }
});
