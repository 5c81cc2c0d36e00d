/**
 * Running the vans: a dispatcher plans an event date, moves a passenger to a run of their own, publishes, and the
 * buyer's order shows the published pick-up time; a driver on a 390 px phone opens their run of today (a concert of
 * its own moved to today by the back office, a driver of its own), marks a stop as next (the passenger's text is in
 * the dev outbox), ticks a passenger on board with the network gone, and the check-in reaches the shop when the
 * network returns. Both screens pass axe. Each attempt books passengers with names (and a phone) of its own: a retry
 * finds its own, never the first attempt's.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { PASSWORD } from "./account-helpers";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { formatDateTime } from "../../src/shared/format/dates";
import type { DispatchPlan, DriverRun } from "../../src/shared/schemas/answers/dispatch";
import { seriousViolations } from "./axe";
import { purchaseRow, signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { assignOwnVehicle, attemptNumber, attemptPhone, attemptSurname, bearer, dateToday, newDriver } from "./live-day-helpers";
import { paidTicket, tokenOf } from "./scanner-helpers";
import { keepShot } from "./shots";

// One after the other in one worker, each retried alone: the two journeys share nothing but the worker.
test.describe.configure({ mode: "default" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
/** The driver's journey's own event, moved to today while it runs (its runs are the day's, under way). */
const ALIMENTARTE = "alimentarte-festival-gastronomico";
/** The driver journey drives without a van: the other live journeys' vans run at the same hour (live-day-helpers.ts). */
const VEHICLE_PLATE = null;

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
  const anaName = `Ana ${attemptSurname()}`;
  const ana = await paidTicket(request, "Ana", [anaName]);
  await paidTicket(request, "Beto", [`Beto ${attemptSurname()}`]);

  await signIn(page, request, STAFF);
  await openStaff(page, "/staff/dispatch");
  const eventDateId = await festivalDateId(page);
  await page.getByRole("button", { name: "Calcular plan" }).click();
  // A retry finds the first attempt's published plan on screen until the new one (a draft) replaces it.
  await expect(page.locator(".dispatch-status")).toContainText("Sin publicar");
  const passenger = page.locator(`section.dispatch-run li[data-passenger]`, { hasText: anaName });
  await expect(passenger).toBeVisible();
  await expect(page.getByRole("region", { name: "Mapa del plan" })).toBeVisible();
  const runsBefore = await page.locator("section.dispatch-run").count();

  await passenger.getByLabel(`Mover a: ${anaName}`).selectOption({ label: "Nuevo recorrido" });
  await expect(page.locator("section.dispatch-run")).toHaveCount(runsBefore + 1);
  const alone = page.locator("section.dispatch-run", { hasText: anaName });
  await expect(alone).toContainText("1/15 puestos");
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `dispatch/dispatch-${width}`, { fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  // The planner gives no drivers and Ana's run has no van: even a first publish asks first, naming her run.
  const aloneNumber = (await page.locator("section.dispatch-run").allTextContents()).findIndex((text) => text.includes(anaName)) + 1;
  await page.getByRole("button", { name: "Publicar horarios" }).click();
  const ask = page.getByRole("dialog", { name: "Publicar horarios" });
  await expect(ask).toContainText("Estos recorridos no tienen conductor o vehículo:");
  await expect(ask).toContainText(new RegExp(`Recorrido ${aloneNumber}\\b`));
  await expect(page.getByText(/Horarios publicados/)).toHaveCount(0);
  await ask.getByRole("button", { name: "Publicar de todos modos" }).click();
  await expect(page.getByText(/Horarios publicados/)).toBeVisible();
  await expect(page.locator(".dispatch-status")).toContainText("Publicado");

  const staff = await tokenOf(request, STAFF.email, STAFF.password);
  const current = await data<DispatchPlan>(request.get(`/shop-api/staff/dispatch?eventDateId=${eventDateId}&leg=outbound`, { headers: { authorization: `Bearer ${staff}` } }));
  const stop = current.runs.flatMap((run) => run.stops).find((one) => one.passengers.some((p) => p.orderId === ana.orderId))!;
  expect(current.published).toBe(true);

  const buyer = { email: ana.customer.email, password: PASSWORD, firstName: "Ana", lastName: "Pasajera" };
  await signIn(page, request, buyer);
  await page.goto("/my-account/payments");
  await purchaseRow(page, ana.orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  await expect(page.getByTestId("purchase-detail")).toContainText(`Calle 1 # 2-3: ${formatDateTime(stop.time, "America/Bogota")}`);
  expect(errors).toEqual([]);
});

