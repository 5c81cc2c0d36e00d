/**
 * Compression happens once, when the pages are built: every text file of the build gets a brotli (.br) and a
 * gzip (.gz) copy beside it, so serving a page or a script never compresses it again (static-pages.ts picks
 * the copy the browser accepts).
 */
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts are compressed already. */
export const COMPRESSIBLE = new Set([".html", ".js", ".mjs", ".css", ".json", ".xml", ".txt", ".svg", ".webmanifest", ".vtt"]);
/** Below this a compressed copy saves less than its headers cost. */
export const MIN_SIZE = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Brotli's quality: the highest for scripts and styles, compressed once per release and kept by browsers for a year;
 * one less for pages, which the publisher compresses again after each catalogue change: a quarter of the CPU (about
 * 20 instead of 80 ms for a 78 kB page) for 2 % more bytes. Every build uses the same qualities, so a page's
 * compressed copy is the same bytes on every host and in every build (its ETag says so).
 */
export const brotliQualityOf = (file: string) => (extname(file) === ".html" ? 10 : 11);

async function compressOne(file: string): Promise<number> {
  const body = await readFile(file);
  if (body.length < MIN_SIZE) return 0;
  const [br, gz] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQualityOf(file), [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]);
  // A copy that is not smaller is not worth a second file: the original is served.
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  return 1;
}

/** Writes the .br and .gz copies of every compressible file under `dir`; answers how many files it compressed. */
export async function precompress(dir: string, concurrency = 8): Promise<number> {
  const files: string[] = [];
  for await (const file of filesUnder(dir)) files.push(file);
  return precompressFiles(files, concurrency);
}

/** The same for a list of files (the pages a publication changed); files of other kinds are left alone. */
export async function precompressFiles(files: readonly string[], concurrency = 8): Promise<number> {
  const queue = files.filter((file) => COMPRESSIBLE.has(extname(file)));
  let done = 0;
  const worker = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) done += await compressOne(file);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return done;
}

/** Whether a compressed copy beside `file` is still the copy of this version of it. */
export async function freshCopy(file: string, encodingSuffix: ".br" | ".gz", sourceMtimeMs: number): Promise<number | undefined> {
  try {
    const info = await stat(`${file}${encodingSuffix}`);
    return info.isFile() && info.mtimeMs >= sourceMtimeMs ? info.size : undefined;
  } catch {
    return undefined;
  }
}
