/**
 * The worker's reused page (tests/e2e/reused-page.ts) gives the next journey a first visit: a journey that signed in,
 * stored things, routed calls and listened leaves none of it behind. In order, in one worker.
 */
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { signIn } from "./booking-helpers";
import { expect, test } from "./reused-page";

test.describe.configure({ mode: "serial" });

const seen: string[] = [];

test("a journey signs in, stores, routes and listens", async ({ page, request, context }) => {
  const customer = DEMO_ACCOUNTS.customer;
  await signIn(page, request, { email: customer.email, password: customer.password, firstName: "Camilo", lastName: "Buitrago" });
  await context.addCookies([{ name: "left", value: "behind", url: "http://127.0.0.1/" }]);
  await page.route("**/faq", (route) => route.fulfill({ body: "<h1>routed</h1>", contentType: "text/html" }));
  page.on("console", (message) => seen.push(message.text()));
  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: "routed" })).toBeVisible();
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("data-session", "in");
  await page.evaluate(() => sessionStorage.setItem("left", "behind"));
  await context.newPage();
});

test("the next journey in the same page is a first visit", async ({ page, context }) => {
  expect(page.url()).toBe("about:blank");
  expect(context.pages()).toHaveLength(1);
  expect(await context.cookies()).toEqual([]);
  await page.goto("/faq");
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("routed");
  await expect(page.locator("html")).toHaveAttribute("data-session", "out");
  await expect(page.locator("[data-account-out]").first()).toBeVisible();
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  const before = seen.length;
  await page.evaluate(() => console.log("after"));
  expect(seen).toHaveLength(before);
});
