/**
 * The page fast lane serves a page again from memory with the headers the whole stack gave it, and stops the moment a
 * publication points DIST_DIR at another build: nobody is served the old page after the swap.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageFastLane } from "./page-fast-lane";
import { pointAt } from "./builds";
import { staticPages } from "./static-pages";

let base: string;
let dist: string;
let stackRuns = 0;
const app = new Hono();

function writeBuild(name: string, title: string): string {
  const dir = join(base, "dist.builds", name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "index.html"), `<!doctype html><title>${title}</title><script>go()</script>`);
  return dir;
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), "rodamos-lane-"));
  dist = join(base, "dist");
  await pointAt(dist, writeBuild("a", "first"));
  app.use("*", pageFastLane(dist, {}));
  app.use("*", async (c, next) => {
    stackRuns += 1;
    await next();
    c.res.headers.set("x-frame-options", "DENY");
  });
  app.use("*", staticPages(dist));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

const get = (headers: Record<string, string> = {}) => app.request("/", { headers: { "accept-encoding": "identity", ...headers } });

describe("the page fast lane", () => {
  it("answers a page served before without the stack, with the same headers, and 304 for its ETag", async () => {
    const first = await get();
    const runs = stackRuns;
    const second = await get();
    expect(stackRuns).toBe(runs);
    expect(await second.text()).toContain("<title>first</title>");
    expect(Object.fromEntries(second.headers)).toEqual(Object.fromEntries(first.headers));
    expect(second.headers.get("x-frame-options")).toBe("DENY");

    const revalidated = await get({ "if-none-match": first.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(stackRuns).toBe(runs);
  });

  it("serves the new build as soon as a publication swaps it in", async () => {
    expect(await (await get()).text()).toContain("first");
    await pointAt(dist, writeBuild("b", "second"));
    expect(await (await get()).text()).toContain("<title>second</title>");
  });

  it("never learns a page from a plain DIST_DIR folder, whose files may change in place", async () => {
    const plain = join(base, "plain");
    mkdirSync(plain);
    writeFileSync(join(plain, "index.html"), "<!doctype html><title>before</title>");
    const plainApp = new Hono();
    plainApp.use("*", pageFastLane(plain, {}));
    plainApp.use("*", staticPages(plain));
    expect(await (await plainApp.request("/")).text()).toContain("before");
    writeFileSync(join(plain, "index.html"), "<!doctype html><title>after, longer</title>");
    expect(await (await plainApp.request("/")).text()).toContain("after, longer");
  });
});
