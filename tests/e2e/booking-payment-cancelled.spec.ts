/**
 * A person who cancels on the payment page is told "you can try again from the event page" (found by
 * trying the shop by hand): the cancelled view must link to that event, in the person's site.
 */
import { expect, test } from "./reused-page";
import { FESTIVAL, bookTwoSeats, expectPaymentResult, newCustomer, payWith, signIn } from "./booking-helpers";

test("MercadoPago cancelled: the result page offers the way back to the event to try again", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await bookTwoSeats(page);
  await payWith(page, "Mercado Pago");
  await page.locator("button.cancel[value=cancel]").click();
  await expectPaymentResult(page, "cancelled");
  const back = page.locator("[data-view=cancelled]").getByRole("link", { name: "Volver al evento" });
  await expect(back).toHaveAttribute("href", `/event/${FESTIVAL}`);
  await back.click();
  await expect(page).toHaveURL(new RegExp(`/event/${FESTIVAL}$`));
});
