/** Small helpers for the content and form page journeys (content-pages, lead-forms, result-pages, a11y specs). */
import { expect, type Page } from "@playwright/test";

/**
 * Every island on the page that hydrates by itself has hydrated (Astro removes `ssr` once it has).
 * client:interaction islands (the lead forms) wait for a person: the test's first action hydrates them.
 */
export async function waitForIslands(page: Page) {
  await expect(page.locator('astro-island[ssr]:not([client="interaction"])')).toHaveCount(0);
}

/** Console errors and uncaught exceptions seen from now on; `allow` lists expected messages. */
export function watchConsole(page: Page, allow: RegExp[] = []) {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allow.some((pattern) => pattern.test(message.text()))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** yyyy-mm-dd for a day `days` from today in Bogotá (the tests run in America/Bogota). */
export function dayFromToday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(date);
}
