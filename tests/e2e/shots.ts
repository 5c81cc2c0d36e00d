/**
 * Screenshots for people to look at. No test asserts on them, yet each full-page capture cost Chromium about half a
 * CPU-second (more on long pages) on every run, CI included, for files nobody opened. They are taken only when
 * E2E_SHOTS names a folder: `E2E_SHOTS=.tmp/shots npx playwright test tests/e2e/content-a11y.spec.ts`, then look in
 * .tmp/shots/ (one subfolder per spec).
 */
import { join } from "node:path";
import type { Page, PageScreenshotOptions } from "@playwright/test";

/** Whether a person asked for screenshots (E2E_SHOTS is set): for steps that only serve a screenshot. */
export function shotsWanted(): boolean {
  return Boolean(process.env.E2E_SHOTS);
}

/** A screenshot kept as E2E_SHOTS/<name>.png when E2E_SHOTS is set; nothing otherwise. */
export async function keepShot(page: Page, name: string, options: Omit<PageScreenshotOptions, "path"> = {}) {
  const folder = process.env.E2E_SHOTS;
  if (!folder) return;
  await page.screenshot({ ...options, path: join(folder, `${name}.png`) });
}
