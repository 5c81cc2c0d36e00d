/**
 * Friends who pay their own seat: a buyer books three seats at Festival Sonidos de la Sabana, chooses "each
 * passenger pays their own seat" and pays their own with MercadoPago (or pays none: every passenger gets a link);
 * a friend opens the link mailed to them, signed out, and pays their share; the buyer's purchase shows who has paid.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./reused-page";
import { chooseTickets, continueButton, fillAddresses, fillPassengers, newCustomer, openWizard, signIn, wizard, FESTIVAL } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

test.setTimeout(180_000);

async function shareLink(request: APIRequestContext, email: string): Promise<string> {
  let link = "";
  await expect
    .poll(async () => {
      const mails = ((await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { data: { links: string[] }[] }).data;
      link = mails.flatMap((mail) => mail.links).find((href) => href.includes("/share?token=")) ?? "";
      return link;
    })
    .toBeTruthy();
  return link;
}

test("three seats split three ways: the buyer pays theirs, a friend pays their link", async ({ page, request, browser, baseURL }) => {
  const buyer = await newCustomer(request, "Sofia");
  const stamp = Date.now().toString(36);
  const friends = [
    { name: "Tomás Amigo", email: `tomas.${stamp}@example.com`, phone: "3107778899" },
    { name: "Lucía Amiga", email: `lucia.${stamp}@example.com`, phone: "3104445566" },
  ];
  const errors = watchConsole(page);
  await signIn(page, request, buyer);
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 3 }]);
  await continueButton(page).click();
  await fillAddresses(page, [
    { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
    { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
    { ticket: 2, address: "Calle 80 # 10-20", commune: "Chapinero" },
  ]);
  await continueButton(page).click();
  await fillPassengers(page, [
    { ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" },
    { ticket: 1, ...friends[0]! },
    { ticket: 2, ...friends[1]! },
  ]);
  await continueButton(page).click();
  await wizard(page).getByRole("radio", { name: "Mercado Pago" }).check();
  await wizard(page).getByTestId("booking-shares").check();
  await continueButton(page, "Pagar").click();
  await expect(page).toHaveURL(/\/payments-sim\/mercadopago\//);
  await expect(page.getByText("65.000")).toBeVisible();
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(page).toHaveURL(/\/order-detail\/\d+/);
  const orderId = Number(/\/order-detail\/(\d+)/.exec(page.url())![1]);

  // Tomás opens his link on his phone, without an account, and pays.
  let link = "";
  await expect
    .poll(async () => {
      const mails = ((await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(friends[0]!.email)}`)).json()) as { data: { links: string[] }[] }).data;
      link = mails.flatMap((mail) => mail.links).find((href) => href.includes("/share?token=")) ?? "";
      return link;
    })
    .toBeTruthy();
  const phone = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const friend = await phone.newPage();
  const friendErrors = watchConsole(friend);
  const url = new URL(link);
  await friend.goto(url.pathname + url.search);
  await expect(friend.getByText("Tu parte: COP 65.000")).toBeVisible();
  await friend.getByRole("radio", { name: "Mercado Pago" }).check();
  await friend.getByRole("button", { name: "Pagar mi cupo" }).click();
  await expect(friend).toHaveURL(/\/payments-sim\/mercadopago\//);
  await friend.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(friend).toHaveURL(/\/share\?token=/);
  await expect(friend.getByText("Pagado: este es tu tiquete")).toBeVisible();
  await expect(friend.getByRole("img", { name: /#\d+/ })).toBeVisible();

  // The buyer's purchase shows who has paid.
  await page.goto("/my-account/payments");
  await page.locator(`[data-purchase="${orderId}"]`).getByRole("button", { name: /Ver el detalle/ }).click();
  const shares = page.getByTestId("purchase-detail").locator(".purchase-shares");
  await expect(shares.locator(`[data-share="${friends[0]!.email}"]`)).toContainText("Pagado");
  await expect(shares.locator(`[data-share="${friends[1]!.email}"]`)).toContainText("Pendiente");
  await expect(shares.locator(`[data-share="${friends[1]!.email}"]`).getByRole("button", { name: "Pagar este cupo" })).toBeVisible();
  expect(errors).toEqual([]);
  expect(friendErrors).toEqual([]);
});

test("three seats split three ways: the buyer pays none, a friend pays their link", async ({ page, request, browser, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const buyer = await newCustomer(request, "Mariana");
  const stamp = Date.now().toString(36);
  const passengers = [
    { name: "Mariana Viajera", email: `mariana.${stamp}@example.com`, phone: "3001237788" },
    { name: "Pablo Amigo", email: `pablo.${stamp}@example.com`, phone: "3107771122" },
    { name: "Rosa Amiga", email: `rosa.${stamp}@example.com`, phone: "3104443322" },
  ];
  const errors = watchConsole(page);
  await signIn(page, request, buyer);
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 3 }]);
  await continueButton(page).click();
  await fillAddresses(page, [
    { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
    { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
    { ticket: 2, address: "Calle 80 # 10-20", commune: "Chapinero" },
  ]);
  await continueButton(page).click();
  await fillPassengers(page, passengers.map((passenger, ticket) => ({ ticket, ...passenger })));
  await continueButton(page).click();
  await wizard(page).getByRole("radio", { name: "Mercado Pago" }).check();
  await wizard(page).getByTestId("booking-shares").check();
  await wizard(page).getByRole("radio", { name: /No pago ningún cupo ahora/ }).check();
  await keepShot(page, "payment-shares/shares-none-confirm-390", { fullPage: true });
  await continueButton(page, "Enviar los enlaces").click();

  // No payment page: the links went out, and the seats are held.
  const sent = wizard(page).getByTestId("booking-shares-sent");
  await expect(sent.getByRole("heading", { name: "Enlaces de pago enviados" })).toBeVisible();
  await expect(sent).toContainText("Los cupos se guardan hasta");
  await expect(page).not.toHaveURL(/payments-sim/);
  await keepShot(page, "payment-shares/shares-none-sent-390", { fullPage: true });
  const orderId = Number(/#?(\d+)/.exec((await sent.locator(".bk-order-line").textContent()) ?? "")![1]);

  // Every passenger, the buyer's own first passenger too, has a personal link.
  for (const passenger of passengers) await shareLink(request, passenger.email);
  const link = await shareLink(request, passengers[1]!.email);
  const phone = await browser.newContext({ baseURL, locale: "es-CO", timezoneId: "America/Bogota", viewport: { width: 390, height: 844 } });
  const friend = await phone.newPage();
  const friendErrors = watchConsole(friend);
  const url = new URL(link);
  await friend.goto(url.pathname + url.search);
  await expect(friend.getByText("Tu parte: COP 65.000")).toBeVisible();
  await friend.getByRole("radio", { name: "Mercado Pago" }).check();
  await friend.getByRole("button", { name: "Pagar mi cupo" }).click();
  await expect(friend).toHaveURL(/\/payments-sim\/mercadopago\//);
  await friend.getByRole("button", { name: "Aprobar pago" }).click();
  await expect(friend).toHaveURL(/\/share\?token=/);
  await expect(friend.getByText("Pagado: este es tu tiquete")).toBeVisible();

  // The buyer follows the link to the purchase: Pablo paid, the buyer's own seat and Rosa's still pending.
  await sent.getByRole("link", { name: "Ver quién ha pagado" }).click();
  await expect(page).toHaveURL(new RegExp(`/my-account/payments/${orderId}`));
  const shares = page.getByTestId("purchase-detail").locator(".purchase-shares");
  await expect(shares.locator(`[data-share="${passengers[1]!.email}"]`)).toContainText("Pagado");
  await expect(shares.locator(`[data-share="${passengers[0]!.email}"]`)).toContainText("Pendiente");
  await expect(shares.locator(`[data-share="${passengers[2]!.email}"]`).getByRole("button", { name: "Pagar este cupo" })).toBeVisible();
  await keepShot(page, "payment-shares/shares-none-detail-390", { fullPage: true });
  expect(errors).toEqual([]);
  expect(friendErrors).toEqual([]);
});
