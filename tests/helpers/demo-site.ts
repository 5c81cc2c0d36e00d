/**
 * The demo site as the tests see it, built once and shared: the demo data seeded at noon (UTC) of today on an
 * embedded database, built with http://localhost:4321 as its origin into .tmp/demo-site-dist. It is reused while its
 * sources and catalogue are unchanged (the stamp of `buildPagesIfChanged`), and a process that needs it while another
 * builds it waits for that build. A test that changes the site starts from a copy of it, build cache included, so its
 * own builds render only the pages it changed; the browser journeys' server starts from its build cache
 * (scripts/e2e-server.ts), which is why they build with the same origin.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { hashFiles } from "./hash-files";
import { buildPagesIfChanged } from "../../src/server/publishing/pages-build";
import { openDatabase } from "../../src/server/db/client";
import { seedDemoData } from "../../src/server/seed";
import { parseEnv } from "../../src/server/env";
import { startServer } from "../../src/server/server";
import { adoptPlainDist } from "../../src/server/publishing/builds";

const root = resolve(import.meta.dirname, "../..");

export const DEMO_SITE = {
  dataDir: join(root, ".tmp/demo-site"),
  distDir: join(root, ".tmp/demo-site-dist"),
  /** The origin of the built pages' absolute links (canonical, alternates, sitemap); part of Astro's cache key. */
  publicUrl: "http://localhost:4321",
};

/** The folder Astro's incremental build keeps its cache in, for a shop whose data lives in `dataDir`. */
export const astroCacheOf = (dataDir: string) => join(dataDir, "astro-cache");

/** A fixed hour of today: the demo catalogue (and so every page's cache key) is the same all day. */
export const demoSeedTime = () => new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

/** The demo site built (or the build reused), and the folder of its pages. */
export async function demoSite(): Promise<string> {
  await withBuildLock(buildDemoSite);
  return realpathSync(DEMO_SITE.distDir);
}

/**
 * A shop's own copy of the demo site: its pages as the first build behind its DIST_DIR link, and the build cache in
 * its data folder.
 */
export async function copyDemoSite(target: { dataDir: string; distDir: string }): Promise<void> {
  await withBuildLock(async () => {
    await buildDemoSite();
    rmSync(target.distDir, { recursive: true, force: true });
    rmSync(`${target.distDir}.builds`, { recursive: true, force: true });
    cpSync(realpathSync(DEMO_SITE.distDir), target.distDir, { recursive: true });
    await adoptPlainDist(target.distDir);
    copyBuildCache(target.dataDir);
  });
}

/** Puts the demo site's build cache in `dataDir`, if there is one (nothing otherwise: the next build renders all). */
export function copyBuildCache(dataDir: string): boolean {
  const cache = astroCacheOf(DEMO_SITE.dataDir);
  if (!existsSync(cache)) return false;
  rmSync(astroCacheOf(dataDir), { recursive: true, force: true });
  cpSync(cache, astroCacheOf(dataDir), { recursive: true });
  return true;
}

/**
 * The demo data's database is kept in the data folder, so an unchanged catalogue is the same rows and the build is
 * reused; it is made again when the day, the schema or the seed changed (their files' hash).
 */
async function openDemoDatabase() {
  const folder = join(DEMO_SITE.dataDir, "pglite");
  const markFile = join(DEMO_SITE.dataDir, "seeded.txt");
  const mark = `${demoSeedTime().toISOString()} ${hashFiles(join(root, "src/server/db"))}`;
  const fresh = !existsSync(markFile) || readFileSync(markFile, "utf8") !== mark;
  if (fresh) rmSync(folder, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: folder });
  if (fresh) {
    await seedDemoData(database.db, { now: demoSeedTime() });
    writeFileSync(markFile, mark);
  }
  return database;
}


async function buildDemoSite(): Promise<void> {
  const env = parseEnv({ ...process.env, NODE_ENV: "test", DATA_DIR: DEMO_SITE.dataDir, DIST_DIR: DEMO_SITE.distDir, DATABASE_URL: undefined, PUBLIC_URL: DEMO_SITE.publicUrl });
  // Always the embedded database: the pages do not depend on the engine.
  mkdirSync(DEMO_SITE.dataDir, { recursive: true });
  const database = await openDemoDatabase();
  try {
    const api = await startServer(database, { ...env, PORT: 0, DIST_DIR: join(root, ".tmp/demo-site-none") });
    try {
      await buildPagesIfChanged({ apiUrl: api.internalUrl, publicUrl: DEMO_SITE.publicUrl, env, db: database.db });
    } finally {
      await api.close();
    }
  } finally {
    await database.close();
  }
}

/** One builder at a time across processes (vitest's workers): a folder made atomically, naming its process. */
async function withBuildLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(root, ".tmp/demo-site.lock");
  mkdirSync(dirname(lock), { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(join(lock, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (holderIsGone(lock)) rmSync(lock, { recursive: true, force: true });
      else await new Promise((wait) => setTimeout(wait, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function holderIsGone(lock: string): boolean {
  try {
    process.kill(Number(readFileSync(join(lock, "pid"), "utf8")), 0);
    return false;
  } catch (error) {
    // ENOENT: the holder has not written its id yet; EPERM: the process exists.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
