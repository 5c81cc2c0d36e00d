/** On a 390 px phone the "Mostrar contraseña" control sits beside the password, never over what is typed. */
import { expect, test } from "./reused-page";
import { openAuthDialog } from "./account-helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("the show-password control does not cover the password field at 390 px", async ({ page }) => {
  await page.goto("/");
  await openAuthDialog(page, "login");
  const dialog = page.locator("[data-dialog=login]");
  const field = dialog.getByLabel("Contraseña", { exact: true });
  const toggle = dialog.getByRole("button", { name: "Mostrar contraseña" });
  await field.fill("una-clave-larga-de-verdad");
  const [fieldBox, toggleBox] = [await field.boundingBox(), await toggle.boundingBox()];
  expect(fieldBox && toggleBox).toBeTruthy();
  // Beside it: the control starts where the field ends (no horizontal overlap), on the same line.
  expect(toggleBox!.x).toBeGreaterThanOrEqual(fieldBox!.x + fieldBox!.width - 1);
  expect(toggleBox!.x + toggleBox!.width).toBeLessThanOrEqual(390);
  expect(Math.abs(toggleBox!.y + toggleBox!.height / 2 - (fieldBox!.y + fieldBox!.height / 2))).toBeLessThan(8);
  await toggle.click();
  await expect(field).toHaveAttribute("type", "text");
});
