/**
 * The wizard's rules: visitors, counters and limits,
 * warnings, discounts, frequent addresses and friends, the draft kept over a reload, an organiser-funded booking.
 */
import { expect, test } from "./reused-page";
import {
  DEMO_CUSTOMER,
  FESTIVAL,
  ORGANISER_FUNDED,
  chooseTickets,
  continueButton,
  fillAddresses,
  fillPassengers,
  newCustomer,
  openTicket,
  openWizard,
  purchaseRow,
  signIn,
  ticketPanel,
  wizard,
} from "./booking-helpers";
import { logInWith } from "./account-helpers";

test.describe.configure({ timeout: 90_000 });

test("a visitor sees prices and the registration notice, cannot expand categories, and can book after logging in", async ({ page }) => {
  await openWizard(page, FESTIVAL);
  const box = wizard(page);
  const shared = box.getByRole("button", { name: /^Van compartida/ });
  await expect(shared).toContainText("Recomendado");
  await expect(shared).toContainText("Desde COP 65.000");
  await expect(shared).toBeDisabled();
  await expect(box.getByRole("button", { name: /Agregar un ticket/ })).toHaveCount(0);
  await expect(box.getByTestId("booking-login-notice")).toContainText("Para reservar debes registrarte e iniciar sesión.");
  await expect(box.getByTestId("booking-summary")).toHaveCount(0);

  // Logging in through the dialog, without a reload, opens the wizard to the customer.
  await box.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page.locator("[data-dialog=login]")).toBeVisible();
  await logInWith(page, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
  await expect(box.getByTestId("booking-summary")).toBeVisible();
  await expect(box.getByTestId("booking-login-notice")).toHaveCount(0);
  await expect(shared).toBeEnabled();
  await expect(shared).toHaveAttribute("aria-expanded", "true");
});

test("categories by priority, one open at a time; counters stop at 0 and at the stock; a province change resets the selection", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  const box = wizard(page);
  await expect(box.locator(".bk-category-trigger .bk-category-name")).toHaveText([/^Van compartida/, /^Van privada/, /^Bus ejecutivo/]);
  await expect(box.getByText("Elige la fecha y el departamento para seleccionar tus tickets.")).toBeVisible();

  await chooseTickets(page, [{ category: "Van privada", subcategory: "Van hasta 12 personas", count: 0 }]);
  await expect(box.getByRole("button", { name: /^Van compartida/ })).toHaveAttribute("aria-expanded", "false");
  const minus = box.getByRole("button", { name: "Quitar un ticket de Van hasta 12 personas" });
  const plus = box.getByRole("button", { name: "Agregar un ticket de Van hasta 12 personas" });
  await expect(minus).toBeDisabled();
  // The 12-seat van has 4 on sale per date: plus stops there.
  for (let i = 0; i < 4; i++) await plus.click();
  await expect(plus).toBeDisabled();
  await expect(box.getByRole("group", { name: "Cantidad de Van hasta 12 personas" })).toContainText("4");
  await expect(box.getByTestId("booking-summary")).toContainText("Tickets: 4");

  // Subcategories sorted by price: the 7-seat van (cheaper) comes first.
  await expect(box.locator(".bk-category[data-state=open] .bk-sub-name")).toHaveText(["Van hasta 7 personas", "Van hasta 12 personas"]);

  await box.getByLabel("Departamento de recogida").selectOption({ label: "Cundinamarca" });
  await expect(box.getByTestId("booking-summary")).toContainText("Tickets: 0");
  await expect(box.getByTestId("booking-total")).toHaveText("COP 0");
});

