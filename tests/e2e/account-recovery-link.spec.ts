/**
 * A failed reset call shows the toast "LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR"; a broken recovery
 * link (cut short when copied) is named under the form, never "Revisa los datos ingresados", which would point
 * at the two password fields that were fine.
 */
import { expect, test } from "./reused-page";

test("a malformed recovery link: the spec's toast, and the form says the link is not valid", async ({ page }) => {
  await page.goto("/recovery-account/cortado");
  await page.getByLabel("Nueva contraseña", { exact: true }).fill("clave-nueva-1");
  await page.getByLabel("Repite la nueva contraseña").fill("clave-nueva-1");
  await page.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(page.locator(".toast-error")).toContainText("LAS CONTRASEÑAS INGRESADAS DEBEN COINCIDIR");
  await expect(page.locator(".auth-form [role=alert]")).toContainText("El enlace no es válido");
  await expect(page.locator(".auth-form [role=alert]")).not.toContainText("Revisa los datos ingresados");
});
