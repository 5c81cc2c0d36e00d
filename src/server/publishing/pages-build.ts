/**
 * Builds the static pages from the live API, and skips the build when neither their sources nor
 * the catalogue changed since the last one (so a second `npm start` is ready in seconds). Every build is written
 * aside and then swapped in whole (src/server/publishing/builds.ts), and renders only the pages whose catalogue
 * answers changed since the last build (Astro's incremental build, keyed by src/site/cache-key.ts). The publisher
 * (pages-publisher.ts) keeps the server bundle of its last full build loaded (renderer.ts) and renders from it
 * the pages a catalogue change touches, without bundling again. `npm run build`, `npm start` and
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
import { adoptPlainDist, currentBuild, linkBuild, newBuildDir, publishBuild, publishRendered, type Publication } from "./builds";
import type { PageRenderer } from "./renderer";

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

export interface PagesOptions {
  apiUrl: string;
  publicUrl: string;
  env: Env;
}

/** How a publication made its pages: rendered only what changed with the warm renderer, or built all the pages. */
export type PublicationKind = "render" | "full";

/**
 * Builds the pages aside and swaps them in; the served build stays on failure. With a warm `renderer` (the
 * publisher's) only the pages whose key changed are rendered, into a copy of the served build made of hard links;
 * without one, or when pages were added or removed, all the pages are built (re-rendering only what changed).
 */
export async function publishPages(
  options: PagesOptions,
  renderer?: PageRenderer,
): Promise<Publication & { renderSeconds: number; kind: PublicationKind }> {
  const started = performance.now();
  const served = renderer && (await currentBuild(options.env.DIST_DIR));
  let next = await newBuildDir(options.env.DIST_DIR);
  let rendered: string[] | "full" = "full";
  try {
    if (renderer && served) {
      await linkBuild(served, next);
      rendered = await renderer.render(next);
      if (rendered === "full") {
        await rm(next, { recursive: true, force: true });
        next = await newBuildDir(options.env.DIST_DIR);
      }
    }
    if (rendered === "full") {
      if (renderer) await renderer.build(next);
      else await runAstroBuild(options.apiUrl, next, options.publicUrl, astroCacheOf(options.env));
    }
  } catch (error) {
    await rm(next, { recursive: true, force: true });
    throw error;
  }
  const renderSeconds = (performance.now() - started) / 1000;
  if (rendered === "full") return { ...(await publishBuild(options.env.DIST_DIR, next)), renderSeconds, kind: "full" };
  return { ...(await publishRendered(options.env.DIST_DIR, next, rendered)), renderSeconds, kind: "render" };
}

export const astroCacheOf = (env: Env) => join(env.DATA_DIR, "astro-cache");

/** The file keeps the name it had when the pages were called the site: a shop's last stamp stays valid. */
const stampFileOf = (env: Env) => join(env.DATA_DIR, "site-build.json");

/** `sources`: the hash of the pages' sources, when already known (they do not change while the shop runs). */
export async function pagesStamp(options: PagesOptions & { db: Db }, sources = hashSources(process.cwd())): Promise<string> {
  // The day is part of the stamp: events whose dates pass must leave the prerendered lists.
  const day = new Date().toISOString().slice(0, 10);
  // The public origin too: a shop moved to another port or host rebuilds its absolute links.
  return `${day}:${options.publicUrl}:${sources}:${await hashCatalogue(options.db)}`;
}

export function writeStamp(env: Env, stamp: string) {
  mkdirSync(env.DATA_DIR, { recursive: true });
  writeFileSync(stampFileOf(env), JSON.stringify({ stamp, builtAt: new Date().toISOString() }));
}

/**
 * `renderer`: builds in it (a child process that then stays warm) instead of a one-off `astro build`, so that the
 * publisher it is handed to renders the first change from this build's bundle instead of making its own.
 */
export async function buildPagesIfChanged(options: PagesOptions & { db: Db; force?: boolean; renderer?: PageRenderer }) {
  const stamp = await pagesStamp(options);
  const stampFile = stampFileOf(options.env);
  const previous = existsSync(stampFile) ? (JSON.parse(readFileSync(stampFile, "utf8")) as { stamp: string }).stamp : "";
  if (!options.force && previous === stamp && existsSync(join(options.env.DIST_DIR, "index.html"))) return false;
  // A DIST_DIR built before builds were swapped becomes the first of them (nothing serves it yet).
  await adoptPlainDist(options.env.DIST_DIR);
  await publishPages(options, options.renderer);
  writeStamp(options.env, stamp);
  return true;
}
