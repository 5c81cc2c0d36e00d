/**
 * The driver's phone on the run's day (a concert of its own moved to today by the back office, planned, a run given
 * to a driver of its own), at 390 px: an installable web app (its own manifest and service worker), that shares the van's
 * position as it moves along the run (`context.setGeolocation`), queues positions and check-ins with the network
 * gone, still shows the run after a reload offline, and sends everything once when the network returns. "A bordo"
 * lists the same dispatch run with the driver's check-in. axe and no sideways scrolling on both screens.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import { seriousViolations } from "./axe";
import { signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { assignOwnVehicle, attemptNumber, attemptSurname, bearer, data, dateToday, newDriver, type DateToday } from "./live-day-helpers";
import { paidTicket, type PaidTicket } from "./scanner-helpers";

test.describe.configure({ mode: "serial" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
/** This journey's own event (the Festival is the dispatcher's journey's), moved to today while it runs. */
const ELECTRO = "electro-andes-festival";
/** This journey's own van (live-day-helpers.ts vehicleByPlate): the other live journeys run at the same hour. */
const VEHICLE_PLATE = "GHT-514";
/** This journey's own driver (live-day-helpers.ts newDriver). */
let DRIVER: Person & { name: string; id: number };
/** What a browser offline says about requests it could not make (the page falls back on what it kept). */
const OFFLINE_NOISE = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/, /net::ERR_/];

let carla: PaidTicket;
/** Carla's name in this attempt (set before it: a retry books another Carla on the same event). */
let CARLA: string;
let run: DispatchPlan["runs"][number];
let eventDateId: number;
let moved: DateToday | undefined;

async function openDriver(page: Page) {
  await page.goto("/staff/driver");
  await expect(page.locator("astro-island:not([ssr])").first()).toBeAttached();
  await expect(page.locator("article.driver-run")).toBeVisible();
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

/** Waits until the phone's service worker controls the page and keeps the page, its files and the runs. */
async function keptForOffline(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return "no worker";
          const page = (await (await caches.open("rodamos-driver-v1")).keys()).map((request) => new URL(request.url).pathname);
          const runs = await (await caches.open("rodamos-driver-v1-runs")).keys();
          const astro = page.filter((path) => path.startsWith("/_astro/")).length;
          return page.includes(location.pathname) && astro > 3 && runs.length > 0 ? "kept" : `keeping: page ${page.includes(location.pathname)}, ${astro} files, ${runs.length} runs`;
        }),
      { timeout: 30_000 },
    )
    .toBe("kept");
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  DRIVER = await newDriver(request, "Rodrigo", "Galeano");
  CARLA = `Carla ${attemptSurname()}`;
  // A door of this attempt's own: a retry's stop has not been arrived at.
  carla = await paidTicket(request, "Carla", [CARLA], ELECTRO, { address: `Calle ${attemptNumber()} # 2-3` });
  moved = await dateToday(request, ELECTRO);
  eventDateId = moved.eventDateId;
  const staff = await bearer(request, STAFF);
  const planned = await data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: staff, data: { eventDateId, leg: "outbound" } }));
  run = planned.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.orderId === carla.orderId)))!;
  const driverId = DRIVER.id;
  const assigned = await assignOwnVehicle(request, planned, run.id, VEHICLE_PLATE, driverId);
  // Drivers' phones show only published plans.
  await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { eventDateId, leg: "outbound", version: assigned.version } }));
});

// Other journeys book the event at its own date, and the driver drives their runs: the run lets him go.
test.afterAll(async ({ request }) => {
  if (run) {
    const staff = await bearer(request, STAFF);
    const plan = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: staff }));
    const mine = plan.runs.find((one) => one.id === run.id);
    if (mine) await data(request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { eventDateId, leg: "outbound", version: plan.version, runId: run.id, vehicleId: mine.vehicle?.id ?? null, driverId: null } }));
  }
  await moved?.restore(request);
});

test("the phone shares the van's position as it moves along its run, and stops when told", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await context.grantPermissions(["geolocation"]);
  const [first, ...rest] = run.stops;
  await context.setGeolocation({ latitude: first!.lat, longitude: first!.lon, accuracy: 15 });
  await page.setViewportSize({ width: 390, height: 844 });
  const sent: { lat: number; lon: number }[] = [];
  page.on("request", (sending) => {
    if (sending.url().endsWith("/shop-api/driver/positions") && sending.method() === "POST") sent.push(...(sending.postDataJSON() as { positions: { lat: number; lon: number }[] }).positions);
  });
  const stored: number[] = [];
  page.on("response", async (answer) => {
    if (answer.url().endsWith("/shop-api/driver/positions") && answer.status() === 200) stored.push(((await answer.json()) as { data: { stored: number } }).data.stored);
  });

  await signIn(page, request, DRIVER);
  await openDriver(page);
  // Installable: the driver's own manifest, scoped to the driver's screen.
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(manifestHref).toBe("/driver.webmanifest");
  const manifest = (await (await request.get(manifestHref!)).json()) as { icons: { src: string }[] };
  expect(manifest).toMatchObject({ scope: "/staff/driver", start_url: "/staff/driver", display: "standalone" });
  expect(manifest.icons.map((icon) => icon.src)).toContain("/driver-icon-512.png");

  const sharing = page.getByTestId("driver-sharing");
  await expect(sharing).toHaveAttribute("data-state", "on");
  await expect(sharing).toContainText("Compartiendo ubicación");
  // The van drives from stop to stop: each place reaches the shop.
  for (const stop of [first!, ...rest]) {
    await context.setGeolocation({ latitude: stop.lat, longitude: stop.lon, accuracy: 15 });
    await expect.poll(() => sent.some((one) => Math.abs(one.lat - stop.lat) < 1e-6 && Math.abs(one.lon - stop.lon) < 1e-6), { timeout: 25_000 }).toBe(true);
  }
  await expect.poll(() => stored.reduce((sum, count) => sum + count, 0), { timeout: 15_000 }).toBeGreaterThanOrEqual(run.stops.length);
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The driver stops sharing: nothing more is taken.
  await page.getByRole("switch", { name: "Compartir mi ubicación durante el recorrido" }).uncheck();
  await expect(sharing).toHaveAttribute("data-state", "off");
  await expect(sharing).toContainText("Ubicación sin compartir");
  await page.getByRole("switch", { name: "Compartir mi ubicación durante el recorrido" }).check();
  await expect(sharing).toHaveAttribute("data-state", "on");
  expect(errors).toEqual([]);
});

