/**
 * `npm run bench:pages`: how heavy each storefront page is on first load.
 * Starts the shop on a scratch database (demo data), builds the pages when their inputs changed (or reuses
 * the existing build), opens each page type in Chromium at 390 and 1280 px, and prints the page's HTML
 * and the client JavaScript fetched before any interaction, both gzip-compressed.
 *
 * Options: --reuse-data keeps the scratch database between runs (default: fresh); PAGES=landing,faq limits the page types.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { exitWithUsageOnHelp } from "../lib/usage";
import { MachineLoad } from "./lib/machine";

exitWithUsageOnHelp(`
Usage: npm run bench:pages [-- --reuse-data]

Builds the pages (or reuses the build) on a scratch database and prints, per page type and width
(390/1280 px), the HTML and the client JavaScript (gzip) fetched before any interaction.
  --reuse-data   keep the scratch database between runs
Settings: PAGES=landing,faq limits the page types; DIST_DIR, CHROMIUM_PATH.
`);

// Loaded after the --help answer, so asking for help opens nothing and answers at once.
const { chromium } = await import("playwright-core");
const { openDatabase } = await import("../../src/server/db/client");
const { seedIfEmpty } = await import("../../src/server/seed");
const { parseEnv } = await import("../../src/server/env");
const { startServer } = await import("../../src/server/server");
const { buildPagesIfChanged } = await import("../../src/server/publishing/pages-build");

const PAGE_TYPES: { name: string; path: string }[] = [
  { name: "landing", path: "/" },
  { name: "list (mass events)", path: "/massive-events" },
  { name: "list (private events)", path: "/private-events" },
  { name: "event (prerendered)", path: "/event/festival-sonidos-de-la-sabana" },
  { name: "event (shell, private)", path: "/event/cincuenta-anos-de-martha-lucia-h2w8pz4r" },
  { name: "search", path: "/search?q=rock" },
  { name: "faq", path: "/faq" },
  { name: "how-book", path: "/how-book" },
  { name: "about-us", path: "/about-us" },
  { name: "companies (B2B)", path: "/rodamos-companies" },
  { name: "wedding", path: "/wedding" },
  { name: "contact", path: "/contact" },
];
const WIDTHS = [390, 1280];

interface Measure {
  htmlGzip: number;
  jsGzip: number;
  jsFiles: number;
}

async function measure(browser: Browser, url: string, width: number): Promise<Measure> {
  const context = await browser.newContext({ viewport: { width, height: width < 960 ? 844 : 900 } });
  const page = await context.newPage();
  const bodies: Promise<{ kind: "html" | "js"; gzip: number }>[] = [];
  page.on("response", (response) => {
    const type = response.request().resourceType();
    if (type !== "document" && type !== "script") return;
    if (response.status() >= 300 && response.status() < 400) return;
    bodies.push(
      response
        .body()
        .then((body) => ({ kind: type === "document" ? ("html" as const) : ("js" as const), gzip: gzipSync(body, { level: 9 }).length }))
        .catch(() => ({ kind: "js" as const, gzip: 0 })),
    );
  });
  await page.goto(url, { waitUntil: "networkidle" });
  // Idle-time islands and idle callbacks get their chance; nothing is clicked or scrolled.
  await page.waitForTimeout(500);
  await page.waitForLoadState("networkidle");
  const settled = await Promise.all(bodies);
  await context.close();
  const js = settled.filter((entry) => entry.kind === "js");
  return {
    htmlGzip: settled.filter((entry) => entry.kind === "html").reduce((sum, entry) => sum + entry.gzip, 0),
    jsGzip: js.reduce((sum, entry) => sum + entry.gzip, 0),
    jsFiles: js.length,
  };
}

const machine = new MachineLoad();
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const dataDir = ".tmp/bench-pages";
if (!process.argv.includes("--reuse-data")) rmSync(join(dataDir, "pglite"), { recursive: true, force: true });
const env = parseEnv({
  ...process.env,
  NODE_ENV: "test",
  PORT: "4431",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DIST_DIR: process.env.DIST_DIR ?? ".tmp/bench-pages-dist",
  DATABASE_URL: undefined,
});
const database = await openDatabase({ dataDir: join(dataDir, "pglite") });
await seedIfEmpty(database.db);
// Any free port: the bench never collides with a running shop.
const server = await startServer(database, { ...env, PORT: 0 });
const built = await buildPagesIfChanged({ apiUrl: server.internalUrl, publicUrl: server.publicUrl, env, db: database.db });
console.log(built ? `Pages built into ${env.DIST_DIR}.` : `Using the existing build in ${env.DIST_DIR}.`);

const wanted = process.env.PAGES?.split(",").map((name) => name.trim());
const types = wanted ? PAGE_TYPES.filter((type) => wanted.some((name) => type.name.startsWith(name))) : PAGE_TYPES;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const rows: string[][] = [];
try {
  for (const type of types) {
    for (const width of WIDTHS) {
      const result = await measure(browser, `${server.internalUrl}${type.path}`, width);
      rows.push([type.name, `${width}px`, kb(result.htmlGzip), kb(result.jsGzip), String(result.jsFiles)]);
    }
  }
} finally {
  await browser.close();
  await server.close();
  await database.close();
}

const header = ["page", "width", "HTML (gzip)", "JS before interaction (gzip)", "JS files"];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
console.log(`\n${line(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
for (const row of rows) console.log(line(row));
// Sizes do not move with the load; the load is printed as every bench prints it.
machine.finish();
