/** Each country site in its own format: its prices, its language tag, its own events only, its own office. */
import { expect, test } from "./reused-page";
import { watchConsole } from "./content-helpers";

test("Mexico writes MXN 350.00 and is tagged es-MX", async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto("/mx/es-mx/massive-events");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-MX");
  await expect(page.locator(".event-card-price").filter({ hasText: "MXN 350.00" }).first()).toBeVisible();
  expect(errors).toEqual([]);
});

test("Peru reads Colombian Spanish texts but is tagged es-PE and writes PEN 45.00-style prices", async ({ page }) => {
  await page.goto("/pe/es-co/massive-events");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-PE");
  await expect(page.locator(`link[rel="alternate"][hreflang="es-PE"]`)).toHaveCount(1);
  await expect(page.locator(".event-card-price").first()).toContainText(/PEN \d+\.\d{2}/);
});

test("Spain writes its prices as Spain does (18,00 €)", async ({ page }) => {
  await page.goto("/es/es-es/massive-events");
  await expect(page.locator(".event-card-price").first()).toContainText(/\d+,\d{2} €/);
  await expect(page.locator(".event-card-price").first()).not.toContainText("EUR");
});

test("another country's event page sends the visitor to that country's site", async ({ page }) => {
  await page.goto("/es/es-es/event/festival-sonidos-de-la-sabana");
  await page.waitForURL((url) => url.pathname === "/event/festival-sonidos-de-la-sabana");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-CO");
  await page.goto("/mx/en-us/event/festival-sonidos-de-la-sabana");
  await page.waitForURL((url) => url.pathname === "/co/en-us/event/festival-sonidos-de-la-sabana");
});

test("each footer shows its own country's office or none", async ({ page }) => {
  await page.goto("/cl/es-cl/faq");
  await expect(page.locator("footer.site-footer")).not.toContainText("Bogotá");
  await page.goto("/mx/es-mx/faq");
  await expect(page.locator("footer.site-footer")).toContainText("Paseo de la Reforma");
  await page.goto("/faq");
  await expect(page.locator("footer.site-footer")).toContainText("Bogotá");
});

test("'Conoce más aquí' leads to the corporate site", async ({ page }) => {
  await page.goto("/rodamos-companies");
  const link = page.getByRole("link", { name: "Conoce más aquí" });
  await expect(link).toHaveAttribute("href", process.env.CORPORATE_SITE_URL || "https://empresas.rodamos.co");
});
