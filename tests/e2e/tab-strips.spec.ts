/**
 * The tab strips at 390 px (a phone): the account area's, the staff area's and the private-event lists'. Every tab
 * shows its whole label inside the strip and the screen (they wrap onto more rows), so no word is cut ("erfil",
 * "Direccio") and none hides off the edge with nothing saying it is there.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./reused-page";
import { DEMO_ACCOUNTS } from "../../src/server/seed/users";
import { PASSWORD, verifiedCustomer } from "./account-helpers";
import { signIn } from "./booking-helpers";

test.use({ viewport: { width: 390, height: 844 } });

/** Each tab of the strip whose label is cut: wider than its own box, or reaching past the strip or the screen. */
async function clippedTabs(page: Page, strip: string, tab: string) {
  await expect(page.locator(`${strip} ${tab}`).first()).toBeVisible();
  return page.evaluate(
    ([stripSelector, tabSelector]) => {
      const container = document.querySelector(stripSelector)!;
      const box = container.getBoundingClientRect();
      return [...container.querySelectorAll<HTMLElement>(tabSelector)]
        .filter((element) => {
          const rect = element.getBoundingClientRect();
          const overflows = element.scrollWidth > element.clientWidth + 1;
          const outside = rect.left < box.left - 1 || rect.right > box.right + 1 || rect.left < 0 || rect.right > window.innerWidth + 1;
          return overflows || outside;
        })
        .map((element) => element.textContent?.trim() ?? "");
    },
    [strip, tab] as const,
  );
}

test("the account area's tabs and the private-event lists' tabs show every label whole at 390 px", async ({ page, request }) => {
  const person = await verifiedCustomer(request, "Valentina", "Quintero");
  await signIn(page, request, { ...person, password: PASSWORD });
  await page.goto("/my-account/profile");
  expect(await clippedTabs(page, ".account-menu ul", "a")).toEqual([]);
  await expect(page.locator(".account-menu a")).toHaveCount(5);

  await page.goto("/my-account/events");
  expect(await clippedTabs(page, ".events-tabs", "[role=tab]")).toEqual([]);
});

test("the staff area's tabs show every label whole at 390 px", async ({ page, request }) => {
  await signIn(page, request, { ...DEMO_ACCOUNTS.staff, firstName: "Staff", lastName: "Rodamos" });
  await page.goto("/staff");
  expect(await clippedTabs(page, ".account-menu ul", "a")).toEqual([]);
  await expect(page.locator(".account-menu a").first()).toBeVisible();
});
