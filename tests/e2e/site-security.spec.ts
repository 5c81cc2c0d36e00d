/**
 * The Content-Security-Policy (inline scripts allowed by hash only) breaks nothing: every page type loads,
 * hydrates and is used without one CSP violation or console error about it. Unknown pages answer 404.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { FESTIVAL, chooseTickets, newCustomer, openWizard, signIn } from "./booking-helpers";
import { openAuthDialog } from "./account-helpers";

/** Collects CSP violations (the DOM event, from the first script on) and console errors that mention the policy. */
async function watchPolicy(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /content security policy|refused to/i.test(message.text())) consoleErrors.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  return async () => [...consoleErrors, ...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []))];
}

async function visit(page: Page, path: string, status = 200) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(status);
  expect(response?.headers()["content-security-policy"], path).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  // Islands below the fold hydrate when scrolled to: bring each into view once.
  for (const island of await page.locator("astro-island[client=visible]").all()) await island.scrollIntoViewIfNeeded();
  await page.waitForLoadState("networkidle");
  await waitForHydrationOfVisible(page);
}

/** Islands that load at once or in view are interactive once Astro removed their `ssr` attribute. */
async function waitForHydrationOfVisible(page: Page) {
  await expect(page.locator("astro-island[ssr]:not([client=interaction])")).toHaveCount(0);
}

const STATIC_PAGES = ["/", "/massive-events", "/private-events", "/search?q=rock", "/faq", "/how-book", "/about-us", "/rodamos-companies", "/alliances", "/response-payment", "/order-rejected", "/cl/en-us", "/cl/es-cl/faq"];

test("content pages, lists, search and result pages run without a CSP violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  for (const path of STATIC_PAGES) {
    await visit(page, path);
    expect(await violations(), path).toEqual([]);
  }
});

test("an unknown page answers 404 with the 404 page, shown at /error404, without a CSP violation", async ({ page }) => {
  const violations = await watchPolicy(page);
  await visit(page, "/no-existe-esta-pagina", 404);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Página no disponible");
  await expect(page).toHaveURL(/\/error404$/);
  await visit(page, "/error404");
  expect(await violations()).toEqual([]);
});

test("the lead forms hydrate and validate under the CSP", async ({ page }) => {
  const violations = await watchPolicy(page);
  for (const path of ["/contact", "/wedding"]) {
    await visit(page, path);
    const form = page.locator("main form").first();
    // The first focus hydrates the form (client:interaction): its code loads and runs under the policy.
    await form.getByLabel(/Teléfono/).first().fill("+57 300 123 4567");
    await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
    await form.getByLabel(/Teléfono/).first().blur();
    expect(await violations(), path).toEqual([]);
  }
});

test("the event page with its wizard, the log-in dialog and the account area run under the CSP", async ({ page, request }) => {
  const violations = await watchPolicy(page);
  await visit(page, `/event/${FESTIVAL}`);
  await openAuthDialog(page, "login");
  await page.keyboard.press("Escape");
  await signIn(page, request, await newCustomer(request));
  await openWizard(page, FESTIVAL);
  await chooseTickets(page, [{ category: "Van compartida", subcategory: "Puesto individual", count: 1 }]);
  expect(await violations()).toEqual([]);
  for (const path of ["/my-account", "/my-account/profile", "/my-account/payments", `/verify-account/${"y".repeat(43)}`, `/recovery-account/${"y".repeat(43)}`]) {
    await visit(page, path);
    expect(await violations(), path).toEqual([]);
  }
});