test("continue is refused with a 4 s warning until the step is complete", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  const warning = wizard(page).getByTestId("booking-warning");
  await expect(continueButton(page)).toHaveAttribute("aria-disabled", "true");
  // aria-disabled keeps the button focusable and clickable (Playwright would wait for it to enable).
  await continueButton(page).click({ force: true });
  await expect(warning).toHaveText("Se debe seleccionar al menos 1 ticket");
  await expect(warning).toBeEmpty({ timeout: 6_000 });

  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Pareja", count: 1 }]);
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "¿Dónde te recogemos?" })).toBeVisible();
  // Past step 0 the date and province are locked.
  await expect(wizard(page).getByLabel("Departamento de recogida")).toBeDisabled();
  // From the keyboard: the step change is still scrolling the page, where a pointer click could miss.
  await continueButton(page).press("Enter");
  await expect(warning).toHaveText("Completa todos los campos del formulario");
  await expect(ticketPanel(page, 0).getByText("Ingresa la dirección")).toBeVisible();
  // The stepper goes back to a past step; the draft keeps the selection.
  await wizard(page).getByRole("navigation", { name: "Pasos de la reserva" }).getByRole("button", { name: /Categoría/ }).click();
  await expect(wizard(page).getByTestId("booking-summary")).toContainText("Tickets: 1");
  await expect(wizard(page).getByLabel("Departamento de recogida")).toBeEnabled();
});

test("a subcategory with fixed pick-up points offers them instead of a typed address", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Bus ejecutivo", subcategory: "Puesto desde punto de encuentro", count: 1 }]);
  await continueButton(page).click();
  const panel = ticketPanel(page, 0);
  await expect(panel.getByLabel("Dirección", { exact: true })).toHaveCount(0);
  const point = panel.getByLabel("Punto de encuentro", { exact: true });
  await expect(point.locator("option")).toHaveCount(4);
  await point.selectOption({ index: 1 });
  await expect(wizard(page).getByRole("button", { name: /^Ticket 1:/ })).toContainText("completo");
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "¿Quiénes viajan?" })).toBeVisible();
  await expect(panel.getByLabel("Dirección de recogida")).not.toHaveValue("");
});

test("a discount code shows its percentage, discounted prices and the original total crossed out", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 2 }]);
  const box = wizard(page);
  await box.getByLabel("Cupón de descuento").fill("NOEXISTE");
  await box.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("El cupón no es válido para este evento")).toBeVisible();

  await box.getByLabel("Cupón de descuento").fill("rodamos10");
  await box.getByRole("button", { name: "Aplicar" }).click();
  await expect(page.getByText("Cupón agregado con éxito")).toBeVisible();
  await expect(box.getByTestId("booking-discount")).toContainText("Cupón RODAMOS10: 10 % de descuento");
  await expect(box.getByTestId("booking-original-total")).toContainText("COP 130.000");
  await expect(box.getByTestId("booking-total")).toHaveText("COP 117.000");
  await expect(box.locator(".bk-sub[data-variant] s").first()).toBeVisible();
});

test("the demo customer's own address is preselected, a frequent friend fills a passenger, and a reload keeps the draft", async ({ page, request }) => {
  await signIn(page, request, DEMO_CUSTOMER);
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Grupo de 4", count: 1 }]);
  await continueButton(page).click();
  const panel = ticketPanel(page, 0);
  await expect(panel.getByLabel("Dirección", { exact: true }).first()).toHaveValue("Calle 63 #9-45, apto 502");
  await expect(panel.getByLabel("Municipio o localidad").first()).toHaveValue(/\d+/);
  // The group ticket has 2 stops: one more line, then add is disabled.
  await panel.getByRole("button", { name: "Agregar dirección" }).click();
  await expect(panel.getByRole("button", { name: "Agregar dirección" })).toBeDisabled();
  // Only frequent addresses in the chosen province are offered (Chía is in Cundinamarca).
  await expect(panel.getByLabel("Direcciones frecuentes").nth(1).locator("option")).toHaveText(["Escribir una dirección", "Calle 63 #9-45, apto 502 (mi dirección)"]);
  await expect(panel.getByLabel("Dirección", { exact: true }).nth(1)).toHaveValue("");
  await panel.getByRole("button", { name: "Quitar dirección 2" }).click();
  await expect(panel.getByRole("button", { name: "Quitar dirección 1" })).toBeDisabled();
  await continueButton(page).click();

  await expect(wizard(page).getByRole("heading", { name: "¿Quiénes viajan?" })).toBeVisible();
  await panel.getByLabel("Amigos frecuentes").first().selectOption({ label: "Santiago Restrepo" });
  await expect(panel.getByLabel("Nombre completo").first()).toHaveValue("Santiago Restrepo");
  await expect(panel.getByLabel("Email").first()).toHaveValue("santiago.restrepo@example.com");
  await expect(panel.getByLabel("Dirección de recogida").first()).toHaveValue("Calle 63 #9-45, apto 502");

  await page.reload();
  await page.locator("#booking-wizard").scrollIntoViewIfNeeded();
  await expect(wizard(page).getByRole("heading", { name: "¿Quiénes viajan?" })).toBeVisible();
  await expect(ticketPanel(page, 0).getByLabel("Nombre completo").first()).toHaveValue("Santiago Restrepo");
  await expect(wizard(page).getByTestId("booking-total")).toHaveText("COP 221.000");
});

