/**
 * Running the vans: a dispatcher plans an event date, moves a passenger to a run of their own, publishes, and the
 * buyer's order shows the published pick-up time; a driver on a 390 px phone opens their run, marks a stop as
 * next (the passengers' text is in the dev outbox), ticks a passenger on board with the network gone, and the
 * check-in reaches the shop when the network returns. Both screens pass axe.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { formatDateTime } from "../../src/shared/format/dates";
import type { DispatchOptions, DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import { seriousViolations } from "./axe";
import { purchaseRow, signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { paidTicket, tokenOf } from "./scanner-helpers";
import { keepShot } from "./shots";

test.describe.configure({ mode: "serial" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
const DRIVER: Person = { ...DEMO_ACCOUNTS.driver, firstName: "Andrés", lastName: "Quintero" };

async function data<T>(answer: Promise<{ status(): number; json(): Promise<unknown> }>): Promise<T> {
  const response = await answer;
  const body = (await response.json()) as { data: T };
  expect(response.status(), JSON.stringify(body)).toBe(200);
  return body.data;
}

async function openStaff(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("astro-island:not([ssr])").first()).toBeAttached();
}

async function festivalDateId(page: Page) {
  const date = page.getByLabel("Fecha del evento");
  const value = (await date.locator("option", { hasText: "Sonidos de la Sabana" }).first().getAttribute("value"))!;
  await date.selectOption(value);
  return Number(value);
}

async function plan(request: APIRequestContext, token: string, eventDateId: number) {
  return data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: { authorization: `Bearer ${token}` }, data: { eventDateId, leg: "outbound" } }));
}

test("a dispatcher plans a date, moves a passenger, publishes, and the buyer's order shows the time", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const ana = await paidTicket(request, "Ana");
  await paidTicket(request, "Beto");

  await signIn(page, request, STAFF);
  await openStaff(page, "/staff/dispatch");
  const eventDateId = await festivalDateId(page);
  await page.getByRole("button", { name: "Calcular plan" }).click();
  const passenger = page.locator(`li[data-passenger]`, { hasText: "Ana Pasajera" }).first();
  await expect(passenger).toBeVisible();
  await expect(page.getByRole("region", { name: "Mapa del plan" })).toBeVisible();
  const runsBefore = await page.locator("section.dispatch-run").count();

  await passenger.getByLabel(/Mover a: Ana Pasajera/).selectOption({ label: "Nuevo recorrido" });
  await expect(page.locator("section.dispatch-run")).toHaveCount(runsBefore + 1);
  const alone = page.locator("section.dispatch-run", { hasText: "Ana Pasajera" });
  await expect(alone).toContainText("1/15 puestos");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `dispatch/dispatch-${width}`, { fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: "Publicar horarios" }).click();
  await expect(page.getByText(/Horarios publicados/)).toBeVisible();
  await expect(page.locator(".dispatch-status")).toContainText("Publicado");

  const staff = await tokenOf(request, STAFF.email, STAFF.password);
  const current = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: { authorization: `Bearer ${staff}` } }));
  const stop = current.runs.flatMap((run) => run.stops).find((one) => one.passengers.some((p) => p.orderId === ana.orderId))!;
  expect(current.published).toBe(true);

  const buyer = { email: ana.customer.email, password: "clave-segura-1", firstName: "Ana", lastName: "Pasajera" };
  await signIn(page, request, buyer);
  await page.goto("/my-account/payments");
  await purchaseRow(page, ana.orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  await expect(page.getByTestId("purchase-detail")).toContainText(`Calle 1 # 2-3: ${formatDateTime(stop.time, "America/Bogota")}`);
  expect(errors).toEqual([]);
});

test("a driver on a phone marks the next stop and checks a passenger in offline", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const carla = await paidTicket(request, "Carla");
  const staff = { authorization: `Bearer ${await tokenOf(request, STAFF.email, STAFF.password)}` };
  const options = await data<DispatchOptions>(request.get("/shop-api/staff/dispatch/options", { headers: staff }));
  const eventDateId = options.dates.find((date) => date.eventName.includes("Sonidos de la Sabana"))!.eventDateId;
  const planned = await plan(request, staff.authorization.slice(7), eventDateId);
  const run = planned.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.orderId === carla.orderId)))!;
  const driverId = options.drivers.find((one) => one.name === "Andrés Quintero")!.id;
  await data(request.post("/shop-api/staff/dispatch/assign", { headers: staff, data: { eventDateId, leg: "outbound", version: planned.version, runId: run.id, vehicleId: run.vehicle?.id ?? null, driverId } }));
  const stop = run.stops.find((one) => one.passengers.some((p) => p.orderId === carla.orderId))!;

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, request, DRIVER);
  await openStaff(page, "/staff/driver");
  const stopCard = page.locator(`li.driver-stop[data-stop="${stop.position}"]`).first();
  await expect(stopCard).toContainText(stop.address);
  await expect(stopCard.getByRole("link", { name: "Navegar" })).toHaveAttribute("href", /^geo:/);
  await keepShot(page, "dispatch/driver-390", { fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  await stopCard.getByRole("button", { name: /Siguiente parada/ }).click();
  await expect(stopCard).toContainText("En camino");
  // The "van arriving" text has left (sent online, not queued) before the network goes.
  await expect.poll(async () => (await (await request.get("/dev/outbox")).text()).includes(`a ${stop.address}`), { timeout: 15_000 }).toBe(true);
  await expect(page.getByTestId("driver-queued")).toHaveCount(0);

  await context.setOffline(true);
  await expect(page.getByText(/Sin conexión: lo que marques/)).toBeVisible();
  const row = stopCard.locator("li[data-passenger]", { hasText: "Carla Pasajera" });
  await row.getByRole("checkbox").check();
  await expect(row).toHaveAttribute("data-state", "boarded");
  await expect(page.getByTestId("driver-queued")).toContainText("Acciones por enviar: 1");
  await keepShot(page, "dispatch/driver-offline-390", { fullPage: true });

  await context.setOffline(false);
  await expect(page.getByTestId("driver-queued")).toHaveCount(0);
  const driverToken = await tokenOf(request, DRIVER.email, DRIVER.password);
  const runs = await data<DriverRun[]>(request.get("/shop-api/driver/runs", { headers: { authorization: `Bearer ${driverToken}` } }));
  const carlaState = runs.flatMap((one) => one.stops.flatMap((s) => s.passengers)).find((p) => p.orderId === carla.orderId)!;
  expect(carlaState.state).toBe("boarded");

  await page.goto("/dev/outbox");
  await expect(page.getByTestId("sms-outbox")).toContainText(`a ${stop.address}`);
  expect(errors).toEqual([]);
});
