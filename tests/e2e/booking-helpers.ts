/** Steps of the booking journeys: sign in, walk the wizard, pay through the simulators, open the purchases. */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { PASSWORD, verifiedCustomer } from "./account-helpers";

export const FESTIVAL = "festival-sonidos-de-la-sabana";
export const ORGANISER_FUNDED = "dia-de-la-familia-andina-seguros";

export interface Person {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export const DEMO_CUSTOMER: Person = { ...DEMO_ACCOUNTS.customer, firstName: "Valentina", lastName: "Restrepo" };

/** A new verified customer (no frequent addresses or friends), made through the API. */
export async function newCustomer(request: APIRequestContext, firstName = "Camilo"): Promise<Person> {
  const person = await verifiedCustomer(request, firstName, "Buitrago");
  return { ...person, password: PASSWORD };
}

/** Logs in through the API and stores the session before any page script runs. */
export async function signIn(page: Page, request: APIRequestContext, person: Person) {
  const answer = await request.post("/shop-api/login", { data: { email: person.email, password: person.password } });
  expect(answer.status()).toBe(200);
  const { token } = ((await answer.json()) as { data: { token: string } }).data;
  const user = JSON.stringify({ id: 0, email: person.email, firstName: person.firstName, lastName: person.lastName });
  await page.addInitScript(
    ([t, u]) => {
      localStorage.setItem("shop.token", t);
      localStorage.setItem("shop.user", u);
    },
    [token, user] as const,
  );
}

export function wizard(page: Page): Locator {
  return page.getByRole("region", { name: "Reserva de traslado" });
}

/** Opens an event page and waits for the wizard island (hydrated when scrolled into view). */
export async function openWizard(page: Page, slug: string) {
  await page.goto(`/event/${slug}`);
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(wizard(page).locator(".bk-trip")).toBeVisible();
}

export function continueButton(page: Page, name: string | RegExp = "Continuar"): Locator {
  return wizard(page).getByTestId("booking-summary").getByRole("button", { name });
}

/** Step 0: province, then `count` tickets of a subcategory inside a category panel. */
export async function chooseTickets(page: Page, picks: { category: string; subcategory: string; count: number }[], province = "Bogotá D.C.") {
  const box = wizard(page);
  await box.getByLabel("Departamento de recogida").selectOption({ label: province });
  for (const pick of picks) {
    const trigger = box.getByRole("button", { name: new RegExp(`^${pick.category}`) });
    if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
    const plus = box.getByRole("button", { name: `Agregar un ticket de ${pick.subcategory}` }).first();
    for (let i = 0; i < pick.count; i++) await plus.click();
  }
}

export function ticketPanel(page: Page, index: number): Locator {
  return wizard(page).locator(`.bk-ticket[data-ticket="${index}"]`);
}

export async function openTicket(page: Page, index: number) {
  const trigger = wizard(page).getByRole("button", { name: new RegExp(`^Ticket ${index + 1}:`) });
  if ((await trigger.getAttribute("aria-expanded")) !== "true") await trigger.click();
}

/** Step 1: a typed address and commune for each listed ticket (the others keep what they have). */
export async function fillAddresses(page: Page, lines: { ticket: number; address: string; commune: string }[]) {
  for (const line of lines) {
    await openTicket(page, line.ticket);
    const panel = ticketPanel(page, line.ticket);
    await panel.getByLabel("Dirección", { exact: true }).first().fill(line.address);
    await panel.getByLabel("Municipio o localidad").first().selectOption({ label: line.commune });
  }
}

/** Step 2: one passenger per listed ticket. */
export async function fillPassengers(page: Page, people: { ticket: number; name: string; email: string; phone: string }[]) {
  for (const person of people) {
    await openTicket(page, person.ticket);
    const panel = ticketPanel(page, person.ticket);
    await panel.getByLabel("Nombre completo").first().fill(person.name);
    await panel.getByLabel("Email").first().fill(person.email);
    // Typed key by key, as a person types it: the field must keep exactly what was typed.
    const phone = panel.getByLabel("Teléfono", { exact: true }).first();
    await phone.fill("");
    await phone.pressSequentially(person.phone);
    await expect(phone).toHaveValue(person.phone.replace(/\D/g, ""));
    const pickUp = panel.getByLabel("Dirección de recogida").first();
    if (!(await pickUp.inputValue())) await pickUp.selectOption({ index: 1 });
  }
}

/** Two single seats at Festival Sonidos de la Sabana, addressed and with passengers, up to the confirm step. */
export async function bookTwoSeats(page: Page) {
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 2 }]);
  await expect(wizard(page).getByTestId("booking-total")).toHaveText("COP 130.000");
  await continueButton(page).click();
  await fillAddresses(page, [
    { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
    { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
  ]);
  await continueButton(page).click();
  await fillPassengers(page, [
    { ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" },
    { ticket: 1, name: "Luis Pardo", email: "luis.pardo@example.com", phone: "3104445566" },
  ]);
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();
}

/** Step 3: picks the method and pays; answers the order id shown at step 4 when the shop keeps the person. */
export async function payWith(page: Page, method: "Webpay (tarjetas de crédito y débito)" | "Mercado Pago" | "Transferencia bancaria") {
  await wizard(page).getByRole("radio", { name: method }).check();
  await continueButton(page, "Pagar").click();
}

/** The payment result page the return lands on. */
export async function expectPaymentResult(page: Page, view: "success" | "cancelled" | "error") {
  await expect(page).toHaveURL(/\/order-detail\/\d+/);
  await expect(page.locator(`[data-view="${view}"]`)).toBeVisible();
  return Number(/\/order-detail\/(\d+)/.exec(page.url())![1]);
}

/** The account's purchase list row of an order. */
export function purchaseRow(page: Page, orderId: number): Locator {
  return page.locator(`[data-purchase="${orderId}"]`);
}

/** A new customer signs in and pays two Festival seats by card (the Mercado Pago simulator approves): buyer and order. */
export async function paidTwoSeats(page: Page, request: APIRequestContext): Promise<{ buyer: Person; orderId: number }> {
  const buyer = await newCustomer(request);
  await signIn(page, request, buyer);
  await bookTwoSeats(page);
  await payWith(page, "Mercado Pago");
  await page.getByRole("button", { name: "Aprobar pago" }).click();
  return { buyer, orderId: await expectPaymentResult(page, "success") };
}

/** The account's purchase list, with the detail of an order opened. */
export async function openPurchase(page: Page, orderId: number) {
  await page.goto("/my-account/payments");
  await purchaseRow(page, orderId).getByRole("button", { name: `Ver el detalle del pedido N.º ${orderId}` }).click();
}
