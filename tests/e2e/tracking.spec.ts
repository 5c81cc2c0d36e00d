/**
 * A passenger's van on the day, in two browsers at once: the driver's phone (390 px, the demo driver) moves along
 * its run (`context.setGeolocation`) while a passenger's tracking page (`/track?token=…`, the token from her order
 * detail) counts the minutes down; when the van is at her stop the "van arriving" text reaches the SMS drop by
 * itself, once, and the driver's button afterwards sends no second one. The page has no sideways scroll at 390 px
 * and shows nothing of the other passenger at her stop. axe on every screen of the live day: the tracking page, the
 * driver's run, the dispatcher's live board and "A bordo".
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import { PASSWORD } from "./account-helpers";
import { seriousViolations } from "./axe";
import { signIn, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { assignOwnVehicle, attemptNumber, attemptPhone, attemptSurname, bearer, data, dateToday, newDriver, spacedPhone, type DateToday } from "./live-day-helpers";
import { paidTicket, type PaidTicket } from "./scanner-helpers";

test.describe.configure({ mode: "serial" });

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };
/** This journey's own driver (live-day-helpers.ts newDriver). */
let DRIVER: Person & { name: string; id: number };
/** Dora's and Elena's door, this attempt's own (set before it): a stop is told its van is arriving once. */
let ADDRESS: string;
/** This journey's own event: other live journeys have runs of their own under way. */
const VALLENATA = "noche-vallenata-el-campin";
/** This journey's own van (live-day-helpers.ts vehicleByPlate): the other live journeys run at the same hour. */
const VEHICLE_PLATE = "GHT-513";
/** Phones of this attempt's own (set before it): a retry's texts are told apart from the failed attempt's. */
let DORA_PHONE: string;
let ELENA_PHONE: string;
/**
 * About 5.5 km and 2.8 km south of a place: each move of the drive is one the shop believes seconds after the fix
 * before (it judges a van's speed over at least a minute: 200 km/h covers 3.3 km), and both are more than 5 minutes
 * away by the city's estimate.
 */
const FAR = 0.05;
const NEAR = 0.025;

let dora: PaidTicket;
let elena: PaidTicket;
let run: DispatchPlan["runs"][number];
let stop: DispatchPlan["runs"][number]["stops"][number];
let eventDateId: number;
let moved: DateToday | undefined;
let token: string;

/** The "van arriving" texts the SMS drop holds for a phone. */
async function arrivingTexts(request: APIRequestContext, phone: string): Promise<string[]> {
  const texts = await data<{ to: string; body: string }[]>(request.get("/dev/outbox/sms.json"));
  return texts.filter((text) => text.to.replace(/\D/g, "").endsWith(phone) && text.body.includes("llega en unos")).map((text) => text.body);
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const minutesShown = (page: Page) => page.locator(".tracking-eta").first().getAttribute("data-minutes").then((value) => (value ? Number(value) : Number.NaN));

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  DRIVER = await newDriver(request, "Mateo", "Cárdenas");
  [ADDRESS, DORA_PHONE, ELENA_PHONE] = [`Carrera 15 # 93-${attemptNumber()}`, attemptPhone(), attemptPhone()];
  dora = await paidTicket(request, "Dora", [`Dora ${attemptSurname()}`], VALLENATA, { phone: DORA_PHONE, address: ADDRESS });
  elena = await paidTicket(request, "Elena", [`Elena ${attemptSurname()}`], VALLENATA, { phone: ELENA_PHONE, address: ADDRESS });
  moved = await dateToday(request, VALLENATA);
  eventDateId = moved.eventDateId;
  const staff = await bearer(request, STAFF);
  const planned = await data<DispatchPlan>(request.post("/shop-api/staff/dispatch/plan", { headers: staff, data: { eventDateId, leg: "outbound" } }));
  run = planned.runs.find((one) => one.stops.some((s) => s.passengers.some((p) => p.orderId === dora.orderId)))!;
  stop = run.stops.find((s) => s.passengers.some((p) => p.orderId === dora.orderId))!;
  const driverId = DRIVER.id;
  const assigned = await assignOwnVehicle(request, planned, run.id, VEHICLE_PLATE, driverId);
  await data(request.post("/shop-api/staff/dispatch/publish", { headers: staff, data: { eventDateId, leg: "outbound", version: assigned.version } }));
  run = assigned.runs.find((one) => one.id === run.id)!;
  // Elena rides from the same door: one stop, two passengers.
  expect(stop.passengers.map((p) => p.orderId)).toEqual(expect.arrayContaining([dora.orderId, elena.orderId]));
  // The van has picked up whoever rides from earlier stops: hers is the next one.
  const earlier = run.stops.slice(0, stop.position).flatMap((s) => s.passengers.map((p) => p.passengerId));
  if (earlier.length > 0) {
    const driver = await bearer(request, DRIVER);
    const at = new Date().toISOString();
    await data(request.post("/shop-api/driver/actions", { headers: driver, data: { actions: earlier.map((passengerId, index) => ({ nonce: `tracking-${Date.now()}-${index}`, runId: run.id, action: "check_in", passengerId, at })) } }));
  }
  // Her link, as her order detail gives it.
  const detail = await data<{ tracking?: { passengerId: number; token: string }[] }>(
    request.get(`/shop-api/order-detail/${dora.orderId}`, { headers: await bearer(request, { email: dora.customer.email, password: PASSWORD }) }),
  );
  token = detail.tracking![0]!.token;
});

