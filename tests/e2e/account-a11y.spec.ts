/**
 * axe-core on the auth dialogs and the account pages at desktop and phone widths: each dialog and page is opened once
 * and checked at 1280 px, then resized to 390 px and checked again. With E2E_SHOTS set, screenshots are kept under
 * E2E_SHOTS/account-a11y to look at.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { openAuthDialog, signedInPage, verifiedCustomer } from "./account-helpers";
import { seriousViolations } from "./axe";
import { keepShot } from "./shots";

const WIDTHS = [1280, 390] as const;

/** axe at each width (the page or dialog as it is, resized), leaving the page at the first width. */
async function checkAtBothWidths(page: Page, what: string, shot?: { name: string; fullPage?: boolean }) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousViolations(page, { exclude: ".site-footer" }), `${what} at ${width} px`).toEqual([]);
    if (shot) await keepShot(page, `account-a11y/${shot.name}-${width}`, { fullPage: shot.fullPage });
  }
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
}

test("the three auth dialogs have no serious accessibility violations at 1280 and 390 px", async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto("/");
  await openAuthDialog(page, "login");
  await checkAtBothWidths(page, "log-in", { name: "login" });
  await page.locator("[data-dialog=login]").getByRole("button", { name: "Regístrate" }).click();
  await page.locator("[data-dialog=signup]").getByRole("button", { name: "Registrarme" }).click();
  await expect(page.locator("[data-dialog=signup] .field-error").first()).toBeVisible();
  await checkAtBothWidths(page, "sign-up with errors", { name: "signup" });
  await page.locator("[data-dialog=signup]").getByRole("button", { name: "Inicia sesión" }).click();
  await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
  await expect(page.locator("[data-dialog=recovery]")).toBeVisible();
  await checkAtBothWidths(page, "recovery");
});

test("the account tabs, verify and reset pages have no serious accessibility violations at 1280 and 390 px", async ({ page, request }) => {
  test.setTimeout(120_000);
  const person = await verifiedCustomer(request, "Daniela", "Henao");
  await signedInPage(page, request, person);
  for (const tab of ["profile", "payments", "events", "frecuentAddresses", "frecuentFriends"]) {
    await page.goto(`/my-account/${tab}`);
    await expect(page.locator("[data-account-name]")).toHaveText("Daniela Henao");
    await expect(page.locator(".account-section .spinner")).toHaveCount(0);
    await checkAtBothWidths(page, tab, { name: `account-${tab}`, fullPage: true });
  }
  await page.goto(`/verify-account/${"y".repeat(43)}`);
  await expect(page.getByText("Ocurrio un error al verificar la cuenta")).toBeVisible();
  await checkAtBothWidths(page, "verify");
  await page.goto(`/recovery-account/${"y".repeat(43)}`);
  await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
  await checkAtBothWidths(page, "reset", { name: "reset" });
});
