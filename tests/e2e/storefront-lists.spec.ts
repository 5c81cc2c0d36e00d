/** The three event lists (mass, private, alliances) and their event cards. */
import { expect, test } from "./reused-page";
import { expectNoSeriousViolations } from "./axe";
import { watchConsole } from "./storefront-helpers";

test("mass events list shows event cards as the spec draws them, with a back button", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/massive-events");
  await expect(page.getByRole("heading", { level: 1, name: "Eventos masivos" })).toBeVisible();
  const cards = page.getByTestId("event-list").locator(".event-card");
  expect(await cards.count()).toBeGreaterThan(5);

  // A fixed-date card: day, month name, place and "horas"; every card: "Traslado desde COP ...".
  const fixed = cards.filter({ has: page.locator(".event-card-date") }).first();
  await expect(fixed.locator(".event-card-day")).toHaveText(/^\d{1,2}$/);
  await expect(fixed.locator(".event-card-month")).toHaveText(/^(enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre)$/i);
  await expect(fixed.locator(".event-card-time")).toHaveText(/^\d{2}:\d{2} horas$/);
  await expect(fixed.locator(".event-card-place")).not.toBeEmpty();
  await expect(cards.first().locator(".event-card-price")).toHaveText(/Traslado desde\s+COP \d{1,3}(\.\d{3})+/);
  // A chosen-date card says "Elige tu fecha".
  await expect(page.locator(".event-card-choose").first()).toHaveText("Elige tu fecha");

  // The "reserva tu traslado" button shows on hover.
  const cta = cards.first().locator(".event-card-cta");
  await expect(cta).toHaveText("Reserva tu traslado");
  await expect(cta).toHaveCSS("opacity", "0");
  await cards.first().hover();
  await expect(cta).toHaveCSS("opacity", "1");

  await page.getByRole("link", { name: "Volver" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(errors).toEqual([]);
});

test("a card opens its event page", async ({ page }) => {
  await page.goto("/massive-events");
  const card = page.getByTestId("event-list").locator(".event-card").first();
  const name = (await card.locator(".event-card-name").textContent())!.trim();
  await card.locator("a").click();
  await expect(page).toHaveURL(/\/event\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
});

test("alliances list shows the alliance events", async ({ page }) => {
  await page.goto("/alliances");
  await expect(page.getByRole("heading", { level: 1, name: "Alianzas" })).toBeVisible();
  await expect(page.getByTestId("event-list").locator(".event-card").getByText("Catedral de Sal de Zipaquirá")).toBeVisible();
  // Mass events are not alliances.
  await expect(page.getByText("Rock al Parque")).toHaveCount(0);
});

test("private events are link-only: the page explains the service and shows the empty list text", async ({ page }) => {
  await page.goto("/private-events");
  await expect(page.getByRole("heading", { level: 1, name: "Eventos privados" })).toBeVisible();
  for (const kind of ["Matrimonios", "Cumpleaños", "Primeras comuniones", "Despedidas de soltero", "Eventos corporativos"]) {
    await expect(page.getByText(kind, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("empty-list")).toHaveText("Sin eventos para mostrar");
  await expect(page.getByRole("link", { name: "Crea tu evento privado" })).toHaveAttribute("href", "/my-account/events");
  await expect(page.getByText("Boda de Camila y Andrés")).toHaveCount(0);
});

for (const path of ["/massive-events", "/private-events", "/alliances"]) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolations(page);
  });
}
