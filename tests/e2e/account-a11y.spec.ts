/** axe-core on the auth dialogs and the account pages, at desktop and phone widths; plus screenshots to look at. */
import { expect, test } from "@playwright/test";
import { openAuthDialog, signedInPage, verifiedCustomer } from "./account-helpers";

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("the three auth dialogs have no serious accessibility violations", async ({ page }, info) => {
      test.setTimeout(60_000);
      await page.goto("/");
      await openAuthDialog(page, "login");
      expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
      await page.screenshot({ path: info.outputPath(`login-${width}.png`) });
      await page.locator("[data-dialog=login]").getByRole("button", { name: "Regístrate" }).click();
      await page.locator("[data-dialog=signup]").getByRole("button", { name: "Registrarme" }).click();
      await expect(page.locator("[data-dialog=signup] .field-error").first()).toBeVisible();
      expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
      await page.screenshot({ path: info.outputPath(`signup-${width}.png`) });
      await page.locator("[data-dialog=signup]").getByRole("button", { name: "Inicia sesión" }).click();
      await page.getByRole("button", { name: "¿Olvidaste tu contraseña?" }).click();
      await expect(page.locator("[data-dialog=recovery]")).toBeVisible();
      expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
    });

    test("the account tabs, verify and reset pages have no serious accessibility violations", async ({ page, request }, info) => {
      test.setTimeout(120_000);
      const person = await verifiedCustomer(request, "Daniela", "Henao");
      await signedInPage(page, request, person);
      for (const tab of ["profile", "payments", "events", "frecuentAddresses", "frecuentFriends"]) {
        await page.goto(`/my-account/${tab}`);
        await expect(page.locator("[data-account-name]")).toHaveText("Daniela Henao");
        await expect(page.locator(".account-section .spinner")).toHaveCount(0);
        expect(await seriousViolations(page, { exclude: ".site-footer" }), tab).toEqual([]);
        await page.screenshot({ path: info.outputPath(`account-${tab}-${width}.png`), fullPage: true });
      }
      await page.goto(`/verify-account/${"y".repeat(43)}`);
      await expect(page.getByText("Ocurrio un error al verificar la cuenta")).toBeVisible();
      expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
      await page.goto(`/recovery-account/${"y".repeat(43)}`);
      await expect(page.getByLabel("Nueva contraseña", { exact: true })).toBeVisible();
      expect(await seriousViolations(page, { exclude: ".site-footer" })).toEqual([]);
      await page.screenshot({ path: info.outputPath(`reset-${width}.png`) });
    });
  });
}
