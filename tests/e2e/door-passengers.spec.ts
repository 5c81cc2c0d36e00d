/**
 * A door that counts heads and works a departure without network: staff scan the three passengers of one order
 * one by one with the camera (Chromium's fake camera plays each passenger's code in turn) and see 1, 2 and 3 of 3
 * on board; with the network gone the scanner page reloads and scans (its service worker), a ticket used online
 * before the list was downloaded is flagged, and the camera works on a device that never used it online; two
 * devices that both let the same passenger in offline leave one check-in and one conflict reported to staff.
 */
import type { Browser, APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import QRCode from "qrcode";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import config from "../../playwright.config";
import { PASSWORD } from "./account-helpers";
import { seriousViolations } from "./axe";
import { signIn } from "./booking-helpers";
import { paidTicket, readByCamera, takeFestivalAlong, tokenOf, writeFakeCamera } from "./scanner-helpers";

const CAMERA_FILE = `.tmp/fake-camera-door-${process.env.E2E_PORT ?? 4399}.y4m`;
const STAFF = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      `--use-file-for-fake-video-capture=${CAMERA_FILE}`,
    ],
  },
});

test.beforeAll(async () => {
  // The browser starts with a camera file; each test shows the code it needs before the camera is turned on.
  await writeFakeCamera(CAMERA_FILE, '{"hello":"camera"}');
});

async function openScanner(page: Page) {
  await page.goto("/qr-verification");
  const door = page.getByRole("region", { name: "Escanear tickets" });
  await expect(door.getByText("Esperando un código QR")).toBeVisible();
  return door;
}

async function staffPage(browser: Browser, request: APIRequestContext) {
  const context = await browser.newContext({ baseURL: config.use?.baseURL, locale: "es-CO", timezoneId: "America/Bogota" });
  const page = await context.newPage();
  await signIn(page, request, STAFF);
  return { context, page };
}

/** Waits until the scanner's service worker controls the page and keeps the page and its files. */
async function controlled(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(async () => {
        if (!navigator.serviceWorker.controller) return 0;
        const kept = await (await caches.open("rodamos-door-v1")).keys();
        return kept.some((request) => new URL(request.url).pathname === location.pathname) ? kept.filter((request) => request.url.includes("/_astro/")).length : 0;
      }),
    )
    .toBeGreaterThan(3);
}

test("the camera boards an order's three passengers one by one: 1, 2 and 3 of 3 on board", async ({ page, request }) => {
  const order = await paidTicket(request, "Tatiana", ["Tatiana Uno", "Tomás Dos", "Teresa Tres"]);
  expect(order.passengers).toHaveLength(3);
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  await door.getByLabel("Fecha que atiende esta puerta").selectOption({ label: (await door.getByLabel("Fecha que atiende esta puerta").locator("option", { hasText: "Festival Sonidos de la Sabana" }).first().textContent())! });
  const headCount = door.locator(".door-count");
  await expect(headCount).toHaveText(/\d+ de \d+ a bordo|Nadie a bordo aún/);

  for (const [i, passenger] of order.passengers.entries()) {
    // The camera is off between scans (the result screen): it shows the next passenger's code when it is back on.
    await writeFakeCamera(CAMERA_FILE, passenger.qr);
    if (i === 0) await door.getByRole("button", { name: "Activar cámara" }).click();
    else await door.getByRole("button", { name: "Escanear otro código" }).click();
    await readByCamera(door, CAMERA_FILE, order.orderId, passenger.qr);
    await door.getByRole("button", { name: "Validar" }).click();
    const result = door.getByRole("status").filter({ hasText: "Ticket válido" });
    await expect(result.locator(".door-result-person")).toHaveText(passenger.name);
    await expect(result).toContainText(`${i + 1} de 3 del pedido a bordo`);
  }
  await expect(door.getByRole("status").filter({ hasText: "Ticket válido" }).getByRole("listitem")).toHaveText([/Tatiana Uno \(a bordo\)/, /Tomás Dos \(a bordo\)/, /Teresa Tres \(a bordo\)/]);
  await expect(headCount).toHaveText(/[1-9]\d* de \d+ a bordo/);
  expect(await seriousViolations(page)).toEqual([]);

  // The second passenger again: flagged, with the first scan's staff member.
  await writeFakeCamera(CAMERA_FILE, order.passengers[1]!.qr);
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await readByCamera(door, CAMERA_FILE, order.orderId, order.passengers[1]!.qr);
  await door.getByRole("button", { name: "Validar" }).click();
  const repeat = door.getByRole("status").filter({ hasText: "Este trayecto ya fue registrado" });
  await expect(repeat.locator(".door-result-person")).toHaveText("Tomás Dos");
  await expect(repeat).toContainText("por Julián Castaño");
});

