/**
 * Every page type is valid HTML by the Nu Html Checker after its scripts ran too (the carousel, the islands):
 * each page is opened in the browser, left to hydrate, and its DOM as it then stands is checked with vnu-jar.
 * Without Java on the machine the check is skipped, and says so.
 */
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "./reused-page";

const root = resolve(import.meta.dirname, "../..");
const VNU = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");
const OUT = join(root, ".tmp/html-hydrated");

/** One page of each type, as a person opens it. */
const PAGES = [
  "/", "/massive-events", "/private-events", "/search", "/event/festival-sonidos-de-la-sabana", "/faq", "/how-book",
  "/about-us", "/rodamos-companies", "/alliances", "/contact", "/wedding", "/order-rejected",
  "/recovery-account/cortado", "/error404", "/cl/en-us",
];

function hasJava(): boolean {
  try {
    execFileSync("java", ["-version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

interface VnuMessage {
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

test("every page type's hydrated DOM has no HTML errors by the Nu Html Checker", async ({ page }) => {
  test.skip(!hasJava(), "`java` is not installed (apt-get install default-jre-headless)");
  test.setTimeout(240_000);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const files: string[] = [];
  for (const [index, path] of PAGES.entries()) {
    await page.goto(path);
    // Islands that hydrate when seen hydrate too: the page is scrolled through before it is read.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState("networkidle");
    // The carousel and the islands have run: the DOM now is what a person's browser holds.
    const html = await page.evaluate(() => `<!DOCTYPE html>\n${document.documentElement.outerHTML}`);
    const file = join(OUT, `${index}-${path.replace(/\W+/g, "_") || "home"}.html`);
    writeFileSync(file, html);
    files.push(file);
  }
  const { stdout, stderr } = await promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--format", "json", "--exit-zero-always", ...files], {
    maxBuffer: 16 * 1024 * 1024,
  });
  const report = JSON.parse(stdout || stderr) as { messages: VnuMessage[] };
  const problems = report.messages.map((m) => `${m.url.slice(m.url.lastIndexOf("/") + 1)}:${m.lastLine ?? "?"} ${m.message} «${m.extract ?? ""}»`);
  expect(problems).toEqual([]);
});
