/**
 * Every wizard step and the purchase detail at 390 and 1280 px: axe-core finds nothing serious or critical and the
 * controls are reachable. One purchase is walked at 390 px and each step is checked at both widths (the page is resized,
 * not loaded again). With E2E_SHOTS set, a screenshot of each step is kept under E2E_SHOTS/booking-a11y for review.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { seriousViolations, structureViolations } from "./axe";
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
import { keepShot, shotsWanted } from "./shots";
import { watchConsole } from "./storefront-helpers";

test.describe.configure({ timeout: 120_000 });

/** The widths every step is checked at; the journey itself is walked at the first. */
const WIDTHS = [390, 1280] as const;

async function checkAt(page: Page, width: number, name: string, scope: string) {
  await page.setViewportSize({ width, height: 900 });
  expect(await seriousViolations(page, { include: scope }), `${name} at ${width}px`).toEqual([]);
  if (!shotsWanted()) return;
  // A full-page capture clipped to the part under test (element captures stitch the sticky header in).
  const box = await page.locator(scope).evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + window.scrollX, y: rect.top + window.scrollY, width: rect.width, height: rect.height };
  });
  await keepShot(page, `booking-a11y/${width}-${name}`, { fullPage: true, clip: box, animations: "disabled", style: ".site-header, .toaster { visibility: hidden; }" });
}

/** The step at both widths, then back to the journey's width. */
async function check(page: Page, name: string, scope = "#booking-wizard") {
  for (const width of WIDTHS) await checkAt(page, width, name, scope);
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

test("the visitor's view at 390 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await openWizard(page, FESTIVAL);
  await expect(wizard(page).getByTestId("booking-login-notice")).toBeVisible();
  await check(page, "0-visitor");
});

test("every step and the purchase detail at 390 and 1280 px", async ({ page, request }) => {
  test.setTimeout(180_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [
    { category: "Van compartida", subcategory: "Puesto individual", count: 1 },
    { category: "Van compartida", subcategory: "Grupo de 4", count: 1 },
  ]);
  await wizard(page).getByLabel("Cupón de descuento").fill("RODAMOS10");
  await wizard(page).getByRole("button", { name: "Aplicar" }).click();
  await expect(wizard(page).getByTestId("booking-original-total")).toBeVisible();
  await check(page, "0-categories");

  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "¿Dónde te recogemos?" })).toBeVisible();
  // The step change scrolls the page: a pointer click could land on whatever passes under it meanwhile,
  // so the refused continue is asked for from the keyboard (aria-disabled keeps the button focusable).
  // The warning shows for 4 s: it is asked for again at each width, so each check sees it.
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await continueButton(page).press("Enter");
    await expect(wizard(page).getByTestId("booking-warning")).not.toBeEmpty();
    await checkAt(page, width, "1-addresses-errors", "#booking-wizard");
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await fillAddresses(page, [
    { ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" },
    { ticket: 1, address: "Carrera 7 # 120-15", commune: "Usaquén" },
  ]);
  await check(page, "1-addresses");

  await continueButton(page).click();
  await fillPassengers(page, [
    { ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" },
    { ticket: 1, name: "Luis Pardo", email: "luis.pardo@example.com", phone: "3104445566" },
  ]);
  await check(page, "2-passengers");

  await continueButton(page).click();
  await expect(wizard(page).getByRole("radio").first()).toBeChecked();
  await check(page, "3-confirm");

  await payWith(page, "Transferencia bancaria");
  await expect(wizard(page).getByTestId("booking-transfer")).toBeVisible();
  await check(page, "4-transfer");
  const orderId = Number(/(\d+)/.exec(await wizard(page).locator(".bk-order-line strong").innerText())![1]);

  await continueButton(page, "Finalizar").click();
  await expect(purchaseRow(page, orderId)).toBeVisible();
  await check(page, "5-purchases", ".account-panel");
  await purchaseRow(page, orderId).getByRole("button", { name: /Ver el detalle/ }).click();
  await expect(page.getByTestId("purchase-detail").getByRole("heading", { level: 2 })).toBeVisible();
  await check(page, "6-purchase-detail", ".account-panel");
  expect(await structureViolations(page)).toEqual([]);
  expect(errors).toEqual([]);
});
