/**
 * Every wizard step and the purchase detail at 390 and 1280 px: axe-core finds nothing serious or critical, the
 * controls are reachable, and a screenshot of each step is kept under test-results/booking-screens for review.
 */
import { expect, test, type Page } from "@playwright/test";
import { seriousViolations } from "./axe";
import {
  FESTIVAL,
  chooseTickets,
  continueButton,
  fillAddresses,
  fillPassengers,
  newCustomer,
  openWizard,
  payWith,
  purchaseRow,
  signIn,
  wizard,
} from "./booking-helpers";
import { watchConsole } from "./storefront-helpers";

test.describe.configure({ timeout: 120_000 });

async function check(page: Page, width: number, name: string, scope = "#booking-wizard") {
  expect(await seriousViolations(page, { include: scope }), `${name} at ${width}px`).toEqual([]);
  // A full-page capture clipped to the part under test (element captures stitch the sticky header in).
  const box = await page.locator(scope).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
  await page.screenshot({ path: `test-results/booking-screens/${width}-${name}.png`, fullPage: true, clip: box, animations: "disabled", style: ".site-header, .toaster { visibility: hidden; }" });
}

for (const width of [390, 1280]) {
  test(`the visitor's view at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openWizard(page, FESTIVAL);
    await expect(wizard(page).getByTestId("booking-login-notice")).toBeVisible();
    await check(page, width, "0-visitor");
  });

  test(`every step and the purchase detail at ${width} px`, async ({ page, request }) => {
    const errors = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, request, await newCustomer(request));
    await openWizard(page, FESTIVAL);
    await chooseTickets(page, [
      { category: "Van compartida", subcategory: "Puesto individual", count: 1 },
      { category: "Van compartida", subcategory: "Grupo de 4", count: 1 },
    ]);
    await wizard(page).getByLabel("Cupón de descuento").fill("RODAMOS10");
    await wizard(page).getByRole("button", { name: "Aplicar" }).click();
    await expect(wizard(page).getByTestId("booking-original-total")).toBeVisible();
    await check(page, width, "0-categories");

    await continueButton(page).click();
    await expect(wizard(page).getByRole("heading", { name: "¿Dónde te recogemos?" })).toBeVisible();
    // The step change scrolls the page: a pointer click could land on whatever passes under it meanwhile,
    // so the refused continue is asked for from the keyboard (aria-disabled keeps the button focusable).
    await continueButton(page).press("Enter");
    await expect(wizard(page).getByTestId("booking-warning")).not.toBeEmpty();
    await check(page, width, "1-addresses-errors");
    await fillAddresses(page, [
      { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
      { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
    ]);
    await check(page, width, "1-addresses");

    await continueButton(page).click();
    await fillPassengers(page, [
      { ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" },
      { ticket: 1, name: "Luis Pardo", email: "luis.pardo@example.com", phone: "3104445566" },
    ]);
    await check(page, width, "2-passengers");

    await continueButton(page).click();
    await expect(wizard(page).getByRole("radio").first()).toBeChecked();
    await check(page, width, "3-confirm");

    await payWith(page, "Transferencia bancaria");
    await expect(wizard(page).getByTestId("booking-transfer")).toBeVisible();
    await check(page, width, "4-transfer");
    const orderId = Number(/(\d+)/.exec(await wizard(page).locator(".bk-order-line strong").innerText())![1]);

    await continueButton(page, "Finalizar").click();
    await expect(purchaseRow(page, orderId)).toBeVisible();
    await check(page, width, "5-purchases", ".account-panel");
    await purchaseRow(page, orderId).getByRole("button", { name: /Ver el detalle/ }).click();
    await expect(page.getByTestId("purchase-detail").getByRole("heading", { level: 2 })).toBeVisible();
    await check(page, width, "6-purchase-detail", ".account-panel");
    expect(errors).toEqual([]);
  });
}
