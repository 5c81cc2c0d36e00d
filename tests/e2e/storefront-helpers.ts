/** Shared steps of the storefront journeys: console watching and hydration (the axe-core check is in axe.ts). */
import { expect, type Page } from "@playwright/test";

/** Collects console errors and uncaught exceptions of a page (call before the first navigation). */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Islands are interactive once Astro removed their `ssr` attribute. */
export async function waitForHydration(page: Page) {
  const islands = page.locator("astro-island");
  const count = await islands.count();
  if (count > 0) await expect(page.locator("astro-island[ssr]")).toHaveCount(0);
}
