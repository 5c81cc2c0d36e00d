/** Event pages: the detail of an event, as loaded by its slug. */
import { expect, test } from "./reused-page";
import { expectNoSeriousViolations } from "./axe";
import { waitForHydration } from "./storefront-helpers";

test("a fixed-date event (periodicityType 1) shows its date with the weekday, venue, time and services", async ({ page }) => {
  await page.goto("/event/festival-sonidos-de-la-sabana");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Festival Sonidos de la Sabana");
  const when = page.getByTestId("event-when");
  await expect(when.locator(".ev-weekday")).toHaveText(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo)$/i);
  await expect(when.locator(".ev-day")).toHaveText(/^\d{1,2}$/);
  await expect(page.locator(".ev-facts")).toContainText("Parque Simón Bolívar");
  // The time of its first date, as Bogotá reads it (the driver's journey may have moved the date for a while).
  await expect(page.locator(".ev-facts")).toContainText(/\d{2}:\d{2} horas/);
  const services = page.getByRole("region", { name: "Servicios incluidos" });
  await expect(services.getByRole("listitem")).toHaveText([
    "Te recogemos en tu punto de partida",
    "Te llevamos al evento",
    "Te traemos de vuelta cuando termine",
  ]);
  const wizard = page.locator("#booking-wizard");
  await expect(wizard).toHaveAttribute("data-event-slug", "festival-sonidos-de-la-sabana");
  await expect(wizard).toHaveAttribute("data-event-id", /^\d+$/);
  // The event view itself is static HTML: no island wraps it (only the booking wizard is interactive).
  await expect(page.locator("astro-island .event-view")).toHaveCount(0);
});

test("a free-date event (periodicityType 2) asks to choose a date within its range, and lists its stops", async ({ page }) => {
  await page.goto("/event/ruta-del-cafe-parque-del-cafe");
  const when = page.getByTestId("event-when");
  await expect(when).toContainText("Elige la fecha de tu traslado");
  await expect(when.locator(".ev-range")).toHaveText(/^Del \d{2}\/\d{2}\/\d{4} al \d{2}\/\d{2}\/\d{4}$/);
  const stops = page.getByRole("region", { name: "Paradas adicionales" });
  await expect(stops).toContainText("Mirador de Filandia, Calle 6 # 5-40");
  await expect(stops).toContainText("10:30 horas");
});

test("a calendar event (periodicityType 3) lists the dates to choose from", async ({ page }) => {
  await page.goto("/event/rock-al-parque");
  const when = page.getByTestId("event-when");
  await expect(when).toContainText("Elige la fecha de tu traslado");
  await expect(when.getByRole("listitem")).toHaveCount(3);
  await expect(when.getByRole("listitem").first()).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
});

test("a gone event shows that it is no longer available, with a link home", async ({ page }) => {
  await page.goto("/event/gran-concierto-de-fin-de-temporada");
  await waitForHydration(page);
  const gone = page.getByTestId("event-gone");
  await expect(gone.getByRole("heading")).toHaveText("El evento ya no está disponible");
  await gone.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a login-only private event shows only its message and a login button", async ({ page }) => {
  await page.goto("/event/boda-camila-y-andres-q7k3vx9m");
  await waitForHydration(page);
  const view = page.getByTestId("event-message");
  await expect(view.getByRole("heading")).toHaveText(/privado/i);
  await expect(view.getByRole("button", { name: "Iniciar sesión" })).toBeVisible();
  await expect(page.locator(".ev-facts")).toHaveCount(0);
});

test("a link-only private event opens through the client-side shell with the same view", async ({ page }) => {
  await page.goto("/event/cincuenta-anos-de-martha-lucia-h2w8pz4r");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole("region", { name: "Servicios incluidos" })).toBeVisible();
  await expect(page.locator("#booking-wizard")).toHaveAttribute("data-event-slug", "cincuenta-anos-de-martha-lucia-h2w8pz4r");
});

test("an unknown event goes to the 404 page", async ({ page }) => {
  await page.goto("/event/no-existe-este-evento");
  await expect(page).toHaveURL(/\/error404$/);
});

for (const path of ["/event/festival-sonidos-de-la-sabana", "/event/rock-al-parque", "/event/gran-concierto-de-fin-de-temporada", "/event/boda-camila-y-andres-q7k3vx9m"]) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    await expectNoSeriousViolations(page);
  });
}
