/**
 * The one axe-core check of the browser journeys: the serious and critical violations of a page (or of a part of
 * it), summarised for a readable failure.
 *
 * Legacy mode runs axe with axe.run() in the page itself. The default mode runs it in parts and finishes in a new
 * blank page that @axe-core/playwright opens for every check, which cost Chromium about 1.5 of the ~2.4 CPU-seconds
 * of each check. Legacy mode does not look inside cross-origin frames; the shop's pages have none, and the check
 * refuses a page that has one rather than pass it unchecked.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export interface AxeScope {
  /** Only this part of the page (a CSS selector). */
  include?: string;
  /** The page without this part (a CSS selector). */
  exclude?: string;
}

/** Frames that legacy mode would skip: those of another origin than the page. */
function crossOriginFrames(page: Page): string[] {
  const origin = new URL(page.url()).origin;
  return page
    .frames()
    .map((frame) => frame.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
}

/** axe-core's serious and critical violations, each as "rule: help (targets)"; an empty list when there is none. */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  expect(crossOriginFrames(page), "cross-origin frames, which axe's legacy mode does not check").toEqual([]);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** Fails the test when axe-core finds a serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, scope: AxeScope = {}, what?: string) {
  const serious = await seriousViolations(page, scope);
  expect(serious, [what, ...serious].filter(Boolean).join("\n")).toEqual([]);
}

/**
 * The page-structure rules axe calls moderate that still cost a screen reader's user their bearings on every visit:
 * a page without a level-one heading, and two landmarks of the same role and name (the landmark list shows both).
 */
const STRUCTURE_RULES = ["page-has-heading-one", "landmark-unique"];

/** Violations of the structure rules, as seriousViolations words them; an empty list when there is none. */
export async function structureViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  expect(crossOriginFrames(page), "cross-origin frames, which axe's legacy mode does not check").toEqual([]);
  const builder = new AxeBuilder({ page }).setLegacyMode(true).withRules(STRUCTURE_RULES);
  if (scope.include) builder.include(scope.include);
  if (scope.exclude) builder.exclude(scope.exclude);
  const results = await builder.analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}
