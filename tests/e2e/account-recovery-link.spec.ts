/**
 * A broken recovery link (cut short when copied) used to answer the reset with "Revisa los datos
 * ingresados", pointing at the two password fields that were fine (found by hand). The toast names the link.
 */
import { expect, test } from "@playwright/test";

test("a malformed recovery link: the reset says the link is not valid", async ({ page }) => {
  await page.goto("/recovery-account/cortado");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-nueva-1");
  await page.getByLabel("Repite la nueva contraseña").fill("clave-nueva-1");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.locator(".toast-error")).toContainText("El enlace no es válido");
  await expect(page.locator(".toast-error")).not.toContainText("Revisa los datos ingresados");
});
