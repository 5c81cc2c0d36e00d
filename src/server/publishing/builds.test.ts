/**
 * A publication swaps a whole new build in at once: what a visitor notices is that a changed page shows its new
 * text, an unchanged page keeps its ETag (the browser's copy stays valid), and no request during the swap gets
 * anything but a complete page of the old or the new build.
 */
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { adoptPlainDist, buildsDirOf, carryOver, currentBuild, KEPT_BUILDS, linkBuild, newBuildDir, publishBuild, publishRendered } from "./builds";
import { staticPages } from "./static-pages";

let root: string;
let distDir: string;

/** Long enough to be compressed (precompress skips files under 1 kB). */
const page = (title: string) => `<!doctype html><title>${title}</title><main>${"<p>Traslado compartido al evento.</p>".repeat(60)}</main>`;

async function build(files: Record<string, string>): Promise<string> {
  const dir = await newBuildDir(distDir);
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), body);
  }
  return dir;
}

const PAGES = { "index.html": page("Inicio"), "faq/index.html": page("Preguntas"), "event/festival/index.html": page("Festival") };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "rodamos-builds-"));
  distDir = join(root, "dist");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("carrying a build over", () => {
  it("makes unchanged files the served build's own (with their compressed copies) and lists the changed ones", async () => {
    const first = await build(PAGES);
    await publishBuild(distDir, first);
    const second = await build({ ...PAGES, "event/festival/index.html": page("Festival, nuevo nombre") });

    const changed = await carryOver(first, second);

    expect(changed).toEqual(["event/festival/index.html"]);
    expect(statSync(join(second, "faq/index.html")).ino).toBe(statSync(join(first, "faq/index.html")).ino);
    expect(statSync(join(second, "faq/index.html.br")).ino).toBe(statSync(join(first, "faq/index.html.br")).ino);
    expect(statSync(join(second, "event/festival/index.html")).ino).not.toBe(statSync(join(first, "event/festival/index.html")).ino);
  });

  it("treats every file as changed when nothing was served before", async () => {
    expect(await carryOver(undefined, await build(PAGES))).toEqual(Object.keys(PAGES).sort());
  });
});

describe("publishing only the pages rendered again", () => {
  /** What the warm renderer does: a linked copy of the served build, some pages written beside and renamed over. */
  async function renderAgain(pages: Record<string, string>) {
    const served = (await currentBuild(distDir))!;
    const next = await newBuildDir(distDir);
    await linkBuild(served, next);
    for (const [path, body] of Object.entries(pages)) {
      writeFileSync(join(next, `${path}.new`), body);
      renameSync(join(next, `${path}.new`), join(next, path));
    }
    return { served, next, publication: await publishRendered(distDir, next, Object.keys(pages)) };
  }

  it("serves the new text of a changed page and keeps the very files (and ETags) of all others", async () => {
    await publishBuild(distDir, await build(PAGES));
    const { served, next, publication } = await renderAgain({ "event/festival/index.html": page("Festival, nuevo nombre"), "faq/index.html": PAGES["faq/index.html"] });

    expect(publication.changed).toEqual(["event/festival/index.html"]);
    expect(await currentBuild(distDir)).toBe(next);
    for (const file of ["index.html", "index.html.br", "faq/index.html", "faq/index.html.gz"]) expect(statSync(join(next, file)).ino).toBe(statSync(join(served, file)).ino);
    expect(brotliDecompressSync(readFileSync(join(next, "event/festival/index.html.br"))).toString()).toContain("nuevo nombre");
    expect(readFileSync(join(served, "event/festival/index.html"), "utf8")).not.toContain("nuevo nombre");
    // Nothing of the work is left in the build (temporary links would be served and copied on).
    expect(readdirSync(next, { recursive: true }).filter((name) => String(name).includes(".link-"))).toEqual([]);
  });
});

describe("publishing a build", () => {
  it("points DIST_DIR at the new build, compresses what changed and keeps only a few older builds", async () => {
    let last = "";
    for (let round = 0; round < KEPT_BUILDS + 3; round += 1) {
      last = await build({ ...PAGES, "index.html": page(`Inicio ${round}`) });
      const publication = await publishBuild(distDir, last);
      expect(publication.changed).toEqual(round === 0 ? Object.keys(PAGES).sort() : ["index.html"]);
    }
    expect(lstatSync(distDir).isSymbolicLink()).toBe(true);
    expect(await currentBuild(distDir)).toBe(last);
    expect(brotliDecompressSync(readFileSync(join(distDir, "index.html.br"))).toString()).toBe(page(`Inicio ${KEPT_BUILDS + 2}`));
    expect(readdirSync(buildsDirOf(distDir))).toHaveLength(KEPT_BUILDS + 1);
  });

  it("takes over a DIST_DIR that is still a plain folder", async () => {
    mkdirSync(distDir);
    writeFileSync(join(distDir, "index.html"), page("Antes"));
    await adoptPlainDist(distDir);
    expect(lstatSync(distDir).isSymbolicLink()).toBe(true);
    expect(existsSync(join(distDir, "index.html"))).toBe(true);
  });
});

describe("serving across a publication", () => {
  let app: Hono;
  beforeEach(() => {
    app = new Hono();
    app.use("*", staticPages(distDir));
  });

  it("shows the changed page at once and keeps the ETag of an unchanged one", async () => {
    await publishBuild(distDir, await build(PAGES));
    const faqBefore = (await app.request("/faq", { headers: { "accept-encoding": "br" } })).headers.get("etag");
    const eventBefore = await app.request("/event/festival");
    expect(await eventBefore.text()).toContain("<title>Festival</title>");

    await publishBuild(distDir, await build({ ...PAGES, "event/festival/index.html": page("Festival, nuevo nombre") }));

    const faqAfter = await app.request("/faq", { headers: { "accept-encoding": "br", "if-none-match": faqBefore! } });
    expect(faqAfter.status).toBe(304);
    const eventAfter = await app.request("/event/festival");
    expect(await eventAfter.text()).toContain("<title>Festival, nuevo nombre</title>");
    expect(eventAfter.headers.get("etag")).not.toBe(eventBefore.headers.get("etag"));
  });

  it("answers every request during many swaps with a whole page of one build or the other", async () => {
    await publishBuild(distDir, await build(PAGES));
    const titles = new Set<string>();
    let swapping = true;
    const swaps = (async () => {
      for (let round = 1; round <= 8; round += 1) await publishBuild(distDir, await build({ ...PAGES, "event/festival/index.html": page(`Festival ${round}`) }));
      swapping = false;
    })();
    const answers: { status: number; body: string }[] = [];
    while (swapping) {
      const responses = await Promise.all(
        Array.from({ length: 8 }, async (_, i) => {
          const response = await app.request("/event/festival", { headers: { "accept-encoding": i % 2 ? "br" : "identity" } });
          const bytes = Buffer.from(await response.arrayBuffer());
          const body = response.headers.get("content-encoding") === "br" ? brotliDecompressSync(bytes).toString() : bytes.toString();
          return { status: response.status, body, length: Number(response.headers.get("content-length")), bytes: bytes.length };
        }),
      );
      for (const response of responses) {
        expect(response.length).toBe(response.bytes);
        answers.push(response);
      }
    }
    await swaps;
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const title = /<title>(.*)<\/title>/.exec(answer.body)?.[1] ?? "";
      expect(answer.body).toBe(page(title));
      titles.add(title);
    }
    expect(answers.length).toBeGreaterThan(8);
  });
});
