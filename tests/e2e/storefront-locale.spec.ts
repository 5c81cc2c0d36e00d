/** Countries and locales: every site in its own language, chosen from the header. */
import { expect, test } from "./reused-page";

test("switching the language keeps the page and the choice", async ({ page }) => {
  await page.goto("/massive-events");
  await page.getByRole("button", { name: /País e idioma/ }).first().click();
  await page.locator("#site-selector-panel").getByRole("link", { name: "English" }).first().click();
  await expect(page).toHaveURL(/\/co\/en-us\/massive-events$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-CO");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mass events");
  await expect(page.locator(".event-card-price").first()).toContainText("Transfer from");

  // The choice persists: the landing sends the person to their language.
  await page.goto("/");
  await expect(page).toHaveURL(/\/co\/en-us$/);
  await expect(page.getByRole("heading", { name: "Recommended transfers" })).toBeVisible();
});

test("switching the country shows that country's events and is remembered", async ({ page }) => {
  await page.goto("/alliances");
  await page.getByRole("button", { name: /País e idioma/ }).first().click();
  const chile = page.locator("#site-selector-panel li.country", { hasText: "Chile" });
  await chile.getByRole("link", { name: "Español" }).click();
  await expect(page).toHaveURL(/\/cl\/es-cl\/alliances$/);
  await expect(page.locator("html")).toHaveAttribute("data-country", "CL");
  await expect(page.getByText("Catedral de Sal de Zipaquirá")).toHaveCount(0);

  await page.goto("/cl/es-cl/massive-events");
  const price = page.locator(".event-card-price").first();
  await expect(price).toContainText("CLP");

  await page.goto("/");
  await expect(page).toHaveURL(/\/cl\/es-cl$/);
});

test("a first visit asks the channel call which country this host serves", async ({ page }) => {
  const channelCall = page.waitForRequest((request) => request.url().includes("/api/channels/"));
  await page.goto("/");
  await channelCall;
  // 127.0.0.1 is a Colombian channel: the visitor stays on the default site, and the choice is stored.
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem("shop.site"))).toBe(JSON.stringify({ country: "CO", locale: "es_CO" }));
});

test("pages carry hreflang alternates for each language of their country", async ({ page }) => {
  await page.goto("/cl/es-cl/massive-events");
  const alternates = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) =>
    links.map((link) => [link.getAttribute("hreflang"), new URL(link.getAttribute("href")!).pathname]),
  );
  expect(alternates).toEqual([
    ["es-CL", "/cl/es-cl/massive-events"],
    ["en-CL", "/cl/en-us/massive-events"],
    ["pt-CL", "/cl/pt-br/massive-events"],
    ["x-default", "/cl/es-cl/massive-events"],
  ]);
});

test("an unknown path goes to the 404 page of its site", async ({ page }) => {
  await page.goto("/esta-pagina-no-existe");
  await expect(page).toHaveURL(/\/error404$/);
  await page.goto("/cl/es-cl/tampoco-existe");
  await expect(page).toHaveURL(/\/cl\/es-cl\/error404$/);
});
