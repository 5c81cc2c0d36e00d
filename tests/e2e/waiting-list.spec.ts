/**
 * A sold-out subcategory offers its waiting list: a signed-out visitor is asked to sign in, a customer joins for
 * one seat. Staff refund a seat of another buyer's order; the first in line gets the offer mail (the dev mail drop)
 * and books the held seat through its link.
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { continueButton, newCustomer, openTicket, signIn, ticketPanel, wizard, type Person } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

// An event no other browser test books: emptying one of its subcategories disturbs nobody.
const FLORES = "feria-de-las-flores-desfile-de-silleteros";
const SUBCATEGORY = "Van hasta 12 personas";

interface Seat {
  productVariantId: number;
  provinceId: number;
  placeId: number;
  stock: number;
  translations: Record<string, { name: string }>;
}

async function tokenOf(request: APIRequestContext, person: { email: string; password: string }) {
  const login = await request.post("/shop-api/login", { data: { email: person.email, password: person.password } });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** Another customer buys every seat left of the van by bank transfer, and staff confirm it: a paid order. */
async function sellOut(request: APIRequestContext, staffToken: string) {
  const event = ((await (await request.get(`/api/events/${FLORES}`)).json()) as { data: { calendars: { id: number }[] } }).data;
  const eventDateId = event.calendars[0]!.id;
  const offer = ((await (await request.get(`/api/events/${FLORES}/product-variant?eventDateId=${eventDateId}`)).json()) as { data: { subCategories: Seat[] }[] }).data;
  const seat = offer.flatMap((category) => category.subCategories).find((sub) => sub.translations.es_CO?.name === SUBCATEGORY)!;
  const counties = ((await (await request.get("/api/counties?country-code=CO")).json()) as { data: { id: number; provinceId: number }[] }).data;
  const countyId = counties.find((county) => county.provinceId === seat.provinceId)!.id;
  const other = await newCustomer(request, "Rosa");
  const ticket = {
    placeId: seat.placeId,
    productVariantId: seat.productVariantId,
    passengers: [{ name: "Rosa Prueba", email: "rosa@example.com", phone: "3001234567", passengerAddress: "Calle 10 # 40-20" }],
    addresses: [{ address: "Calle 10 # 40-20", commune_id: countyId }],
  };
  const bought = await request.post("/shop-api/init-payment", {
    headers: { authorization: `Bearer ${await tokenOf(request, other)}` },
    data: { url: `/event/${FLORES}`, eventDateId, provinceId: seat.provinceId, paymentCode: "transferencia", tickets: Array.from({ length: seat.stock }, () => ticket) },
  });
  expect(bought.status(), await bought.text()).toBe(201);
  const orderId = ((await bought.json()) as { data: { orderId: number } }).data.orderId;
  const confirmed = await request.post(`/shop-api/staff/orders/${orderId}/confirm-transfer`, { headers: { authorization: `Bearer ${staffToken}` } });
  expect(confirmed.status()).toBe(200);
  return orderId;
}

