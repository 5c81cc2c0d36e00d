/**
 * Every page type is valid HTML by the Nu Html Checker (vnu-jar, offline on Java), on the demo site the tests share
 * (tests/helpers/demo-site.ts: built once, reused while its sources and catalogue are unchanged). Without Java on
 * the machine the check is skipped, and says so.
 */
import { execFile, execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { demoSite } from "../helpers/demo-site";

const root = resolve(import.meta.dirname, "../..");
const VNU = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");

/** One page of each type: the default site's storefront, account and result pages, another site, the 404 page. */
const PAGES = [
  "index.html", "massive-events/index.html", "private-events/index.html", "search/index.html",
  "event/festival-sonidos-de-la-sabana/index.html", "event/index.html", "faq/index.html", "how-book/index.html",
  "about-us/index.html", "rodamos-companies/index.html", "alliances/index.html", "contact/index.html",
  "wedding/index.html", "my-account/index.html", "order-detail/index.html", "response-payment/index.html",
  "order-rejected/index.html", "verify-account/index.html", "recovery-account/index.html", "error404/index.html", "share/index.html",
  "cl/en-us/index.html",
];

function javaVersion(): string | undefined {
  try {
    return execFileSync("java", ["-version"], { stdio: ["ignore", "pipe", "pipe"] }).toString() || "java";
  } catch {
    return undefined;
  }
}
const hasJava = javaVersion() !== undefined;
if (!hasJava) console.warn("site-html-valid: skipped, `java` is not installed (apt-get install default-jre-headless).");

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe.skipIf(!hasJava)("the built pages", () => {
  it("have no HTML errors by the Nu Html Checker", async () => {
    const dist = await demoSite();
    const files = PAGES.map((page) => join(dist, page));
    const { stdout, stderr } = await promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--format", "json", "--exit-zero-always", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(stdout || stderr) as { messages: VnuMessage[] };
    const problems = report.messages.map((m) => `${m.url.slice(m.url.indexOf(dist) + dist.length + 1)}:${m.lastLine ?? "?"} ${m.message} «${m.extract ?? ""}»`);
    expect(problems).toEqual([]);
  }, 600_000);
});
