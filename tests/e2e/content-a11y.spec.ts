/**
 * axe-core on every content and form page at 390 and 1280 px: no serious or critical violation and no console error.
 * Each page is loaded once at 390 px and resized to 1280 px for the second check. With E2E_SHOTS set, a full-page
 * screenshot of each is kept under E2E_SHOTS/content-a11y to look at.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { seriousViolations } from "./axe";
import { waitForIslands, watchConsole } from "./content-helpers";
import { keepShot } from "./shots";

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

const WIDTHS = [390, 1280] as const;

// Two widths, two axe checks per test.
test.describe.configure({ timeout: 60_000 });

/** Brings lazy parts (client:visible forms, lazy images) in at the current width, then goes back to the top. */
async function bringAllIn(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await waitForIslands(page);
  await page.evaluate(() => window.scrollTo(0, 0));
}

for (const path of PAGES) {
  test(`${path} has no serious accessibility violation at 390 and 1280 px`, async ({ page }) => {
    const errors = watchConsole(page);
    await page.route("**/shop-api/order-status/**", (route) => route.fulfill({ json: { success: true, data: { order: { paymentState: "paid" } } } }));
    await page.setViewportSize({ width: WIDTHS[0], height: 900 });
    await page.goto(path);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await bringAllIn(page);
      expect(await seriousViolations(page), `${path} at ${width} px`).toEqual([]);
      await keepShot(page, `content-a11y/${path.replace(/\//g, "_").slice(1)}-${width}`, { fullPage: true });
    }
    expect(errors).toEqual([]);
  });
}

test("the contact form with its errors showing has no serious accessibility violation at 390 and 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await page.goto("/contact");
  await waitForIslands(page);
  const email = page.getByLabel("Correo electrónico");
  await email.fill("mal");
  await email.blur();
  await page.getByLabel("Teléfono").fill("1");
  await page.getByLabel("Teléfono").blur();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByText("Email inválido")).toBeVisible();
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
    await keepShot(page, `content-a11y/contact-errors-${width}`, { fullPage: true });
  }
});
