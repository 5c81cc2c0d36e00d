/**
 * Event-day tools of the staff area: a buyer pays by bank transfer, staff confirm it under "Transferencias" and
 * the buyer's account shows it paid; staff open "Recorridos", see the van runs of a date and province, press
 * "Próxima parada" and the passengers' text message is in the dev outbox. Screenshots at phone and desktop widths.
 */
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { seriousViolations } from "./axe";
import {
  chooseTickets,
  continueButton,
  FESTIVAL,
  fillAddresses,
  fillPassengers,
  newCustomer,
  openWizard,
  payWith,
  purchaseRow,
  signIn,
  wizard,
  type Person,
} from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

const STAFF: Person = { ...DEMO_ACCOUNTS.staff, firstName: "Equipo", lastName: "Rodamos" };

/** One seat at the festival, paid by bank transfer, picked up at `address`; answers the order id. */
async function bookByTransfer(page: Page, request: APIRequestContext, address: string, phone: string): Promise<{ buyer: Person; orderId: number }> {
  const buyer = await newCustomer(request);
  await signIn(page, request, buyer);
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 1 }]);
  await continueButton(page).click();
  await fillAddresses(page, [{ ticket: 0, address, commune: "Chapinero" }]);
  await continueButton(page).click();
  await fillPassengers(page, [{ ticket: 0, name: "Sofía Quintero", email: "sofia@example.com", phone }]);
  await continueButton(page).click();
  await payWith(page, "Transferencia bancaria");
  await expect(wizard(page).getByRole("heading", { name: "¡Tu reserva quedó registrada!" })).toBeVisible();
  const orderId = Number(/(\d+)/.exec(await wizard(page).locator(".bk-order-line strong").innerText())![1]);
  return { buyer, orderId };
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const answer = await request.post("/shop-api/login", { data: { email: STAFF.email, password: STAFF.password } });
  return ((await answer.json()) as { data: { token: string } }).data.token;
}

