/**
 * Builds the static site from the live API, and skips the build when neither the site's sources nor
 * the catalogue changed since the last one (so a second `npm start` is ready in seconds). Every build is written
 * aside and then swapped in whole (src/server/site/site-builds.ts), and renders only the pages whose catalogue
 * answers changed since the last build (Astro's incremental build, keyed by src/site/cache-key.ts), so the
 * publisher (site-publisher.ts) runs the same build after each catalogue change. `npm run build`, `npm start` and
 * the tests call it.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { adoptPlainDist, newBuildDir, publishBuild, type Publication } from "./site-builds";

const SOURCES = ["src", "content", "public", "astro.config.mjs", "package-lock.json"];
/** Tables whose rows appear in prerendered pages. */
const CATALOGUE_TABLES = [
  "countries", "locales", "country_locales", "provinces", "counties", "places", "events", "event_dates",
  "additional_stops", "categories", "product_variants", "payment_methods", "landing_slides",
  "community_posts", "partners",
];

export function hashSources(root: string): string {
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

/**
 * Builds with `publicUrl` as the origin of the sitemap, canonical and alternate links. `cacheDir` keeps what the next
 * build reuses (pages whose key did not change are copied from it).
 */
export function runAstroBuild(apiUrl: string, distDir: string, publicUrl: string, cacheDir?: string): Promise<void> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, ["node_modules/astro/bin/astro.mjs", "build", ...(process.env.ASTRO_VERBOSE ? [] : ["--silent"])], {
      stdio: "inherit",
      env: {
        ...process.env,
        SHOP_API_URL: apiUrl,
        DIST_DIR: distDir,
        PUBLIC_URL: publicUrl,
        ASTRO_TELEMETRY_DISABLED: "1",
        ...(cacheDir ? { ASTRO_CACHE_DIR: resolve(cacheDir) } : {}),
      },
    });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? done() : reject(new Error(`astro build exited with ${code}`))));
  });
}

export interface SiteOptions {
  apiUrl: string;
  publicUrl: string;
  env: Env;
}

/** Builds the whole site aside (re-rendering only what changed) and swaps it in; the served build stays on failure. */
export async function publishSite(options: SiteOptions): Promise<Publication & { renderSeconds: number }> {
  const next = await newBuildDir(options.env.DIST_DIR);
  const started = performance.now();
  try {
    await runAstroBuild(options.apiUrl, next, options.publicUrl, join(options.env.DATA_DIR, "astro-cache"));
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw error;
  }
  const renderSeconds = (performance.now() - started) / 1000;
  return { ...(await publishBuild(options.env.DIST_DIR, next)), renderSeconds };
}

const stampFileOf = (env: Env) => join(env.DATA_DIR, "site-build.json");

/** `sources`: the hash of the site's sources, when already known (they do not change while the shop runs). */
export async function siteStamp(options: SiteOptions & { db: Db }, sources = hashSources(process.cwd())): Promise<string> {
  // The day is part of the stamp: events whose dates pass must leave the prerendered lists.
  const day = new Date().toISOString().slice(0, 10);
  // The public origin too: a shop moved to another port or host rebuilds its absolute links.
  return `${day}:${options.publicUrl}:${sources}:${await hashCatalogue(options.db)}`;
}

export function writeStamp(env: Env, stamp: string) {
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(stampFileOf(env), JSON.stringify({ stamp, builtAt: new Date().toISOString() }));
}

export async function buildSiteIfChanged(options: SiteOptions & { db: Db; force?: boolean }) {
  const stamp = await siteStamp(options);
  const stampFile = stampFileOf(options.env);
  const previous = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, "utf8")) as { stamp: string }).stamp : "";
  if (!options.force && previous === stamp && existsSync(join(options.env.DIST_DIR, "index.html"))) return false;
  // A DIST_DIR built before builds were swapped becomes the first of them (nothing serves it yet).
  await adoptPlainDist(options.env.DIST_DIR);
  await publishSite(options);
  writeStamp(options.env, stamp);
  return true;
}
