/** On a phone (390 px) a toast never covers the booking wizard's Continue button: toasts sit at the top there. */
import { expect, test } from "./reused-page";
import { FESTIVAL, chooseTickets, continueButton, newCustomer, openWizard, signIn, wizard } from "./booking-helpers";

test.use({ viewport: { width: 390, height: 844 } });

test("the coupon toast leaves the Continue button free to press", async ({ page, request }) => {
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 1 }]);
  const box = wizard(page);
  await box.getByLabel("Cupón de descuento").fill("rodamos10");
  await box.getByRole("button", { name: "Aplicar" }).click();
  const toast = page.locator("[data-toaster] .toast").filter({ hasText: "Cupón agregado con éxito" });
  await expect(toast).toBeVisible();
  const button = continueButton(page);
  // Wherever the person has scrolled the wizard to while the toast is up (the summary bar with Continue
  // sticks to the bottom of the screen), the two never overlap.
  const overlaps = await page.evaluate(
    ([toastSelector, wizardId]) => {
      const toastEl = [...document.querySelectorAll(toastSelector)].at(-1)!;
      const buttonEl = [...document.querySelectorAll<HTMLButtonElement>(`#${wizardId} [data-testid=booking-summary] button`)].find((b) => /Continuar/.test(b.textContent ?? ""))!;
      const wizardEl = document.getElementById(wizardId)!;
      const top = wizardEl.getBoundingClientRect().top + window.scrollY;
      const found: string[] = [];
      for (let y = top - window.innerHeight; y <= top + wizardEl.offsetHeight; y += 40) {
        window.scrollTo({ top: y, behavior: "instant" });
        const a = toastEl.getBoundingClientRect();
        const b = buttonEl.getBoundingClientRect();
        if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) found.push(`scrolled to ${y}: toast ${a.top}-${a.bottom}, Continue ${b.top}-${b.bottom}`);
      }
      return found;
    },
    ["[data-toaster] .toast", "booking-wizard"] as const,
  );
  expect(overlaps).toEqual([]);
  await expect(toast).toBeVisible();
  await button.scrollIntoViewIfNeeded();
  // And the button takes the tap while the toast is still up.
  await button.click({ trial: true, timeout: 2_000 });
});
