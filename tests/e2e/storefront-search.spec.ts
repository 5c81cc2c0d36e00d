/** Search from the header and its results page. */
import { expect, test } from "./reused-page";
import { expectNoSeriousViolations } from "./axe";
import { waitForHydration } from "./storefront-helpers";

test("Enter in the header search box stores the query and shows the results as event cards", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("searchbox", { name: "Buscar eventos" }).first();
  await box.fill("Rock al Parque");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=Rock\+al\+Parque$/);
  expect(await page.evaluate(() => sessionStorage.getItem("shop.search"))).toBe("Rock al Parque");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Resultados de búsqueda");
  const cards = page.getByTestId("event-list").locator(".event-card");
  await expect(cards.first()).toBeVisible();
  await expect(cards.locator(".event-card-name")).toContainText(["Rock al Parque"]);
  await expect(page.getByRole("searchbox", { name: "Buscar eventos" }).first()).toHaveValue("Rock al Parque");
  await page.getByRole("link", { name: "Volver al inicio" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the search button submits too", async ({ page }) => {
  await page.goto("/alliances");
  await page.getByRole("searchbox", { name: "Buscar eventos" }).first().fill("café");
  await page.getByRole("button", { name: "Buscar" }).first().click();
  await expect(page).toHaveURL(/\/search\?q=caf/);
  await expect(page.getByTestId("event-list").locator(".event-card").first()).toBeVisible();
});

test("without results, 'No se han encontrado resultados' shows after about one second", async ({ page }) => {
  let answered = 0;
  page.on("response", (response) => {
    if (response.url().includes("/api/search")) answered = Date.now();
  });
  await page.goto("/search?q=zzzz-no-existe");
  await waitForHydration(page);
  const empty = page.getByTestId("search-empty");
  await expect(empty).toHaveText("No se han encontrado resultados");
  const shown = Date.now();
  expect(answered).toBeGreaterThan(0);
  // The API answers within milliseconds; the text still waits its 1000 ms.
  const started = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByType("navigation")[0]?.duration ?? 0));
  expect(shown - started).toBeGreaterThanOrEqual(900);
  await expect(page.getByTestId("event-list")).toHaveCount(0);
});

test("a pasted query longer than the API takes is cut to it, not refused", async ({ page }) => {
  const statuses: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/search")) statuses.push(response.status());
  });
  await page.goto(`/search?q=${"a".repeat(150)}`);
  await waitForHydration(page);
  await expect(page.getByTestId("search-empty")).toHaveText("No se han encontrado resultados");
  expect(statuses).toEqual([200]);
});

test("an empty query never calls the API", async ({ page }) => {
  const calls: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/search")) calls.push(request.url());
  });
  await page.goto("/search?q=");
  await waitForHydration(page);
  await expect(page.getByText("Escribe el nombre de un evento")).toBeVisible();
  await page.waitForTimeout(300);
  expect(calls).toEqual([]);
});

test("the search page has no serious accessibility violation", async ({ page }) => {
  await page.goto("/search?q=salsa");
  await waitForHydration(page);
  await expect(page.getByTestId("event-list")).toBeVisible();
  await expectNoSeriousViolations(page);
});
