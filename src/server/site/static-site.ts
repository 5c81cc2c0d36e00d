/**
 * Serves the prerendered site from dist/. Client-only routes (account, verification, payment result)
 * and events built after the last site build fall back to their page shells; any other unknown path
 * is redirected to the 404 page of its country/locale (storefront spec section 2).
 */
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { MiddlewareHandler } from "hono";
import { COUNTRY_LOCALES, SITES, isCountryCode, sitePrefix, type CountryCode } from "../../shared/locales";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".xml": "application/xml",
  ".txt": "text/plain; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".vtt": "text/vtt",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".webmanifest": "application/manifest+json",
};

/** Paths the API serves, not the site. */
const API_PREFIXES = ["/api/", "/shop-api/", "/dev/", "/payments-sim/"];

/** Path segments (after the site prefix) whose unknown children are served by one client-side shell. */
export const SHELL_ROUTES = ["my-account", "verify-account", "recovery-account", "order-detail", "event"] as const;

function splitPrefix(pathname: string): { prefix: string; rest: string } {
  const site = SITES.find((s) => s.prefix && (pathname === s.prefix || pathname.startsWith(`${s.prefix}/`)));
  const prefix = site?.prefix ?? "";
  return { prefix, rest: pathname.slice(prefix.length) || "/" };
}

/** "/cl" or "/cl/search" (a country without its language, typed or shared by hand): that country's own-language site. */
function countrySiteOf(pathname: string): string | undefined {
  const [, head = "", ...tail] = pathname.split("/");
  if (head.length !== 2 || !isCountryCode(head)) return undefined;
  const country = head.toUpperCase() as CountryCode;
  const ownLocale = COUNTRY_LOCALES[country][0];
  if (!ownLocale) return undefined;
  const target = sitePrefix(country, ownLocale) + (tail.length ? `/${tail.join("/")}` : "");
  return target || "/";
}

async function fileAt(root: string, pathname: string): Promise<string | undefined> {
  const candidate = resolve(root, `.${normalize(pathname)}`);
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  for (const path of [candidate, join(candidate, "index.html"), `${candidate}.html`]) {
    try {
      const info = await stat(path);
      if (info.isFile()) return path;
    } catch {
      // not this one
    }
  }
  return undefined;
}

export function staticSite(distDir: string): MiddlewareHandler {
  const root = resolve(distDir);
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const rawPath = new URL(c.req.url).pathname;
    // API calls answer JSON, even with a broken escape (%ZZ) in their path: they never land on a page.
    if (API_PREFIXES.some((prefix) => rawPath.startsWith(prefix))) return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return c.redirect("/error404", 302);
    }
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);

    if (!(await fileAt(root, "/index.html"))) {
      // First start: the API is up and the site is still being built from it.
      return c.html('<!doctype html><meta http-equiv="refresh" content="3"><title>…</title><p>…</p>', 503, { "retry-after": "3" });
    }

    let file = await fileAt(root, pathname);
    const { prefix, rest } = splitPrefix(pathname);
    if (!file) {
      const head = rest.split("/")[1] ?? "";
      if ((SHELL_ROUTES as readonly string[]).includes(head)) file = await fileAt(root, `${prefix}/${head}`);
    }
    // The raw (still encoded) path: a Location header takes no decoded non-ASCII text.
    const url = new URL(c.req.url);
    const countrySite = !file && !prefix ? countrySiteOf(url.pathname.replace(/(.)\/$/, "$1")) : undefined;
    if (countrySite) return c.redirect(countrySite + url.search, 302);
    if (!file) return c.redirect(`${prefix}/error404`, 302);

    const ext = extname(file);
    const headers: Record<string, string> = {
      "content-type": CONTENT_TYPES[ext] ?? "application/octet-stream",
      // Hashed build assets never change; pages are revalidated so a rebuild shows at once.
      "cache-control": pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
    };
    const info = await stat(file);
    headers["content-length"] = String(info.size);
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, headers);
  };
}