test("a driver on a phone marks the next stop and checks a passenger in offline", async ({ page, context, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const carlaName = `Carla ${attemptSurname()}`;
  const carlaPhone = attemptPhone();
  const driver = await newDriver(request, "Andrés", attemptSurname());
  // A door of this attempt's own: a stop is told its van is arriving once.
  const carla = await paidTicket(request, "Carla", [carlaName], ALIMENTARTE, { phone: carlaPhone, address: `Calle ${attemptNumber()} # 2-3` });
  // The run is today's: the driver's actions are taken only from two hours before the run sets off.
  const moved = await dateToday(request, ALIMENTARTE);
  try {
    const staff = await bearer(request, STAFF);
    const eventDateId = moved.eventDateId;
    const planned = await plan(request, staff.authorization.slice(7), eventDateId);
    const run = planned.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.orderId === carla.orderId)))!;
    const driverId = driver.id;
    const assigned = await assignOwnVehicle(request, planned, run.id, VEHICLE_PLATE, driverId);
    // Drivers' phones show only published plans.
    await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { eventDateId, leg: "outbound", version: assigned.version } }));
    const stop = run.stops.find((one) => one.passengers.some((p) => p.orderId === carla.orderId))!;
    /** The "van arriving" texts sent to Carla's phone (hers alone: the number is this attempt's). */
    const arriving = async () =>
      (await data<{ to: string; body: string }[]>(request.get("/dev/outbox/sms.json"))).filter((text) => text.to.replace(/\D/g, "").endsWith(carlaPhone) && text.body.includes("llega en unos"));

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, driver);
    await openStaff(page, "/staff/driver");
    const stopCard = page.locator(`article.driver-run[data-run="${run.id}"] li.driver-stop[data-stop="${stop.position}"]`);
    await expect(stopCard).toContainText(stop.address);
    await expect(stopCard.getByRole("link", { name: "Navegar" })).toHaveAttribute("href", /^geo:/);
    await keepShot(page, "dispatch/driver-390", { fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await stopCard.getByRole("button", { name: /Siguiente parada/ }).click();
    await expect(stopCard).toContainText("En camino");
    // The "van arriving" text has left (sent online, not queued) before the network goes.
    await expect.poll(async () => (await arriving()).length, { timeout: 15_000 }).toBe(1);
    expect((await arriving())[0]!.body).toContain(`a ${stop.address}`);
    await expect(page.getByTestId("driver-queued")).toHaveCount(0);

    await context.setOffline(true);
    await expect(page.getByText(/Sin conexión: lo que marques/)).toBeVisible();
    const row = stopCard.locator("li[data-passenger]", { hasText: carlaName });
    await row.getByRole("checkbox").check();
    await expect(row).toHaveAttribute("data-state", "boarded");
    await expect(page.getByTestId("driver-queued")).toContainText("Acciones por enviar: 1");
    await keepShot(page, "dispatch/driver-offline-390", { fullPage: true });

    await context.setOffline(false);
    await expect(page.getByTestId("driver-queued")).toHaveCount(0);
    const runs = await data<DriverRun[]>(request.get("/shop-api/driver/runs", { headers: await bearer(request, driver) }));
    const carlaState = runs.flatMap((one) => one.stops.flatMap((s) => s.passengers)).find((p) => p.orderId === carla.orderId)!;
    expect(carlaState.state).toBe("boarded");
    expect(errors).toEqual([]);
  } finally {
    // Other journeys book the event at its own date.
    await moved.restore(request);
  }
});

test("a driver checks one code of a three-passenger order: that passenger alone is aboard, and the same code again says so", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const names = ["Dana", "Eloy", "Fabio"].map((first) => `${first} ${attemptSurname()}`);
  const driver = await newDriver(request, "Iván", attemptSurname());
  // One door of this attempt's own for the three: one order, one stop, three personal codes.
  const order = await paidTicket(request, "Dana", names, ALIMENTARTE, { address: `Calle ${attemptNumber()} # 2-3` });
  const moved = await dateToday(request, ALIMENTARTE);
  try {
    const staff = await bearer(request, STAFF);
    const eventDateId = moved.eventDateId;
    const planned = await plan(request, staff.authorization.slice(7), eventDateId);
    const run = planned.runs.find((one) => one.stops.some((stop) => stop.passengers.some((p) => p.orderId === order.orderId)))!;
    const assigned = await assignOwnVehicle(request, planned, run.id, VEHICLE_PLATE, driver.id);
    await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { eventDateId, leg: "outbound", version: assigned.version } }));

    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, request, driver);
    await openStaff(page, "/staff/driver");
    const card = page.locator(`article.driver-run[data-run="${run.id}"]`);
    const row = (name: string) => card.locator("li[data-passenger]", { hasText: name });
    for (const name of names) await expect(row(name)).toBeVisible();

    // Eloy's own code, typed as a driver does when the camera cannot read it.
    const eloy = order.passengers.find((passenger) => passenger.name === names[1])!;
    await card.getByLabel("Código del ticket").fill(eloy.qr);
    await card.getByRole("button", { name: "Validar ticket" }).click();
    await expect(row(names[1]!)).toHaveAttribute("data-state", "boarded");
    for (const other of [names[0]!, names[2]!]) await expect(row(other)).not.toHaveAttribute("data-state", "boarded");
    await expect(page.getByTestId("driver-queued")).toHaveCount(0);

    // The shop agrees: one of the three aboard.
    const runs = await data<DriverRun[]>(request.get("/shop-api/driver/runs", { headers: await bearer(request, driver) }));
    const states = runs.flatMap((one) => one.stops.flatMap((s) => s.passengers)).filter((p) => p.orderId === order.orderId);
    expect(states.filter((p) => p.state === "boarded").map((p) => p.name)).toEqual([names[1]]);

    // The same code again: the driver reads that Eloy is already aboard.
    await card.getByLabel("Código del ticket").fill(eloy.qr);
    await card.getByRole("button", { name: "Validar ticket" }).click();
    await expect(page.getByText(`${names[1]}: ya a bordo`)).toBeVisible();
    for (const other of [names[0]!, names[2]!]) await expect(row(other)).not.toHaveAttribute("data-state", "boarded");
    expect(errors).toEqual([]);
  } finally {
    await moved.restore(request);
  }
});
