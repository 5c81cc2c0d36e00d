/**
 * Every page type is valid HTML by the Nu Html Checker (vnu-jar, offline on Java). The site is built
 * from the demo data into .tmp/html-check-dist, or that build is reused while its sources and catalogue
 * are unchanged. Without Java on the machine the check is skipped, and says so.
 */
import { execFile, execFileSync } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { buildSiteIfChanged } from "../../scripts/lib/build-site";
import { openDatabase } from "../../src/server/db/client";
import { seedDemoData } from "../../src/server/db/seed";
import { parseEnv } from "../../src/server/env";
import { startServer } from "../../src/server/server";

const root = resolve(import.meta.dirname, "../..");
const VNU = join(root, "node_modules/vnu-jar/build/dist/vnu.jar");

/** One page of each type: the spec's storefront, account and result pages, another site, the 404 page. */
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

async function buildSite(): Promise<string> {
  const env = parseEnv({ ...process.env, NODE_ENV: "test", DATA_DIR: ".tmp/html-check", DIST_DIR: ".tmp/html-check-dist", DATABASE_URL: undefined, PUBLIC_URL: "http://localhost:4321" });
  // Always the embedded database: the pages do not depend on the engine.
  const database = await openDatabase();
  try {
    await seedDemoData(database.db, { now: new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`) });
    const api = await startServer(database, { ...env, PORT: 0, DIST_DIR: ".tmp/html-check-none" });
    try {
      await buildSiteIfChanged({ apiUrl: api.internalUrl, publicUrl: env.PUBLIC_URL!, env, db: database.db });
    } finally {
      await api.close();
    }
  } finally {
    await database.close();
  }
  return join(root, env.DIST_DIR);
}

interface VnuMessage {
  type: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

describe.skipIf(!hasJava)("the built pages", () => {
  it("have no HTML errors by the Nu Html Checker", async () => {
    const dist = await buildSite();
    const files = PAGES.map((page) => join(dist, page));
    const { stdout, stderr } = await promisify(execFile)("java", ["-jar", VNU, "--errors-only", "--format", "json", "--exit-zero-always", ...files], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const report = JSON.parse(stdout || stderr) as { messages: VnuMessage[] };
    const problems = report.messages.map((m) => `${m.url.slice(m.url.indexOf("html-check-dist/") + 16)}:${m.lastLine ?? "?"} ${m.message} «${m.extract ?? ""}»`);
    expect(problems).toEqual([]);
  }, 600_000);
});