test("a ticket of another date than the door works is refused and the door says which date it is for", async ({ page, request }) => {
  const order = await paidTicket(request, "Wilson", ["Wilson Pasajero"], "noche-de-salsa-movistar-arena");
  await paidTicket(request, "Wanda");
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  const dates = door.getByLabel("Fecha que atiende esta puerta");
  // The door works the festival; the ticket is for the salsa night.
  await dates.selectOption({ label: (await dates.locator("option", { hasText: "Festival Sonidos de la Sabana" }).first().textContent())! });
  await door.getByLabel("Código del ticket").fill(order.passengers[0]!.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(page.getByText(/EVENTO INVALIDO: Este ticket es para otra fecha: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/)).toBeVisible();
  await dates.selectOption({ label: "Cualquier fecha" });
});

test("offline: the scanner reloads and scans, and a ticket used online before the download is flagged", async ({ page, request, context }) => {
  const used = await paidTicket(request, "Ursula");
  const fresh = await paidTicket(request, "Fabiola");
  await signIn(page, request, STAFF);
  let door = await openScanner(page);
  // Used online first.
  await door.getByLabel("Código del ticket").fill(used.passengers[0]!.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Ticket válido" })).toBeVisible();
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await takeFestivalAlong(door);
  await controlled(page);
  await expect(door.getByText("En línea")).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  door = page.getByRole("region", { name: "Escanear tickets" });
  await expect(door.getByText("Esperando un código QR")).toBeVisible();
  await expect(door.getByText("Sin conexión: los escaneos se guardan en este equipo.")).toBeVisible();
  await expect(door.getByText(/Listado de hace (menos de un minuto|\d+ minutos?)/)).toBeVisible();

  // The ticket used online: the list downloaded after it says so. The device also forgets nothing of its own scans.
  await door.getByLabel("Código del ticket").fill(used.passengers[0]!.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Este trayecto ya fue registrado" })).toContainText("por Julián Castaño");
  await door.getByRole("button", { name: "Escanear otro código" }).click();

  // A fresh ticket boards offline, by name from the list.
  await door.getByLabel("Código del ticket").fill(fresh.passengers[0]!.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  const boarded = door.getByRole("status").filter({ hasText: "Ticket válido" });
  await expect(boarded).toContainText("Registrado sin conexión");
  await expect(boarded.locator(".door-result-person")).toHaveText(fresh.passengers[0]!.name);
  await expect(door.getByText("1 escaneo por enviar")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("Escaneos sin conexión enviados: 1")).toBeVisible();
  // Sent, and still flagged on this device.
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await context.setOffline(true);
  await door.getByLabel("Código del ticket").fill(fresh.passengers[0]!.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Este trayecto ya fue registrado" })).toBeVisible();
  await context.setOffline(false);
});

test("two devices offline board the same passenger: one check-in, one conflict reported to staff", async ({ browser, request }) => {
  const order = await paidTicket(request, "Carmenza");
  const passenger = order.passengers[0]!;
  const a = await staffPage(browser, request);
  const b = await staffPage(browser, request);
  const doorA = await openScanner(a.page);
  const doorB = await openScanner(b.page);
  await takeFestivalAlong(doorA);
  await takeFestivalAlong(doorB);
  await controlled(b.page);

  await a.context.setOffline(true);
  await b.context.setOffline(true);
  // Device A takes the typed code.
  await doorA.getByLabel("Código del ticket").fill(passenger.qr);
  await doorA.getByRole("button", { name: "Usar este código" }).click();
  await doorA.getByRole("button", { name: "Validar" }).click();
  await expect(doorA.getByRole("status").filter({ hasText: "Ticket válido" })).toContainText("Registrado sin conexión");
  // Device B reloads without network and reads the code with the camera it never used online.
  await b.page.reload();
  const offlineB = b.page.getByRole("region", { name: "Escanear tickets" });
  await writeFakeCamera(CAMERA_FILE, passenger.qr);
  await offlineB.getByRole("button", { name: "Activar cámara" }).click();
  await readByCamera(offlineB, CAMERA_FILE, order.orderId, passenger.qr);
  await offlineB.getByRole("button", { name: "Validar" }).click();
  await expect(offlineB.getByRole("status").filter({ hasText: "Ticket válido" })).toContainText("Registrado sin conexión");

  await a.context.setOffline(false);
  await expect(a.page.getByText("Escaneos sin conexión enviados: 1")).toBeVisible();
  await b.context.setOffline(false);
  await expect(b.page.getByText("1 pasajero subió en dos equipos sin conexión")).toBeVisible();
  const conflicts = offlineB.getByRole("region", { name: "Subieron en dos equipos sin conexión" });
  await expect(conflicts).toContainText(passenger.name);
  // Checked once the toasts have gone: the conflict stays on screen.
  await expect(b.page.locator("[data-toaster] > *")).toHaveCount(0, { timeout: 15_000 });
  expect(await seriousViolations(b.page)).toEqual([]);

  // The shop holds one check-in for the passenger's way out, and staff see the conflict on the boarding screen.
  const token = await tokenOf(request, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  const again = await request.post(`/shop-api/order/${order.orderId}/check-complete`, { headers: { authorization: `Bearer ${token}` }, data: { qr: passenger.qr, leg: "outbound" } });
  expect(((await again.json()) as { data: { alreadyCheckedIn: boolean; checkedInCount: number } }).data).toMatchObject({ alreadyCheckedIn: true, checkedInCount: 1 });
  await b.page.goto("/staff/boarding");
  const boarding = b.page.getByRole("region", { name: "A bordo" });
  await boarding.getByLabel("Fecha del evento").selectOption({ label: (await boarding.getByLabel("Fecha del evento").locator("option", { hasText: "Festival Sonidos de la Sabana" }).first().textContent())! });
  const listed = boarding.getByRole("region", { name: "Conflictos: pasajeros que subieron dos veces" }).getByRole("listitem").filter({ hasText: `pedido N.º ${order.orderId})` });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(passenger.name);
  await expect(boarding.getByRole("progressbar").first()).toBeVisible();
  await expect(boarding.getByText(/\d+ de \d+ a bordo/).first()).toBeVisible();
  expect(await seriousViolations(b.page)).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a passenger's code printed 2 cm wide is read from a photo", async ({ page, request }) => {
  const order = await paidTicket(request, "Priscila");
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  // 2 cm at 300 dpi, with the quiet zone of 4 modules the shop's images carry.
  const print = await QRCode.toBuffer(order.passengers[0]!.qr, { errorCorrectionLevel: "M", margin: 4, width: 236 });
  await door.getByLabel("Elegir una foto del código").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: print });
  await expect(door.getByText(`Código leído: pedido N.º ${order.orderId}`)).toBeVisible({ timeout: 15_000 });
});

test("the buyer's purchase shows one ticket panel per passenger, each with that passenger's own code", async ({ page, request }) => {
  const order = await paidTicket(request, "Rosalba", ["Rosalba Uno", "Rafael Dos", "Rocío Tres"]);
  const [firstName = "", lastName = ""] = order.customer.name.split(" ");
  await signIn(page, request, { email: order.customer.email, password: PASSWORD, firstName, lastName });
  await page.goto(`/my-account/payments/${order.orderId}`);
  const panels = page.getByRole("region", { name: "El ticket de cada pasajero" });
  await expect(panels.getByRole("listitem")).toHaveCount(3);
  for (const passenger of order.passengers) {
    const panel = panels.getByRole("listitem", { name: passenger.name });
    await expect(panel.getByRole("img", { name: `Ticket de ${passenger.name}` })).toHaveAttribute("data-qr", passenger.qr);
  }
  expect(await seriousViolations(page)).toEqual([]);
});