test("staff confirm a bank transfer and the buyer's account shows it paid", async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const { buyer, orderId } = await bookByTransfer(page, request, "Calle 63 # 11-40", "3001112233");

  await signIn(page, request, STAFF); // the later session wins
  await page.goto("/staff/transfers");
  const row = page.locator(`[data-order="${orderId}"]`);
  await expect(row).toContainText("COP 65.000");
  await expect(row).toContainText(buyer.email);
  await expect(row).toContainText(/Quedan 2\d(,|\.)?\d* h|Quedan 24 h/);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `staff-transfers/transfers-${width}`, { fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole("button", { name: "Confirmar pago" }).click();
  // Money moves: a dialog says what will happen before it does.
  const confirmation = page.getByRole("dialog", { name: "¿Confirmas?" });
  await expect(confirmation).toContainText(`El pedido N.º ${orderId} queda pagado`);
  // A modal dialog: it takes the focus ("back" first), Tab stays inside it, Escape closes it and the focus returns.
  await expect(confirmation.getByRole("button", { name: "Volver" })).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(confirmation.getByRole("button", { name: "Confirmar pago" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirmation.getByRole("button", { name: "Volver" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirmation).toHaveCount(0);
  await expect(row.getByRole("button", { name: "Confirmar pago" })).toBeFocused();
  await row.getByRole("button", { name: "Confirmar pago" }).click();
  await confirmation.getByRole("button", { name: "Confirmar pago" }).click();
  await expect(page.getByText(`Pedido N.º ${orderId} pagado; le avisamos al comprador.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Orders: the same order, now paid, found by its number.
  await page.getByRole("navigation", { name: "Secciones del área de personal" }).getByRole("link", { name: "Pedidos" }).click();
  const panel = page.locator("#account-panel");
  await panel.getByRole("searchbox").fill(String(orderId));
  await panel.getByRole("button", { name: "Buscar", exact: true }).click();
  await expect(page.locator(`[data-order="${orderId}"]`)).toContainText("Pagado");

  await signIn(page, request, buyer);
  await page.goto("/my-account/payments");
  await expect(purchaseRow(page, orderId)).toContainText("Pagado");

  // The purchase detail: the pick-up time, a calendar file per leg, and the QR code full screen at the van door.
  await purchaseRow(page, orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  const detail = page.getByTestId("purchase-detail");
  await expect(detail.getByRole("heading", { name: "Horarios de recogida" })).toBeVisible();
  await expect(detail).toContainText(/Calle 63 # 11-40: \d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
  await expect(detail.getByRole("link", { name: "Añadir la ida al calendario" })).toHaveAttribute("href", /^data:text\/calendar/);
  await expect(detail.getByRole("link", { name: "Añadir el regreso al calendario" })).toHaveAttribute("download", `rodamos-${orderId}-regreso.ics`);
  await detail.getByRole("button", { name: "Ver en pantalla completa" }).click();
  const full = page.getByRole("dialog", { name: /Código QR/ });
  await expect(full).toContainText("Sube el brillo de tu pantalla");
  await keepShot(page, "staff-transfers/qr-full");
  await full.getByRole("button", { name: "Cerrar" }).click();
  await expect(full).toHaveCount(0);
  // A modal dialog: Escape closes it too, and the focus goes back to the button that opened it.
  const fullButton = detail.getByRole("button", { name: "Ver en pantalla completa" });
  await expect(fullButton).toBeFocused();
  await fullButton.click();
  await expect(full).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(full).toHaveCount(0);
  await expect(fullButton).toBeFocused();
  expect(errors).toEqual([]);
});

test("staff reject a bank transfer in a modal dialog that asks for the reason the buyer is mailed", async ({ page, request }) => {
  test.setTimeout(90_000);
  // The blank reason below is refused by the server (422), which the browser logs; nothing else may be.
  const errors = watchConsole(page, [/status of 422/]);
  const { buyer, orderId } = await bookByTransfer(page, request, "Calle 45 # 13-20", "3004445566");

  await signIn(page, request, STAFF);
  await page.goto("/staff/transfers");
  const row = page.locator(`[data-order="${orderId}"]`);
  await row.getByRole("button", { name: "Rechazar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Rechazar la transferencia del pedido N.º ${orderId}` });
  const reason = dialog.getByLabel("Motivo (lo recibe el comprador por correo)");
  // The reason is asked first; Tab stays in the dialog, and an empty reason is refused before anything is sent.
  await expect(reason).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(dialog.getByRole("button", { name: "Rechazar y avisar" })).toBeFocused();
  await dialog.getByRole("button", { name: "Rechazar y avisar" }).click();
  expect(await reason.evaluate((field) => (field as HTMLTextAreaElement).validity.valueMissing)).toBe(true);
  await expect(dialog).toBeVisible();
  await expect(row).toBeVisible();
  // Blank words are not a reason either: the server's refusal is shown in the dialog, which stays open.
  await reason.fill("   ");
  await dialog.getByRole("button", { name: "Rechazar y avisar" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Campo requerido");
  await expect(reason).toHaveAccessibleDescription("Campo requerido");
  await expect(row).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `staff-transfers/reject-${width}`);
  }

  await reason.fill("No recibimos el dinero en la cuenta");
  await dialog.getByRole("button", { name: "Rechazar y avisar" }).click();
  await expect(page.getByText(`Pedido N.º ${orderId} cancelado; le avisamos al comprador.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(async () => {
    const drop = (await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(buyer.email)}`)).json()) as { data: { text: string }[] };
    expect(drop.data.some((mail) => mail.text.includes("No recibimos el dinero en la cuenta"))).toBe(true);
  }).toPass({ timeout: 10_000 });
  expect(errors).toEqual([]);
});

test("staff see the van runs of a date and province and text the next stop", async ({ page, request }) => {
  test.setTimeout(90_000);
  const errors = watchConsole(page);
  const { orderId } = await bookByTransfer(page, request, "Calle 70 # 9-10", "3157778899");
  const confirmed = await request.post(`/shop-api/staff/orders/${orderId}/confirm-transfer`, { headers: { authorization: `Bearer ${await staffToken(request)}` } });
  expect(confirmed.status()).toBe(200);

  await signIn(page, request, STAFF);
  await page.goto("/staff/manifests");
  const date = page.getByLabel("Fecha del evento");
  const festivalOption = date.locator("option", { hasText: "Sonidos de la Sabana" }).first();
  const eventDateId = Number(await festivalOption.getAttribute("value"));
  await date.selectOption(String(eventDateId));
  await page.getByLabel("Departamento").selectOption({ label: "Bogotá D.C." });
  const stop = page.locator(".run-stop", { hasText: "Calle 70 # 9-10" });
  await expect(stop).toContainText("Sofía Quintero");
  await expect(stop).toContainText("+573157778899");
  await expect(stop).toContainText("Pagado");
  await expect(page.getByRole("heading", { name: /^Recorrido \d+ · Chapinero$/ }).first()).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await keepShot(page, `staff-transfers/manifest-${width}`, { fullPage: true });
  }
  expect(await seriousViolations(page)).toEqual([]);

  await stop.getByRole("button", { name: /Próxima parada/ }).click();
  await expect(page.getByText(/Avisamos a 1 pasajero\./)).toBeVisible();
  await expect(stop).toContainText("Avisado");

  await page.goto("/dev/outbox");
  await expect(page.getByTestId("sms-outbox")).toContainText("+573157778899");
  await expect(page.getByTestId("sms-outbox")).toContainText("tu van llega en unos 10 min a Calle 70 # 9-10");

  // The return leg: once dispatch publishes it, each stop shows the van's departure and the drop-off there.
  const auth = { authorization: `Bearer ${await staffToken(request)}` };
  const plan = await request.post("/shop-api/staff/dispatch/plan", { headers: auth, data: { eventDateId, leg: "return" } });
  expect(plan.status()).toBe(200);
  const version = ((await plan.json()) as { data: { version: number } }).data.version;
  expect((await request.post("/shop-api/staff/dispatch/publish", { headers: auth, data: { eventDateId, leg: "return", version } })).status()).toBe(200);
  await page.goto("/staff/manifests");
  await date.selectOption(String(eventDateId));
  await page.getByLabel("Departamento").selectOption({ label: "Bogotá D.C." });
  await page.getByLabel("Trayecto").selectOption("return");
  await expect(stop.getByTestId("stop-time")).toHaveText(/^Regreso: sale \d{2}:\d{2}, llega aquí \d{2}:\d{2}$/);
  await keepShot(page, "staff-transfers/manifest-return-1280", { fullPage: true });
  expect(errors).toEqual([]);
});
