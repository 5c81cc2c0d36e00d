/**
 * Where builds of the pages live and how a new one replaces the served one without a moment where a page is missing.
 *
 * DIST_DIR is a symbolic link to one complete build in `{DIST_DIR}.builds/{id}`. A new build is written aside, its
 * unchanged files become hard links to the served build's (same inode and time: the same ETag, the compressed copies
 * kept), only its changed files are compressed, and then a new link is renamed over DIST_DIR: rename() is atomic, so
 * every request sees either the old build or the new one, whole. The static server resolves the link once per request
 * (static-pages.ts) and reads every file of that request from the build it found. Older builds are removed a few
 * publications later, long after any request that could still be reading them.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { link, lstat, mkdir, readFile, readdir, realpath, rename, rm, stat, symlink, unlink } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { precompressFiles } from "./precompress";

/** Builds kept besides the served one: a request that resolved an older one has long finished by then. */
export const KEPT_BUILDS = 2;

const COPIES = [".br", ".gz"] as const;

export function buildsDirOf(distDir: string): string {
  return `${resolve(distDir)}.builds`;
}

/** A new, empty place for the next build (ids sort by creation time). */
export async function newBuildDir(distDir: string): Promise<string> {
  const dir = join(buildsDirOf(distDir), `${Date.now().toString(36).padStart(9, "0")}-${randomBytes(3).toString("hex")}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** The build DIST_DIR serves now, or undefined before the first one. */
export async function currentBuild(distDir: string): Promise<string | undefined> {
  try {
    return await realpath(resolve(distDir));
  } catch {
    return undefined;
  }
}

/**
 * A DIST_DIR left as a plain folder (a shop built before builds were swapped) becomes the first build behind a link.
 * Not atomic (there is an instant with no DIST_DIR): call it before the shop serves.
 */
export async function adoptPlainDist(distDir: string): Promise<void> {
  const path = resolve(distDir);
  const info = await lstat(path).catch(() => undefined);
  if (!info || info.isSymbolicLink() || !info.isDirectory()) return;
  const target = join(buildsDirOf(distDir), `000000000-adopted`);
  await mkdir(dirname(target), { recursive: true });
  await rm(target, { recursive: true, force: true });
  await rename(path, target);
  await pointAt(distDir, target);
}

/** Renames a fresh link to `buildDir` over DIST_DIR: the one atomic step of a publication. */
export async function pointAt(distDir: string, buildDir: string): Promise<void> {
  const path = resolve(distDir);
  const temporary = join(dirname(path), `.${basename(path)}.link-${randomBytes(4).toString("hex")}`);
  // Relative, so the whole folder can be moved or mounted elsewhere.
  await symlink(relative(dirname(path), buildDir), temporary);
  try {
    await rename(temporary, path);
  } catch (error) {
    await unlink(temporary).catch(() => {});
    throw error;
  }
}

async function* filesUnder(dir: string, base = dir): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path, base);
    else if (entry.isFile()) yield relative(base, path);
  }
}

/**
 * Fills `next` with hard links to every file of `previous`, compressed copies included: the start of a publication
 * that renders only some pages again (publishRendered). A file rendered again must be written beside and renamed
 * over its link, never written through it.
 */
export async function linkBuild(previous: string, next: string): Promise<void> {
  const files: string[] = [];
  for await (const file of filesUnder(previous)) files.push(file);
  const folders = new Set(files.map((file) => dirname(join(next, file))));
  for (const folder of [...folders].sort()) await mkdir(folder, { recursive: true });
  await runLimited(files.map((file) => () => link(join(previous, file), join(next, file))), 16);
}

/** Build assets are named by their content (astro.config.mjs): the same name and size is the same file. */
const HASHED = /^_astro[\\/]/;

async function sameBytes(a: string, b: string, hashedName: boolean): Promise<boolean> {
  const [infoA, infoB] = await Promise.all([stat(a), stat(b).catch(() => undefined)]);
  if (!infoB?.isFile() || infoA.size !== infoB.size) return false;
  if ((infoA.ino === infoB.ino && infoA.dev === infoB.dev) || hashedName) return true;
  const [bytesA, bytesB] = await Promise.all([readFile(a), readFile(b)]);
  return bytesA.equals(bytesB);
}

/**
 * Replaces `target` by a hard link to `source` (same folder tree, so rename() over it is atomic and safe). A target
 * that is that file already stays: rename() between two links of one file does nothing and would leave the
 * temporary link behind.
 */
async function linkOver(source: string, target: string): Promise<void> {
  const [from, to] = await Promise.all([stat(source), stat(target).catch(() => undefined)]);
  if (to && from.ino === to.ino && from.dev === to.dev) return;
  if (!to) return link(source, target);
  const temporary = `${target}.link-${randomBytes(4).toString("hex")}`;
  await link(source, temporary);
  await rename(temporary, target);
}

/**
 * Makes the unchanged files of `next` the very files of `previous` (with their compressed copies) and answers the
 * files that differ (relative paths), which still need compressing. Without a previous build every file differs.
 */
export async function carryOver(previous: string | undefined, next: string): Promise<string[]> {
  const changed: string[] = [];
  const files: string[] = [];
  for await (const file of filesUnder(next)) if (!COPIES.some((suffix) => file.endsWith(suffix))) files.push(file);
  const work = files.map((file) => async () => {
    const source = previous && join(previous, file);
    if (!source || !(await sameBytes(join(next, file), source, HASHED.test(file)))) {
      changed.push(file);
      return;
    }
    try {
      await linkOver(source, join(next, file));
      for (const suffix of COPIES) if (existsSync(source + suffix)) await linkOver(source + suffix, join(next, file) + suffix);
    } catch {
      // Another file system, or no hard links there: the copy stays and is compressed like a changed file.
      changed.push(file);
    }
  });
  await runLimited(work, 16);
  return changed.sort();
}

async function runLimited(tasks: (() => Promise<void>)[], limit: number): Promise<void> {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task();
  };
  await Promise.all(Array.from({ length: limit }, worker));
}

/** Removes builds that are neither served nor among the `keep` newest others. */
export async function pruneBuilds(distDir: string, keep = KEPT_BUILDS): Promise<void> {
  const builds = buildsDirOf(distDir);
  if (!existsSync(builds)) return;
  const served = await currentBuild(distDir);
  const names = (await readdir(builds)).sort().reverse();
  const others = names.map((name) => join(builds, name)).filter((dir) => dir !== served);
  for (const dir of others.slice(keep)) await rm(dir, { recursive: true, force: true });
}

export interface Publication {
  /** The build now served. */
  build: string;
  /** Files (relative paths) that differ from the build served before. */
  changed: string[];
}

/**
 * Serves `next`, a copy of the served build (linkBuild) in which the `rendered` files were written again: a file
 * rendered to the same bytes becomes the served file again (same ETag, its compressed copies kept), the others
 * lose the copies of their old version and are compressed; then the link is swapped and old builds removed.
 */
export async function publishRendered(distDir: string, next: string, rendered: readonly string[]): Promise<Publication> {
  const previous = await currentBuild(distDir);
  const changed: string[] = [];
  for (const file of rendered) {
    const source = previous && join(previous, file);
    if (source && (await sameBytes(join(next, file), source, false))) {
      await linkOver(source, join(next, file));
      continue;
    }
    changed.push(file);
    for (const suffix of COPIES) await rm(join(next, file) + suffix, { force: true });
  }
  await precompressFiles(changed.map((file) => join(next, file)));
  await pointAt(distDir, next);
  await pruneBuilds(distDir);
  return { build: next, changed: changed.sort() };
}

/**
 * Serves `next`, a complete build written aside: carries the unchanged files over from the served build, compresses
 * the changed ones, swaps the link, and removes old builds.
 */
export async function publishBuild(distDir: string, next: string): Promise<Publication> {
  const previous = await currentBuild(distDir);
  const changed = await carryOver(previous, next);
  await precompressFiles(changed.map((file) => join(next, file)));
  await pointAt(distDir, next);
  await pruneBuilds(distDir);
  return { build: next, changed };
}

