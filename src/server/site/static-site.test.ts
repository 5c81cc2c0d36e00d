/**
 * A country code without its language ("/cl", "/cl/search?q=…", typed by hand or shared) opens that
 * country's own-language site instead of the 404 page; unknown pages still go to their site's 404.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticSite } from "./static-site";

let dist: string;
const app = new Hono();

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), "rodamos-dist-"));
  for (const page of ["index.html", "search/index.html", "error404/index.html", "cl/es-cl/index.html", "cl/es-cl/search/index.html", "cl/es-cl/error404/index.html"]) {
    mkdirSync(dirname(join(dist, page)), { recursive: true });
    writeFileSync(join(dist, page), `<!doctype html><title>${page}</title>`);
  }
  app.use("*", staticSite(dist));
  app.all("/api/*", (c) => c.json({ success: false, code: "not_found" }, 404));
});
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const go = async (path: string) => {
  const response = await app.request(path);
  return { status: response.status, location: response.headers.get("location") };
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
    expect(await go("/cl/es-cl/nada")).toEqual({ status: 302, location: "/cl/es-cl/error404" });
    expect(await go("/nada")).toEqual({ status: 302, location: "/error404" });
    expect(await go("/xx")).toEqual({ status: 302, location: "/error404" });
  });
});

describe("API paths", () => {
  it("are left to the API even with a broken escape in them (JSON, not a redirect to the 404 page)", async () => {
    expect(await go("/api/events/%ZZ")).toEqual({ status: 404, location: null });
  });
});