/** The newest offer link mailed to the address, as path, query and fragment. */
async function offerLink(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`);
        const mails = ((await answer.json()) as { data: { subject: string; links: string[] }[] }).data;
        link = mails.filter((mail) => /^Se (liberó un cupo|liberaron cupos) para/.test(mail.subject)).flatMap((mail) => mail.links)[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const url = new URL(link!);
  return url.pathname + url.search + url.hash;
}

test("a sold-out van offers its waiting list; a refunded seat is offered by mail to the first in line, who books it", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  const staffToken = await tokenOf(request, DEMO_ACCOUNTS.staff);
  const paidOrder = await sellOut(request, staffToken);

  // Signed out: the sold-out van asks the visitor to sign in to wait for it.
  await page.goto(`/event/${FLORES}`);
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(wizard(page).getByTestId("waiting-list")).toContainText("Inicia sesión para unirte a la lista de espera");

  // Signed in: the van is sold out and the customer joins its list for one seat.
  const waiting: Person = await newCustomer(request, "Marta");
  await signIn(page, request, waiting);
  await page.reload();
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  const box = wizard(page);
  const privateVehicles = box.getByRole("button", { name: /^Van privada/ });
  if ((await privateVehicles.getAttribute("aria-expanded")) !== "true") await privateVehicles.click();
  const row = box.locator(".bk-sub", { hasText: SUBCATEGORY });
  await expect(row).toContainText("Agotado");
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await keepShot(page, "waiting-list/waiting-list-join-390");
  await page.setViewportSize({ width: 1280, height: 900 });
  await row.getByRole("button", { name: `Unirme a la lista de espera: ${SUBCATEGORY}` }).click();
  await expect(row.getByTestId("waiting-list")).toContainText("Estás en la lista de espera por 1 cupo.");
  await expect(row.getByTestId("waiting-list")).toContainText("Eres el primero en la fila.");
  await keepShot(page, "waiting-list/waiting-list-joined-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await keepShot(page, "waiting-list/waiting-list-joined-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  // Staff refund one seat of the other buyer's order.
  const staffHeaders = { authorization: `Bearer ${staffToken}` };
  const desk = (await (await request.get(`/shop-api/staff/orders/${paidOrder}`, { headers: staffHeaders })).json()) as {
    data: { tickets: { passengers: { id: number }[] }[] };
  };
  const refund = await request.post(`/shop-api/staff/orders/${paidOrder}/refund`, {
    headers: staffHeaders,
    data: { reason: "Un pasajero no viaja", passengerIds: [desk.data.tickets[0]!.passengers[0]!.id] },
  });
  expect(refund.status(), await refund.text()).toBe(201);

  // The offer mail's link opens the wizard on the held seat; the customer books it.
  const link = await offerLink(request, waiting.email);
  expect(link).toMatch(new RegExp(`^/event/${FLORES}\\?waitingOffer=\\d+#booking-wizard$`));
  await page.goto(link);
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(box.getByTestId("waiting-offer")).toContainText("Te apartamos 1 cupo hasta el");
  await expect(page).not.toHaveURL(/waitingOffer/);
  await keepShot(page, "waiting-list/waiting-offer-1280");
  await continueButton(page).click();
  await openTicket(page, 0);
  const panel = ticketPanel(page, 0);
  await panel.getByLabel("Dirección", { exact: true }).first().fill("Carrera 43A # 1-50");
  await panel.getByLabel("Municipio o localidad").first().selectOption({ index: 1 });
  await continueButton(page).click();
  await openTicket(page, 0);
  await panel.getByLabel("Nombre completo").first().fill("Marta Buitrago");
  await panel.getByLabel("Email").first().fill("marta.b@example.com");
  await panel.getByLabel("Teléfono", { exact: true }).first().pressSequentially("3001112233");
  const pickUp = panel.getByLabel("Dirección de recogida").first();
  if (!(await pickUp.inputValue())) await pickUp.selectOption({ index: 1 });
  await continueButton(page).click();
  await expect(box.getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();
  await box.getByRole("radio", { name: "Transferencia bancaria" }).check();
  await continueButton(page, "Pagar").click();
  await expect(box.getByRole("heading", { name: "¡Tu reserva quedó registrada!" })).toBeVisible();

  // Staff see the list: the customer bought through the offer.
  await signIn(page, request, { ...DEMO_ACCOUNTS.staff, firstName: "Equipo", lastName: "Rodamos" });
  await page.goto("/staff/waiting-list");
  const list = page.getByTestId("waiting-list").filter({ hasText: SUBCATEGORY });
  await expect(list).toContainText(waiting.email);
  await expect(list.locator("tr", { hasText: waiting.email })).toContainText("Compró");
  await keepShot(page, "waiting-list/staff-waiting-lists-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepShot(page, "waiting-list/staff-waiting-lists-390", { fullPage: true });
  expect(errors).toEqual([]);
});
