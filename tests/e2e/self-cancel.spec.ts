/**
 * A customer cancels one passenger of a paid booking from their account on a phone (390 px): the amount that
 * comes back is shown before confirming, and the seat and the money go back.
 */
import { expect, test } from "./reused-page";
import { seriousViolations } from "./axe";
import { openPurchase, paidTwoSeats } from "./booking-helpers";
import { watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

test("a customer cancels one passenger within the policy from their account at 390 px", async ({ page, request }) => {
  test.setTimeout(120_000);
  const errors = watchConsole(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const { orderId } = await paidTwoSeats(page, request);

  await openPurchase(page, orderId);
  const cancel = page.getByTestId("purchase-cancel");
  await expect(cancel).toContainText("Puedes cancelar gratis hasta el");
  await expect(cancel).toContainText("Te devolveremos COP 130.000.");
  // Only Luis: the amount follows the choice.
  await cancel.getByRole("checkbox", { name: "Ana Gómez" }).uncheck();
  await expect(cancel).toContainText("Te devolveremos COP 65.000.");
  await keepShot(page, "self-cancel/cancel-390", { fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await cancel.getByRole("button", { name: "Cancelar los pasajeros elegidos" }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Se cancela 1 pasajero y se libera su cupo; te devolveremos COP 65.000.");
  await dialog.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(page.getByText("Cancelación hecha: te escribimos con el detalle de la devolución.")).toBeVisible();
  // What is left of the booking can still be cancelled: Ana's seat.
  await expect(page.getByTestId("purchase-cancel")).toContainText("Te devolveremos COP 65.000.");
  await expect(page.getByTestId("purchase-cancel").getByRole("checkbox")).toHaveCount(0);
  expect(errors).toEqual([]);
});
