/**
 * What the dispatcher sees is now: the board stays open on a published plan (its date under way today) while the
 * day goes on elsewhere. The van's phone reports where it is: its dot on the map carries its plate. A booking is
 * paid: the alert that a passenger waits for a van appears within seconds, with no reload. Another dispatcher puts
 * the passenger into the run: the open board shows the new version, the passenger in the run and the new stop on
 * the map. The page is never reloaded (a mark left on the window stays). Each attempt first cancels what an earlier
 * one booked on the event, so a retry against the same shop plans it as the first attempt did.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { seriousViolations } from "./axe";
import { signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { bearer, cancelEarlierBookings, data, dateToday, newDriver, type DateToday } from "./live-day-helpers";
import { paidTicket } from "./scanner-helpers";
import { keepShot } from "./shots";

test.describe.configure({ mode: "serial" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
/** An event of its own (Cali, one van), so the other dispatch journeys' runs never meet this one's. */
const SLUG = "clasico-vallecaucano-cali-america";
const FIRST_ADDRESS = "Calle 5 # 38-20";
const LATE_ADDRESS = "Avenida 6N # 23-50";

let moved: DateToday | undefined;

// Each attempt gives the date back, so the next one moves it from where the back office had it.
test.afterEach(async ({ request }) => {
  await moved?.restore(request);
  moved = undefined;
});

async function openStaff(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("astro-island:not([ssr])").first()).toBeAttached();
}

test("the open board hears the van, a booking paid and another dispatcher's change without a reload", async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  const driver = await newDriver(request, "Rubén", "Caicedo");
  moved = await dateToday(request, SLUG);
  const { eventDateId } = moved;
  // A retry against the same shop finds the event as the first attempt did: no passenger, stop or run of before.
  await cancelEarlierBookings(request, eventDateId);
  const staff = await bearer(request, STAFF);
  const on = { eventDateId, leg: "outbound" };
  await paidTicket(request, "Lucia", undefined, SLUG, { address: FIRST_ADDRESS });

  // Planned, the run given to the journey's driver, and published.
  const planned = await data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: staff, data: on }));
  const run = planned.runs.find((one) => one.stops.some((stop) => stop.address === FIRST_ADDRESS))!;
  expect(run.vehicle).not.toBeNull();
  const driverId = driver.id;
  const assigned = await data<DispatchPlan>(
    request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { ...on, version: planned.version, runId: run.id, vehicleId: run.vehicle!.id, driverId } }),
  );
  await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { ...on, version: assigned.version } }));

  await signIn(page, request, STAFF);
  await openStaff(page, "/staff/dispatch");
  await page.getByLabel("Fecha del evento").selectOption(String(eventDateId));
  const status = page.locator(".dispatch-status");
  await expect(status).toContainText(`Versión ${assigned.version}`);
  await expect(status).toContainText("Publicado");
  await expect(page.locator("path.dispatch-stop-mark")).toHaveCount(1);
  // Left on the window: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { boardMark: number }).boardMark = 1));

  // The van's phone reports where it is: its dot carries its plate.
  const stop = run.stops[0]!;
  const fix = { lat: stop.lat + 0.01, lon: stop.lon, accuracy: 12, at: new Date().toISOString() };
  await data(request.post("/shop-api/driver/positions", { headers: await bearer(request, driver), data: { runId: run.id, positions: [fix] } }));
  await expect(page.locator(".dispatch-van-plate")).toHaveText([run.vehicle!.plate]);

  // A booking paid while the board is open: the alert appears by itself, within seconds.
  await paidTicket(request, "Tomas", undefined, SLUG, { address: LATE_ADDRESS });
  const alert = page.locator(".dispatch-waiting");
  await expect(alert).toContainText("1 pasajero pagó después de publicar y espera vehículo", { timeout: 10_000 });
  await expect(alert.locator("li", { hasText: "Tomas Pasajera" })).toContainText(LATE_ADDRESS);
  await keepShot(page, "dispatch-board/late-booking-heard", { fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Another dispatcher puts the passenger into the run: the open board follows.
  const waiting = await data<{ waiting: { passengerId: number }[] }>(request.get(`/shop-api/staff/dispatch/board?eventDateId=${eventDateId}&leg=outbound`, { headers: staff }));
  const current = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: staff }));
  const inserted = await data<{ runId: number; version: number }>(
    request.post("/shop-api/staff/dispatch/insert", { headers: staff, data: { ...on, version: current.version, passengerId: waiting.waiting[0]!.passengerId } }),
  );
  expect(inserted.runId).toBe(run.id);
  await expect(alert).toHaveCount(0, { timeout: 10_000 });
  await expect(status).toContainText(`Versión ${inserted.version}`);
  await expect(status).toContainText("Publicado");
  const joined = page.locator("section.dispatch-run", { hasText: "Tomas Pasajera" });
  await expect(joined).toContainText("Lucia Pasajera");
  await expect(joined).toContainText(LATE_ADDRESS);
  await expect(page.locator("path.dispatch-stop-mark")).toHaveCount(2);
  await expect(page.locator(".dispatch-van-plate")).toHaveText([run.vehicle!.plate]);
  expect(await page.evaluate(() => (window as unknown as { boardMark?: number }).boardMark)).toBe(1);
  await keepShot(page, "dispatch-board/insert-heard", { fullPage: true });

  // Another dispatcher gives Lucia a run of her own, with neither van nor driver: the board names it, and publishing
  // asks first, naming it.
  const now = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: staff }));
  const lucia = now.runs.flatMap((one) => one.stops.flatMap((stop) => stop.passengers)).find((one) => one.name === "Lucia Pasajera")!;
  await data(request.post("/shop-api/staff/dispatch/move-group", { headers: staff, data: { ...on, version: now.version, passengerId: lucia.passengerId, toRunId: null } }));
  const unassigned = page.locator(".dispatch-unassigned");
  await expect(unassigned).toHaveAttribute("role", "alert");
  await expect(unassigned.locator("[data-missing=driver]")).toHaveText("Sin conductor: Recorrido 2");
  await expect(unassigned.locator("[data-missing=vehicle]")).toHaveText("Sin vehículo: Recorrido 2");
  await expect(status).toContainText("Sin publicar");
  await page.getByRole("button", { name: "Publicar horarios" }).click();
  const ask = page.getByRole("dialog", { name: "Publicar horarios" });
  await expect(ask).toContainText("Estos recorridos no tienen conductor o vehículo: Recorrido 2.");
  expect(await seriousViolations(page)).toEqual([]);
  await ask.getByRole("button", { name: "Publicar de todos modos" }).click();
  await expect(page.getByText(/Horarios publicados/)).toBeVisible();
  await expect(status).toContainText("Publicado");
  expect(errors).toEqual([]);
});
