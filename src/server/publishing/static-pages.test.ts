/**
 * A country code without its language ("/cl", "/cl/search?q=…", typed by hand or shared) opens that
 * country's own-language site instead of the 404 page; unknown pages answer their site's 404 page with
 * status 404. /robots.txt names the sitemap on the public origin.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompress } from "./precompress";
import { acceptsEncoding, staticPages } from "./static-pages";

let dist: string;
const app = new Hono();

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "rodamos-dist-"));
  for (const page of ["index.html", "search/index.html", "error404/index.html", "cl/es-cl/index.html", "cl/es-cl/search/index.html", "cl/es-cl/error404/index.html"]) {
    mkdirSync(dirname(join(dist, page)), { recursive: true });
    writeFileSync(join(dist, page), `<!doctype html><title>${page}</title><script>go()</script>`);
  }
  app.use("*", staticPages(dist, { publicUrl: () => "https://shop.example/" }));
  app.all("/api/*", (c) => c.json({ success: false, code: "not_found" }, 404));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const go = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, location: response.headers.get("location") };
};

const page = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, title: /<title>(.*)<\/title>/.exec(await response.text())?.[1] };
};

describe("a bare country code", () => {
  it("opens the country's own-language site, keeping the page and the query", async () => {
    expect(await go("/cl")).toEqual({ status: 302, location: "/cl/es-cl" });
    expect(await go("/CL/")).toEqual({ status: 302, location: "/cl/es-cl" });
    expect(await go("/cl/search?q=santiago")).toEqual({ status: 302, location: "/cl/es-cl/search?q=santiago" });
    expect(await go("/co")).toEqual({ status: 302, location: "/" });
    expect(await go("/cl/b%C3%BAsqueda")).toEqual({ status: 302, location: "/cl/es-cl/b%C3%BAsqueda" });
  });

  it("leaves real sites and unknown pages alone", async () => {
    expect((await go("/cl/es-cl/search")).status).toBe(200);
    expect(await page("/cl/es-cl/nada")).toEqual({ status: 404, title: "cl/es-cl/error404/index.html" });
    expect(await page("/nada")).toEqual({ status: 404, title: "error404/index.html" });
    expect(await page("/xx")).toEqual({ status: 404, title: "error404/index.html" });
  });
});

describe("unknown pages", () => {
  it("answer their site's 404 page with status 404, while /error404 itself is a page like any other", async () => {
    expect(await page("/no-existe")).toEqual({ status: 404, title: "error404/index.html" });
    expect(await page("/b%ZZ")).toEqual({ status: 404, title: "error404/index.html" });
    expect(await page("/error404")).toEqual({ status: 200, title: "error404/index.html" });
    expect(await page("/cl/es-cl/error404")).toEqual({ status: 200, title: "cl/es-cl/error404/index.html" });
  });

  it("carry the page's script hashes in their Content-Security-Policy like every page", async () => {
    for (const path of ["/", "/no-existe"]) {
      const policy = (await app.request(path)).headers.get("content-security-policy") ?? "";
      expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
      expect(policy.split("; ").find((directive) => directive.startsWith("script-src"))).not.toContain("unsafe-inline");
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });
});

describe("/robots.txt", () => {
  it("allows everything and names the sitemap on the public origin", async () => {
    const response = await app.request("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("User-agent: *\nAllow: /\n\nSitemap: https://shop.example/sitemap-index.xml\n");
  });
});

describe("API paths", () => {
  it("are left to the API even with a broken escape in them (JSON, not a redirect to the 404 page)", async () => {
    expect(await go("/api/events/%ZZ")).toEqual({ status: 404, location: null });
  });
});

describe("compressed copies and validators", () => {
  const script = `console.log(${JSON.stringify("a".repeat(4000))});`;

  beforeAll(async () => {
    mkdirSync(join(dist, "_astro"), { recursive: true });
    writeFileSync(join(dist, "_astro/app.abc123.js"), script);
    writeFileSync(join(dist, "big.html"), `<!doctype html><title>big</title><p>${"palabra ".repeat(800)}</p>`);
    await precompress(dist);
  });

  it("serves the brotli copy written at build time to a browser that takes it, gzip to one that takes only that", async () => {
    const br = await app.request("/_astro/app.abc123.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(script);
    const gz = await app.request("/_astro/app.abc123.js", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
    const plain = await app.request("/_astro/app.abc123.js", { headers: { "accept-encoding": "br;q=0" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
  });

  it("keeps build assets for a year and answers 304 to a page's own ETag", async () => {
    const asset = await app.request("/_astro/app.abc123.js");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const first = await app.request("/big", { headers: { "accept-encoding": "br" } });
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await app.request("/big", { headers: { "accept-encoding": "br", "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    // Another representation (gzip) has another tag: no 304 for the brotli one's.
    expect((await app.request("/big", { headers: { "accept-encoding": "gzip", "if-none-match": etag } })).status).toBe(200);
  });

  it("serves a changed file fresh rather than a stale compressed copy", async () => {
    await new Promise((done) => setTimeout(done, 20));
    writeFileSync(join(dist, "big.html"), "<!doctype html><title>changed</title><p>nuevo</p>");
    const answer = await app.request("/big", { headers: { "accept-encoding": "br, gzip" } });
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(await answer.text()).toContain("changed");
  });
});

describe("Accept-Encoding", () => {
  it("takes a coding named with a q above 0 only", () => {
    expect(acceptsEncoding("gzip, deflate, br", "br")).toBe(true);
    expect(acceptsEncoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsEncoding("br;q=0.5", "br")).toBe(true);
    expect(acceptsEncoding("gzip", "br")).toBe(false);
    expect(acceptsEncoding(undefined, "gzip")).toBe(false);
  });
});