// Other journeys book the event at its own date.
test.afterAll(async ({ request }) => {
  await moved?.restore(request);
});

test("the passenger's page counts down as the driver's phone drives to her stop, and the arriving text reaches her once", async ({ browser, page, context, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  // The driver's phone, 5.5 km south of her stop, sharing its position.
  await context.grantPermissions(["geolocation"]);
  await context.setGeolocation({ latitude: stop.lat - FAR, longitude: stop.lon, accuracy: 15 });
  await page.setViewportSize({ width: 390, height: 844 });
  const sent: { lat: number; lon: number }[] = [];
  page.on("request", (sending) => {
    if (sending.url().endsWith("/shop-api/driver/positions") && sending.method() === "POST") sent.push(...(sending.postDataJSON() as { positions: { lat: number; lon: number }[] }).positions);
  });
  /**
   * The phone keeps a fix at most every 4 s (position-sharing.ts MIN_GAP_MS) and Chromium reports a moved phone once:
   * a move sooner than that after the one before is dropped and never sent, so each move waits out the gap.
   */
  let movedAt = Date.now();
  const movePhone = async (latitude: number, accuracy = 15) => {
    const wait = movedAt + 4_500 - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    await context.setGeolocation({ latitude, longitude: stop.lon, accuracy });
    movedAt = Date.now();
  };
  /** The phone has sent where it is now. */
  const sentFrom = (lat: number) => expect.poll(() => sent.some((one) => Math.abs(one.lat - lat) < 1e-6), { timeout: 30_000 }).toBe(true);
  await signIn(page, request, DRIVER);
  await page.goto("/staff/driver");
  await expect(page.locator("article.driver-run")).toBeVisible();
  await expect(page.getByTestId("driver-sharing")).toHaveAttribute("data-state", "on");
  // Where the van starts from has gone out (an earlier journey may have left the van's last position elsewhere).
  await sentFrom(stop.lat - FAR);

  // Dora opens her link on her own phone: no account, no sign-in.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "America/Bogota" });
  const passenger = await phone.newPage();
  const passengerErrors = watchConsole(passenger);
  await passenger.goto(`/track?token=${encodeURIComponent(token)}`);
  const leg = passenger.locator("section.tracking-leg").first();
  await expect(leg).toContainText(run.vehicle!.plate);
  await expect(leg).toContainText(DRIVER.firstName);
  await expect(leg).toContainText(ADDRESS);
  // The van's first position reaches her page: the time is now counted from where it is.
  await expect(leg).not.toContainText("aún no comparte su ubicación", { timeout: 30_000 });
  await expect.poll(() => minutesShown(passenger), { timeout: 30_000 }).toBeGreaterThan(5);
  const far = await minutesShown(passenger);
  expect(await arrivingTexts(request, DORA_PHONE)).toEqual([]);

  // Nearer: fewer minutes, and still no text.
  await movePhone(stop.lat - NEAR);
  await sentFrom(stop.lat - NEAR);
  await expect.poll(() => minutesShown(passenger), { timeout: 40_000 }).toBeLessThan(far);
  const near = await minutesShown(passenger);
  expect(near).toBeGreaterThan(5);
  expect(await arrivingTexts(request, DORA_PHONE)).toEqual([]);

  // At her door: "arriving now", and the text goes by itself, once.
  await movePhone(stop.lat);
  await sentFrom(stop.lat);
  await expect.poll(() => minutesShown(passenger), { timeout: 40_000 }).toBeLessThanOrEqual(1);
  await expect.poll(() => arrivingTexts(request, DORA_PHONE), { timeout: 30_000 }).toHaveLength(1);
  expect((await arrivingTexts(request, DORA_PHONE))[0]).toContain(ADDRESS);

  // The page is hers alone: nothing of Elena, who waits at the same door.
  const shown = await passenger.locator("main").innerText();
  for (const other of [elena.passengers[0]!.name, "Elena", ELENA_PHONE, spacedPhone(ELENA_PHONE)]) expect(shown).not.toContain(other);
  await noSidewaysScroll(passenger);
  expect(await seriousViolations(passenger)).toEqual([]);
  // Read on a phone set to Madrid's clock, the times are still Bogotá's, and say so; at home they are not labelled.
  const abroad = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: "es-CO", timezoneId: "Europe/Madrid" });
  const away = await abroad.newPage();
  await away.goto(`/track?token=${encodeURIComponent(token)}`);
  await expect(away.locator("section.tracking-leg").first().locator(".tracking-published").first()).toContainText("(hora de Bogotá)");
  await expect(passenger.locator("section.tracking-leg").first()).not.toContainText("hora de Bogotá");
  await abroad.close();

  // More positions at the stop, then the driver's "next stop" button: neither sends her a second text.
  await movePhone(stop.lat + 0.0002, 10);
  const stopCard = page.locator(`li.driver-stop[data-stop="${stop.position}"]`).first();
  const next = stopCard.getByRole("button", { name: /Siguiente parada/ });
  if (await next.isVisible()) {
    await next.click();
    await expect(stopCard).toContainText("En camino");
  }
  await expect(page.getByTestId("driver-queued")).toHaveCount(0);
  await page.waitForTimeout(12_000);
  expect(await arrivingTexts(request, DORA_PHONE)).toHaveLength(1);
  expect(await arrivingTexts(request, ELENA_PHONE)).toHaveLength(1);

  // The driver's run screen passes axe while sharing.
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
  expect(passengerErrors).toEqual([]);
  await phone.close();
});

test("the dispatcher's live board and \"A bordo\" pass axe while the van is out", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await signIn(page, request, STAFF);
  await page.goto("/staff/dispatch");
  await expect(page.locator("astro-island:not([ssr])").first()).toBeAttached();
  await page.getByLabel("Fecha del evento").selectOption(String(eventDateId));
  const live = page.locator(`.dispatch-live[data-run="${run.id}"]`);
  await expect(live).toBeVisible({ timeout: 30_000 });
  // The van's position is on the board (its age), not "no position".
  await expect(live.locator(".dispatch-live-age")).toContainText(/min/);
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/staff/boarding");
  const boarding = page.getByRole("region", { name: "A bordo" });
  await boarding.getByLabel("Fecha del evento").selectOption(String(eventDateId));
  await expect(boarding.locator(`li.boarding-run[data-run="${run.id}"]`)).toBeVisible();
  await noSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
