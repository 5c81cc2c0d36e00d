/**
 * axe-core on every content and form page at 390 and 1280 px: no serious or critical violation and no
 * console error. Each run also leaves a full-page screenshot in .tmp/screens/ to look at.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { waitForIslands, watchConsole } from "./content-helpers";

const PAGES = [
  "/faq",
  "/how-book",
  "/rodamos-companies",
  "/about-us",
  "/wedding",
  "/contact",
  "/response-payment",
  "/error404",
  "/order-detail/1",
  "/order-rejected",
  "/co/en-us/about-us",
];

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    for (const path of PAGES) {
      test(`${path} has no serious accessibility violation`, async ({ page }) => {
        const errors = watchConsole(page);
        await page.route("**/shop-api/order-status/**", (route) => route.fulfill({ json: { success: true, data: { order: { paymentState: "paid" } } } }));
        await page.goto(path);
        // Bring lazy parts (client:visible forms, lazy images) in before checking.
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await waitForIslands(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: `.tmp/screens/${path.replace(/\//g, "_").slice(1)}-${width}.png`, fullPage: true });
        expect(errors).toEqual([]);
      });
    }

    test("the contact form with its errors showing has no serious accessibility violation", async ({ page }) => {
      await page.goto("/contact");
      await waitForIslands(page);
      const email = page.getByLabel("Correo electrónico");
      await email.fill("mal");
      await email.blur();
      await page.getByLabel("Teléfono").fill("1");
      await page.getByLabel("Teléfono").blur();
      await expect(page.getByText("Email inválido")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: `.tmp/screens/contact-errors-${width}.png`, fullPage: true });
    });
  });
}