test("an organiser-funded event is booked with “Reservar”, needs no payment and is paid at once", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, ORGANISER_FUNDED);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Pareja", count: 1 }]);
  await continueButton(page).click();
  const panel = ticketPanel(page, 0);
  await panel.getByLabel("Dirección", { exact: true }).fill("Calle 100 # 15-30");
  await panel.getByLabel("Municipio o localidad").selectOption({ label: "Usaquén" });
  await continueButton(page).click();
  await fillPassengers(page, [{ ticket: 0, name: "Marta Ríos", email: "marta.rios@example.com", phone: "3012223344" }]);
  await openTicket(page, 0);
  await panel.getByRole("button", { name: "Agregar pasajero" }).click();
  await panel.getByLabel("Nombre completo").nth(1).fill("Pedro Ríos");
  await panel.getByLabel("Email").nth(1).fill("pedro.rios@example.com");
  await panel.getByLabel("Teléfono", { exact: true }).nth(1).fill("3015556677");
  await expect(panel.getByRole("button", { name: "Agregar pasajero" })).toBeDisabled();
  await continueButton(page).click();

  await expect(wizard(page).getByText("Este evento lo paga el organizador: no tienes que pagar nada.")).toBeVisible();
  await expect(wizard(page).getByRole("radio")).toHaveCount(1);
  await continueButton(page, "Reservar").click();
  await expect(wizard(page).getByRole("heading", { name: "¡Reserva confirmada!" })).toBeVisible();
  const orderId = Number(/(\d+)/.exec(await wizard(page).locator(".bk-order-line strong").innerText())![1]);
  await continueButton(page, "Finalizar").click();

  await expect(page).toHaveURL(/\/my-account\/payments$/);
  await expect(purchaseRow(page, orderId)).toContainText("Pagado");
  await purchaseRow(page, orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  const detail = page.getByTestId("purchase-detail");
  await expect(detail.getByRole("img", { name: /Código QR/ })).toBeVisible();
  await expect(detail).toContainText("Pedro Ríos");
});

test("a new step shows already scrolled into place, so the bar's button never moves away under a press", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 2 }]);
  await continueButton(page).click();
  await fillAddresses(page, [
    { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
    { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
  ]);
  await continueButton(page).click();
  await fillPassengers(page, [{ ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" }, { ticket: 1, name: "Luis Pardo", email: "luis.pardo@example.com", phone: "3104445566" }]);
  // Every painted frame from here on: the step shown, the page's scroll and where the bar's button is. A page gliding
  // to the new step moved the button between a press and its release, and the browser then counted no click.
  await page.evaluate(() => {
    const frames: string[] = [];
    Object.assign(window, { stepFrames: frames });
    const sample = () => {
      const step = document.querySelector(".bk-wizard")?.getAttribute("data-step");
      const button = document.querySelector(".bk-continue")?.getBoundingClientRect();
      frames.push(`${step} scroll ${Math.round(window.scrollY)} button ${Math.round(button?.x ?? -1)},${Math.round(button?.y ?? -1)}`);
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();
  await expect(continueButton(page, "Pagar")).toBeEnabled();
  const shown = await page.evaluate(() => (window as unknown as { stepFrames: string[] }).stepFrames.filter((frame) => frame.startsWith("3 ")));
  expect(shown.length).toBeGreaterThan(0);
  expect([...new Set(shown)]).toEqual([shown[0]]);
  expect(shown[0]).not.toContain("scroll 0 ");
});
