/**
 * A purchase refused because the seats sold out while the person was in the wizard lands on /order-rejected
 * saying so, with the way back to the event to choose again (not the generic "error with your payment").
 */
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./reused-page";
import { chooseTickets, continueButton, fillAddresses, fillPassengers, newCustomer, openWizard, payWith, signIn, wizard } from "./booking-helpers";

/** Seats one account may hold unpaid for one date (HOLD_SEATS_PER_ACCOUNT's default). */
const HOLD_CAP = 10;

// An event no other browser test books, so emptying its stock disturbs nobody.
const SALSA = "noche-de-salsa-movistar-arena";

interface Seat {
  productVariantId: number;
  provinceId: number;
  placeId: number;
  stock: number;
  translations: Record<string, { name: string }>;
}

/**
 * Other customers take every single seat left in Bogotá through the API (bank transfers hold them), each within the
 * seats one account may hold unpaid for a date.
 */
async function buyTheRest(request: APIRequestContext) {
  const event = ((await (await request.get(`/api/events/${SALSA}`)).json()) as { data: { calendars: { id: number }[] } }).data;
  const eventDateId = event.calendars[0]!.id;
  const offer = ((await (await request.get(`/api/events/${SALSA}/product-variant?eventDateId=${eventDateId}`)).json()) as { data: { subCategories: Seat[] }[] }).data;
  const seat = offer.flatMap((category) => category.subCategories).find((sub) => sub.provinceId === 1 && sub.translations.es_CO?.name === "Puesto individual")!;
  const counties = ((await (await request.get("/api/counties?country-code=CO")).json()) as { data: { id: number; provinceId: number }[] }).data;
  const countyId = counties.find((county) => county.provinceId === seat.provinceId)!.id;
  const ticket = {
    placeId: seat.placeId,
    productVariantId: seat.productVariantId,
    passengers: [{ name: "Rosa Prueba", email: "rosa@example.com", phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
    addresses: [{ address: "Calle 1 # 2-3", commune_id: countyId }],
  };
  for (let left = seat.stock; left > 0; left -= HOLD_CAP) {
    const other = await newCustomer(request, "Rosa");
    const login = await request.post("/shop-api/login", { data: { email: other.email, password: other.password } });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const answer = await request.post("/shop-api/init-payment", {
      headers: { authorization: `Bearer ${token}` },
      data: { url: `/event/${SALSA}`, eventDateId, provinceId: seat.provinceId, paymentCode: "transferencia", tickets: Array.from({ length: Math.min(HOLD_CAP, left) }, () => ticket) },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  }
}

test("seats sold out while paying: /order-rejected says so and offers the event to choose again", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, SALSA);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 1 }]);
  await continueButton(page).click();
  await fillAddresses(page, [{ ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" }]);
  await continueButton(page).click();
  await fillPassengers(page, [{ ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" }]);
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();

  await buyTheRest(request);
  await payWith(page, "Transferencia bancaria");

  await expect(page).toHaveURL(new RegExp(`/order-rejected\\?reason=stock_exhausted&event=${SALSA}$`));
  const result = page.locator("[data-view=error]");
  await expect(result).toContainText("Los cupos que elegiste se agotaron mientras completabas la compra");
  await expect(result).not.toContainText("No pudimos confirmar tu pago");
  const again = result.getByRole("link", { name: "Elegir de nuevo" });
  await expect(again).toHaveAttribute("href", `/event/${SALSA}`);
});

test("/order-rejected without a reason keeps the generic explanation", async ({ page }) => {
  await page.goto("/order-rejected?reason=nonsense&event=..%2Fadmin");
  const result = page.locator("[data-view=error]");
  await expect(result).toContainText("No pudimos confirmar tu pago");
  await expect(result.getByRole("link", { name: "Elegir de nuevo" })).toHaveCount(0);
});
