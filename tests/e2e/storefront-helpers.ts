/** Shared steps of the storefront journeys: console watching, hydration, and the axe-core check. */
import AxeBuilder from "@axe-core/playwright";
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

/** axe-core must report no serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).slice(0, 3).join(", ")})`);
  expect(serious, serious.join("\n")).toEqual([]);
}
