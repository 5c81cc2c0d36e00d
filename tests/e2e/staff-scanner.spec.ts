/**
 * The van door: staff scan a paid ticket with the camera (Chromium's fake
 * camera plays a video of a real ticket's QR code), validate it and see who travels; the same ticket again is
 * flagged as already checked in. A typed code works without a camera; without network the door checks the
 * signature itself, counts the scans waiting, and sends them when the network is back.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import QRCode from "qrcode";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { seriousViolations } from "./axe";
import { signIn } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { paidTicket, readByCamera, takeFestivalAlong, tokenOf, writeFakeCamera, type PaidTicket } from "./scanner-helpers";
import config from "../../playwright.config";
import { keepShot, shotsWanted } from "./shots";

const CAMERA_FILE = `.tmp/fake-camera-${process.env.E2E_PORT ?? 4399}.y4m`;
const STAFF = { ...DEMO_ACCOUNTS.staff, firstName: "Julián", lastName: "Castaño" };

// One browser for the file: its fake camera shows the ticket bought before it starts.
// Decoding video frames is the slowest thing the suite asks of a browser: more time than the default 30 s.
test.describe.configure({ mode: "serial", timeout: 90_000 });
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

let onCamera: PaidTicket;

test.beforeAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: config.use?.baseURL });
  onCamera = await paidTicket(request, "Mariana");
  await writeFakeCamera(CAMERA_FILE, onCamera.qr);
  await request.dispose();
});

async function openScanner(page: Page) {
  await page.goto("/qr-verification");
  const door = page.getByRole("region", { name: "Escanear tickets" });
  await expect(door.getByText("Esperando un código QR")).toBeVisible();
  return door;
}

/** Screenshots at phone and desktop widths for a look at the door's states (only with E2E_SHOTS set, shots.ts). */
async function shoot(page: Page, name: string) {
  if (!shotsWanted()) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await keepShot(page, `staff-scanner/scanner-${name}-${width}`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("the camera reads a paid ticket; validating shows who travels; the same ticket again is flagged", async ({ page, request }) => {
  const errors = watchConsole(page);
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  await expect(door.getByRole("radio", { name: "Ida (hacia el evento)" })).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "waiting");

  await door.getByRole("button", { name: "Activar cámara" }).click();
  await readByCamera(door, CAMERA_FILE, onCamera.orderId, onCamera.qr);
  await door.getByRole("button", { name: "Validar" }).click();
  const result = door.getByRole("status").filter({ hasText: "Ticket válido" });
  await expect(result).toBeVisible();
  await expect(result).toContainText(onCamera.customer.name);
  await expect(result).toContainText(onCamera.customer.email);
  await expect(result).toContainText("Festival Sonidos de la Sabana");
  await expect(result).toContainText("Ida (hacia el evento)");
  await expect(result.getByText("Tickets")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, "result");

  // "Escanear otro código": the camera is back, and it still shows the same ticket.
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await readByCamera(door, CAMERA_FILE, onCamera.orderId, onCamera.qr);
  await door.getByRole("button", { name: "Validar" }).click();
  const repeat = door.getByRole("status").filter({ hasText: "Este trayecto ya fue registrado" });
  await expect(repeat).toBeVisible();
  await expect(repeat).toContainText("Primer escaneo:");
  await expect(repeat).toContainText("por Julián Castaño");
  await shoot(page, "repeat");

  // The way back home is its own check-in; the leg stays chosen for the next scans.
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await door.getByText("Regreso (a casa)").click();
  await readByCamera(door, CAMERA_FILE, onCamera.orderId, onCamera.qr);
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Ticket válido" })).toContainText("Regreso (a casa)");
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await expect(door.getByRole("radio", { name: "Regreso (a casa)" })).toBeChecked();
  expect(errors).toEqual([]);
});

test("a typed code is checked too; data without orderId or a refused code shows EVENTO INVALIDO", async ({ page, request }) => {
  const ticket = await paidTicket(request, "Sofia");
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  const code = door.getByLabel("Código del ticket");

  await code.fill('{"hello":"world"}');
  await door.getByRole("button", { name: "Usar este código" }).click();
  await expect(page.getByText("EVENTO INVALIDO", { exact: true })).toBeVisible();

  // A real code whose order id was changed: the shop refuses it and the door says why.
  const altered = JSON.stringify({ ...(JSON.parse(ticket.qr) as object), orderId: onCamera.orderId });
  await code.fill(altered);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(page.getByText("EVENTO INVALIDO: El código no es un ticket emitido por Rodamos")).toBeVisible();
  await expect(door.getByText("Esperando un código QR")).toBeVisible();

  await code.fill(ticket.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Ticket válido" })).toContainText(ticket.customer.name);
});

test("without a camera, a photo of the code is read", async ({ page, request }) => {
  const ticket = await paidTicket(request, "Lorena");
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  const photo = await QRCode.toBuffer(ticket.qr, { errorCorrectionLevel: "M", margin: 4, width: 360 });
  await door.getByLabel("Elegir una foto del código").setInputFiles({ name: "ticket.png", mimeType: "image/png", buffer: photo });
  // The first photo loads the decoder (370 kB) before it is read.
  await expect(door.getByText(`Código leído: pedido N.º ${ticket.orderId}`)).toBeVisible({ timeout: 15_000 });
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Ticket válido" })).toContainText(ticket.customer.name);
});

test("offline: the door checks the signature itself, counts the scans waiting and sends them when back online", async ({ page, request, context }) => {
  const ticket = await paidTicket(request, "Valeria");
  await signIn(page, request, STAFF);
  const door = await openScanner(page);
  await takeFestivalAlong(door);

  await context.setOffline(true);
  await expect(door.getByText("Sin conexión: los escaneos se guardan en este equipo.")).toBeVisible();
  await door.getByLabel("Código del ticket").fill(ticket.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  const result = door.getByRole("status").filter({ hasText: "Ticket válido" });
  await expect(result).toContainText("Registrado sin conexión");
  await expect(result).toContainText(ticket.customer.name);
  await expect(door.getByText("1 escaneo por enviar")).toBeVisible();
  await shoot(page, "offline");

  // The same ticket again while offline: flagged from the door's own record.
  await door.getByRole("button", { name: "Escanear otro código" }).click();
  await door.getByLabel("Código del ticket").fill(ticket.qr);
  await door.getByRole("button", { name: "Usar este código" }).click();
  await door.getByRole("button", { name: "Validar" }).click();
  await expect(door.getByRole("status").filter({ hasText: "Este trayecto ya fue registrado" })).toBeVisible();
  await expect(door.getByText("1 escaneo por enviar")).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByText("Escaneos sin conexión enviados: 1")).toBeVisible();
  await expect(door.getByText("Ningún escaneo por enviar")).toBeVisible();

  // The shop has it: an online scan of the same leg is a repeat.
  const token = await tokenOf(request, DEMO_ACCOUNTS.staff.email, DEMO_ACCOUNTS.staff.password);
  const again = await request.post(`/shop-api/order/${ticket.orderId}/check-complete`, { headers: { authorization: `Bearer ${token}` }, data: { qr: ticket.qr, leg: "outbound" } });
  expect(((await again.json()) as { data: { alreadyCheckedIn: boolean } }).data.alreadyCheckedIn).toBe(true);
});
