/**
 * Keyboard-only use of the log-in dialog (found by trying the shop by hand): closing it gives focus back to
 * the control that opened it (the dialogs have no Radix trigger, so focus used to fall to <body> and a
 * keyboard user lost their place).
 */
import { expect, test } from "./reused-page";

test("desktop: Escape on the log-in dialog returns focus to 'Iniciar sesión'", async ({ page }) => {
  await page.goto("/faq");
  const login = page.locator(".info-bar, header").getByRole("button", { name: "Iniciar sesión" }).first();
  await login.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Iniciar sesión" });
  await expect(dialog.getByRole("button", { name: "Cerrar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();
});

test("390 px: from the drawer, the log-in dialog closes back onto the menu button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/faq");
  const menu = page.locator("[data-drawer-open]");
  await menu.focus();
  await page.keyboard.press("Enter");
  const drawer = page.locator("#mobile-drawer");
  await drawer.getByRole("button", { name: "Iniciar sesión" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Iniciar sesión" });
  await expect(dialog).toBeVisible();
  // Switching to sign-up and closing that one still ends on the menu button.
  await dialog.getByRole("button", { name: "Regístrate" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(menu).toBeFocused();
});
