/**
 * The date picker by periodicityType (1 one fixed date, 2 any day of a range, otherwise a list of dates), the
 * wizard inside the client-side event shell, and a refused purchase (rejected flag, then /order-rejected).
 */
import { expect, test } from "./reused-page";
import { bookTwoSeats, chooseTickets, continueButton, newCustomer, openWizard, signIn, wizard } from "./booking-helpers";

test.describe.configure({ timeout: 90_000 });

function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

test("a free-date event (periodicityType 2) takes any day of its range and refuses a day without trips", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, "catedral-de-sal-zipaquira");
  const box = wizard(page);
  const date = box.getByLabel("Fecha del traslado");
  await expect(date).toHaveAttribute("type", "date");
  const min = (await date.getAttribute("min"))!;
  const max = (await date.getAttribute("max"))!;
  await expect(box.getByText(/^Elige un día entre el \d{2}\/\d{2}\/\d{4} y el \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();

  await date.fill(addDays(max, 5));
  await expect(box.getByText("No hay traslados ese día: elige otra fecha")).toBeVisible();
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 0 }]);
  await expect(box.getByRole("button", { name: "Agregar un ticket de Puesto individual" })).toBeDisabled();

  await date.fill(addDays(min, 3));
  await expect(box.getByText("No hay traslados ese día: elige otra fecha")).toHaveCount(0);
  await box.getByRole("button", { name: "Agregar un ticket de Puesto individual" }).click();
  await continueButton(page).click();
  await expect(box.getByLabel("Fecha del traslado")).toBeDisabled();
  await expect(box.getByLabel("Fecha del traslado")).toHaveValue(addDays(min, 3));
});

test("a calendar event (periodicityType 3) offers its dates to choose from", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, "rock-al-parque");
  const box = wizard(page);
  const date = box.getByLabel("Fecha del traslado");
  await expect(date.locator("option")).toHaveCount(4);
  await expect(date.locator("option").nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/);
  await box.getByLabel("Departamento de recogida").selectOption({ label: "Bogotá D.C." });
  await expect(box.getByText("Elige la fecha y el departamento para seleccionar tus tickets.")).toBeVisible();
  await date.selectOption({ index: 2 });
  await expect(box.getByText("Elige la fecha y el departamento para seleccionar tus tickets.")).toHaveCount(0);
  await box.getByRole("button", { name: "Agregar un ticket de Puesto individual" }).click();
  await expect(box.getByTestId("booking-summary")).toContainText("Tickets: 1");
});

test("a private event served by the client-side shell books through the same wizard", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, "cincuenta-anos-de-martha-lucia-h2w8pz4r");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Los 50 de Martha Lucía");
  const categories = wizard(page).locator(".bk-category");
  await expect(categories.first()).toBeVisible();
});

test("a refused purchase goes to /order-rejected; back on the event the draft reopens at the confirm step", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await page.route("**/shop-api/init-payment", (route) =>
    route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ success: false, code: "stock_exhausted", message: "Ya no quedan cupos" }) }),
  );
  await bookTwoSeats(page);
  await wizard(page).getByRole("radio", { name: "Mercado Pago" }).check();
  await continueButton(page, "Pagar").click();
  await expect(page).toHaveURL(/\/order-rejected\?reason=stock_exhausted&event=festival-sonidos-de-la-sabana$/);
  await expect(page.locator('[data-view="error"]')).toBeVisible();

  await page.goBack();
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(wizard(page).getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();
  await expect(wizard(page).getByTestId("booking-total")).toHaveText("COP 130.000");
});

test("another site keeps its prefix, language and calling code through a transfer booking", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await page.goto("/cl/es-cl/event/superclasico-colo-colo-universidad-de-chile");
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  const box = wizard(page);
  // A lone province is chosen already.
  await expect(box.getByLabel("Región de recogida")).toHaveValue(/\d+/);
  await box.getByRole("button", { name: "Agregar un ticket de Puesto individual" }).click();
  await expect(box.getByTestId("booking-total")).toHaveText("CLP 12.000");
  await continueButton(page).click();
  await box.getByLabel("Dirección", { exact: true }).fill("Av. Apoquindo 4500");
  await box.getByLabel("Comuna").selectOption({ label: "Las Condes" });
  await continueButton(page).click();
  await expect(box.getByRole("combobox", { name: "Código de país" })).toHaveValue("56");
  await box.getByLabel("Nombre completo").fill("Josefa Muñoz");
  await box.getByLabel("Email").fill("josefa.munoz@example.com");
  await box.getByLabel("Teléfono", { exact: true }).fill("912345678");
  await continueButton(page).click();
  await expect(box.getByRole("radio")).toHaveCount(2);
  await box.getByRole("radio", { name: "Transferencia bancaria" }).check();
  await continueButton(page, "Pagar").click();
  await expect(box.getByTestId("booking-transfer")).toBeVisible();
  await continueButton(page, "Finalizar").click();
  await expect(page).toHaveURL(/\/cl\/es-cl\/my-account\/payments$/);
  await expect(page.locator("[data-purchase]").first()).toContainText("CLP 12.000");
});
