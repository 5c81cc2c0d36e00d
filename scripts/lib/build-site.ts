/**
 * Builds the static site from the live API, and skips the build when neither the site's sources nor
 * the catalogue changed since the last one (so a second `npm start` is ready in seconds).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join, relative } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import type { Env } from "../../src/server/env";
import { precompress } from "../../src/server/site/precompress";

const SOURCES = ["src", "content", "public", "astro.config.mjs", "package-lock.json"];
/** Tables whose rows appear in prerendered pages. */
const CATALOGUE_TABLES = [
  "countries", "locales", "country_locales", "provinces", "counties", "places", "events", "event_dates",
  "additional_stops", "categories", "product_variants", "payment_methods", "landing_slides",
  "community_posts", "partners",
];

function hashSources(root: string): string {
  const hash = createHash("sha256");
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else {
      hash.update(relative(root, path));
      hash.update(readFileSync(path));
    }
  };
  for (const source of SOURCES) walk(join(root, source));
  return hash.digest("hex");
}

async function hashCatalogue(db: Db): Promise<string> {
  const hash = createHash("sha256");
  for (const table of CATALOGUE_TABLES) {
    const result = await db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`),
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { h: string }[];
    hash.update(`${table}:${rows[0]?.h ?? ""}`);
  }
  return hash.digest("hex");
}

/** Builds with `publicUrl` as the origin of the sitemap, canonical and alternate links. */
export function runAstroBuild(apiUrl: string, distDir: string, publicUrl: string): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "build", ...(process.env.ASTRO_VERBOSE ? [] : ["--silent"])], {
      stdio: "inherit",
      env: { ...process.env, SHOP_API_URL: apiUrl, DIST_DIR: distDir, PUBLIC_URL: publicUrl, ASTRO_TELEMETRY_DISABLED: "1" },
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? done() : reject(new Error(`astro build exited with ${code}`))));
  });
}

export async function buildSiteIfChanged(options: { apiUrl: string; publicUrl: string; env: Env; db: Db; force?: boolean }) {
  const root = process.cwd();
  const stampFile = join(options.env.DATA_DIR, "site-build.json");
  // The day is part of the stamp: events whose dates pass must leave the prerendered lists.
  const day = new Date().toISOString().slice(0, 10);
  // The public origin too: a shop moved to another port or host rebuilds its absolute links.
  const stamp = `${day}:${options.publicUrl}:${hashSources(root)}:${await hashCatalogue(options.db)}`;
  const previous = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, "utf8")) as { stamp: string }).stamp : "";
  if (!options.force && previous === stamp && existsSync(join(options.env.DIST_DIR, "index.html"))) return false;
  await runAstroBuild(options.apiUrl, options.env.DIST_DIR, options.publicUrl);
  // Compressed once here, never per request (src/server/site/precompress.ts).
  await precompress(options.env.DIST_DIR);
  mkdirSync(options.env.DATA_DIR, { recursive: true });
  writeFileSync(stampFile, JSON.stringify({ stamp, builtAt: new Date().toISOString() }));
  return true;
}