test("offline, the phone reloads its run, queues check-ins and positions, and sends each once when back", async ({ page, context, request }) => {
  test.setTimeout(150_000);
  const errors = watchConsole(page, OFFLINE_NOISE);
  await context.grantPermissions(["geolocation"]);
  const stop = run.stops.find((one) => one.passengers.some((p) => p.orderId === carla.orderId))!;
  await context.setGeolocation({ latitude: stop.lat, longitude: stop.lon, accuracy: 20 });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, DRIVER);
  await openDriver(page);
  await keptForOffline(page);

  await context.setOffline(true);
  await page.reload();
  await expect(page.locator("article.driver-run")).toBeVisible();
  const stopCard = page.locator(`li.driver-stop[data-stop="${stop.position}"]`).first();
  await expect(stopCard).toContainText(stop.address);
  await expect(page.getByText(/Sin conexión: lo que marques/)).toBeVisible();
  const row = stopCard.locator("li[data-passenger]", { hasText: CARLA });
  await row.getByRole("checkbox").check();
  await stopCard.getByRole("button", { name: /Llegué a la parada/ }).click();
  await expect(stopCard.getByTestId("driver-wait")).toContainText("En la parada desde");
  await expect(page.getByTestId("driver-queued")).toContainText("Acciones por enviar: 2");
  // Positions taken offline wait on the phone with their own time.
  await context.setGeolocation({ latitude: stop.lat + 0.001, longitude: stop.lon + 0.001, accuracy: 20 });
  await expect(page.getByTestId("driver-sharing")).toContainText(/posici(ó|o)n(es)? por enviar/, { timeout: 20_000 });

  // A second reload offline: what was marked is still there, nothing was lost.
  await page.reload();
  await expect(row).toHaveAttribute("data-state", "boarded");
  await expect(page.getByTestId("driver-queued")).toContainText("Acciones por enviar: 2");
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  const sentPositions: string[] = [];
  page.on("request", (sending) => {
    if (sending.url().endsWith("/shop-api/driver/positions")) sentPositions.push(...(sending.postDataJSON() as { positions: { at: string }[] }).positions.map((one) => one.at));
  });
  await context.setOffline(false);
  await expect(page.getByTestId("driver-queued")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("driver-sharing")).not.toContainText("por enviar", { timeout: 25_000 });
  expect(sentPositions.length).toBeGreaterThan(0);

  const runs = await data<DriverRun[]>(request.get("/shop-api/driver/runs", { headers: await bearer(request, DRIVER) }));
  const mine = runs.find((one) => one.id === run.id)!;
  const carlaState = mine.stops.flatMap((one) => one.passengers).find((p) => p.orderId === carla.orderId)!;
  expect(carlaState.state).toBe("boarded");
  expect(mine.stops[stop.position]!.arrivedAt).not.toBeNull();
  // Online again and reloaded: the queue is empty, nothing is sent twice.
  await page.reload();
  await expect(page.locator("article.driver-run")).toBeVisible();
  await expect(page.getByTestId("driver-queued")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("\"A bordo\" lists the dispatch runs, with the driver's check-in, at 390 px", async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const staff = await bearer(request, STAFF);
  const plan = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: staff }));
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, STAFF);
  await page.goto("/staff/boarding");
  const boarding = page.getByRole("region", { name: "A bordo" });
  await boarding.getByLabel("Fecha del evento").selectOption(String(eventDateId));
  const runs = boarding.locator("li.boarding-run[data-run]:not([data-run=''])");
  const withPaid = plan.runs.filter((one) => one.stops.some((stop) => stop.passengers.some((p) => p.paid)));
  await expect(runs).toHaveCount(withPaid.length);
  expect(await runs.evaluateAll((items) => items.map((item) => Number(item.getAttribute("data-run"))))).toEqual(withPaid.map((one) => one.id));
  const mine = boarding.locator(`li.boarding-run[data-run="${run.id}"]`);
  await expect(mine).toContainText(DRIVER.name);
  // Carla was ticked on board by the driver's phone (the test before): not missing here.
  await expect(mine).not.toContainText(CARLA);
  await expect(mine.getByText(/\d+ de \d+ a bordo/)).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
