/**
 * A purchase sent while the shop is busy (503 `purchase_queue_full`): the wizard says that many people are buying and
 * how long until it tries again, waits, sends it again, and goes on to the payment step as usual.
 */
import { expect, test } from "./reused-page";
import { keepShot, shotsWanted } from "./shots";
// The festival has seats to spare; the salsa night's single seats are emptied by the sold-out journey.
import { chooseTickets, continueButton, FESTIVAL, fillAddresses, fillPassengers, newCustomer, openWizard, payWith, signIn, wizard } from "./booking-helpers";

test("a busy shop: the wizard shows the wait, sends the purchase again and reaches the payment step", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 1 }]);
  await continueButton(page).click();
  await fillAddresses(page, [{ ticket: 0, address: "Calle 45 # 13-20", commune: "Chapinero" }]);
  await continueButton(page).click();
  await fillPassengers(page, [{ ticket: 0, name: "Ana Gómez", email: "ana.gomez@example.com", phone: "3001112233" }]);
  await continueButton(page).click();
  await expect(wizard(page).getByRole("heading", { name: "Resumen de tu compra" })).toBeVisible();

  // The first send finds the shop's queue full, as in an on-sale rush; the next one goes through to the shop.
  let sent = 0;
  await page.route("**/shop-api/init-payment", async (route) => {
    sent += 1;
    if (sent > 1) return route.continue();
    return route.fulfill({
      status: 503,
      headers: { "retry-after": "3", "cache-control": "no-store" },
      contentType: "application/json",
      body: JSON.stringify({ success: false, code: "purchase_queue_full", message: "Mucha gente está comprando", retryAfter: 3, position: 37 }),
    });
  });
  await payWith(page, "Transferencia bancaria");

  const note = wizard(page).getByTestId("purchase-queue");
  await expect(note).toHaveText(
    "Mucha gente está comprando a la vez: hay 37 compras antes de la tuya. La enviamos de nuevo en 3 segundos; no cierres esta página.",
  );
  await expect(note).toHaveAttribute("role", "status");
  // E2E_SHOTS=<folder>: how the note looks on a desktop and on a phone (shots.ts).
  if (shotsWanted()) {
    await note.scrollIntoViewIfNeeded();
    await keepShot(page, "booking-queue/queue-1280");
    await page.setViewportSize({ width: 390, height: 844 });
    await note.scrollIntoViewIfNeeded();
    await keepShot(page, "booking-queue/queue-390");
  }
  await expect(wizard(page).getByRole("heading", { name: "¡Tu reserva quedó registrada!" })).toBeVisible({ timeout: 10_000 });
  await expect(note).toHaveCount(0);
  expect(sent).toBe(2);
});
