/**
 * Serves the prerendered pages from dist/. Client-only routes (account, verification, payment result)
 * and events built after the last build of the pages fall back to their page shells; any other unknown path
 * answers the 404 page of its country/locale with status 404, and the page itself shows /error404 in the
 * address bar. /robots.txt names the sitemap on the public origin.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { Readable } from "node:stream";
import type { Context, MiddlewareHandler } from "hono";
import { COUNTRY_LOCALES, isCountryCode, sitePrefix, type CountryCode } from "../../shared/locales";
import { COMPRESSIBLE, freshCopy } from "./precompress";
import { formTargetsOf, inlineScriptHashes, pagePolicy } from "./content-security-policy";
import { splitSitePrefix } from "./site-prefix";

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

/** The Content-Type a file of the pages is served with, by its extension (".html"). */
export function contentTypeOf(ext: string): string {
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

/** Paths the API serves, not the static pages. */
export const API_PREFIXES = ["/api/", "/shop-api/", "/dev/", "/payments-sim/", "/geo-sim/", "/uploads/"];

/**
 * Whether a raw path is the API's: under one of its prefixes, or the prefix itself, however many slashes a client
 * doubled on the way (`//shop-api/me`, `/api//events`). Such a path answers JSON (the API's 404 if nothing is
 * there), never a page.
 */
export function isApiPath(rawPath: string): boolean {
  const path = rawPath.includes("//") ? rawPath.replace(/\/{2,}/g, "/") : rawPath;
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));
}

/** Path segments (after the site prefix) whose unknown children are served by one client-side shell. */
export const SHELL_ROUTES = ["my-account", "staff", "verify-account", "recovery-account", "order-detail", "event"] as const;

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

/**
 * What the server knows of one version of a built file, learnt with one stat() per request: its validator,
 * the sizes of its compressed copies (written at build time) and, for a page, its inline-script hashes.
 * A file a publication left unchanged is the same inode in the next build (builds.ts), so it keeps its
 * ETag and what is known of it.
 */
interface FileVersion {
  key: string;
  size: number;
  etag: string;
  br?: number;
  gz?: number;
  scriptHashes?: string[];
  /** The bytes sent, by coding, of a file small enough to keep (read once, on first request). */
  bodies: Partial<Record<Coding, Uint8Array<ArrayBuffer>>>;
}

type Coding = "br" | "gzip" | "identity";

/** Bodies up to this size (compressed, as sent) are kept in memory; bigger ones are streamed from disk each time. */
const KEPT_BODY_BYTES = 256 * 1024;

/** By path inside the build, so the entries do not pile up as builds come and go. */
type Versions = Map<string, FileVersion>;

async function versionOf(versions: Versions, root: string, file: string): Promise<FileVersion> {
  const info = await stat(file);
  const key = `${info.dev}:${info.ino}:${info.mtimeMs}:${info.size}`;
  const path = file.slice(root.length);
  const known = versions.get(path);
  if (known?.key === key) return known;
  const ext = extname(file);
  const compressible = COMPRESSIBLE.has(ext);
  const version: FileVersion = {
    key,
    size: info.size,
    etag: await contentTag(file, info.size),
    br: compressible ? await freshCopy(file, ".br", info.mtimeMs) : undefined,
    gz: compressible ? await freshCopy(file, ".gz", info.mtimeMs) : undefined,
    scriptHashes: ext === ".html" ? inlineScriptHashes(await readFile(file, "utf8")) : undefined,
    bodies: {},
  };
  versions.set(path, version);
  return version;
}

/**
 * A file's ETag, made of its bytes alone: every host that built the same page answers the same tag (each builds its
 * own copy of the pages, docs/decisions.md "Several hosts, one site"), so a browser or CDN revalidating against another
 * host still gets its 304. Read once per file version.
 */
async function contentTag(file: string, size: number): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return `${size.toString(36)}-${hash.digest("base64url").slice(0, 16)}`;
}

/** Whether an Accept-Encoding header takes `coding` (named with a q above 0). */
export function acceptsEncoding(header: string | undefined, coding: "br" | "gzip"): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (name.trim() !== coding) return false;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    return q === undefined || Number(q) > 0;
  });
}

/** If-None-Match names this representation (strong or weak), or any. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/** A file answer with a kept body, and the build it came from: the page fast lane (page-fast-lane.ts) learns from it. */
export interface ServedFile {
  /** The build folder the file was read from (DIST_DIR's target). */
  root: string;
  /** The answer as this middleware made it; a later middleware that replaces it (compress) makes it unlearnable. */
  response: Response;
  body: Uint8Array;
  etag: string;
}

const servedFiles = new WeakMap<Context, ServedFile>();

export function servedFileOf(c: Context): ServedFile | undefined {
  return servedFiles.get(c);
}

export interface StaticPagesOptions {
  /** The origin the sitemap is announced on in /robots.txt (PUBLIC_URL, else where the shop listens). */
  publicUrl?: () => string | undefined;
  /** For the pages' form-action (the Webpay gateway a booking posts to). */
  env?: { PUBLIC_URL?: string; WEBPAY_BASE_URL?: string };
}

export function robotsTxt(publicUrl: string): string {
  return `User-agent: *\nAllow: /\n\nSitemap: ${publicUrl.replace(/\/+$/, "")}/sitemap-index.xml\n`;
}

export function staticPages(distDir: string, options: StaticPagesOptions = {}): MiddlewareHandler {
  const link = resolve(distDir);
  const versions: Versions = new Map();
  return async (c, next) => {
    if (c.req.method !== "GET" && c.req.method !== "HEAD") return next();
    const rawPath = new URL(c.req.url).pathname;
    // API calls answer JSON, even with a broken escape (%ZZ) in their path: they never land on a page.
    if (isApiPath(rawPath)) return next();
    if (rawPath === "/robots.txt") {
      const origin = options.publicUrl?.() ?? new URL(c.req.url).origin;
      return c.text(robotsTxt(origin), 200, { "cache-control": "public, max-age=0, must-revalidate" });
    }
    // DIST_DIR is swapped to a new build by a publication (builds.ts): resolved once, so every file this
    // answer reads (the page, its compressed copy, the 404 page) comes from the same build.
    const root = await realpath(link).catch(() => link);
    const serve = async (file: string, pathname: string, status: 200 | 404) => {
      const ext = extname(file);
      const version = await versionOf(versions, root, file);
      const encoding =
        version.br !== undefined && acceptsEncoding(c.req.header("accept-encoding"), "br")
          ? "br"
          : version.gz !== undefined && acceptsEncoding(c.req.header("accept-encoding"), "gzip")
            ? "gzip"
            : undefined;
      const etag = `"${version.etag}${encoding ? `-${encoding}` : ""}"`;
      const headers: Record<string, string> = {
        "content-type": contentTypeOf(ext),
        // Hashed build assets never change; pages are revalidated (ETag) so a rebuild shows at once.
        "cache-control": pathname.startsWith("/_astro/") ? "public, max-age=31536000, immutable" : "public, max-age=0, must-revalidate",
        etag,
      };
      if (COMPRESSIBLE.has(ext)) headers.vary = "Accept-Encoding";
      if (version.scriptHashes) headers["content-security-policy"] = pagePolicy(version.scriptHashes, formTargetsOf(pathname, options.env ?? {}));
      if (status === 200 && etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
      const path = encoding === "br" ? `${file}.br` : encoding === "gzip" ? `${file}.gz` : file;
      const length = (encoding === "br" ? version.br : encoding === "gzip" ? version.gz : version.size) ?? 0;
      headers["content-length"] = String(length);
      if (encoding) headers["content-encoding"] = encoding;
      if (c.req.method === "HEAD") return c.body(null, status, headers);
      if (length > KEPT_BODY_BYTES) return c.body(Readable.toWeb(createReadStream(path)) as ReadableStream, status, headers);
      const coding = encoding ?? "identity";
      const body = (version.bodies[coding] ??= (await readFile(path)) as Uint8Array<ArrayBuffer>);
      const response = c.body(body, status, headers);
      if (status === 200) servedFiles.set(c, { root, response, body, etag });
      return response;
    };
    /** An unknown page: its site's 404 page, with the status that tells crawlers and tools so. */
    const notFound = async (prefix: string) => {
      const page = (await fileAt(root, `${prefix}/error404`)) ?? (await fileAt(root, "/error404"));
      return page ? serve(page, `${prefix}/error404`, 404) : c.text("Not found", 404);
    };
    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return notFound("");
    }
    if (pathname.length > 1 && pathname.endsWith("/")) pathname = pathname.slice(0, -1);

    if (!(await fileAt(root, "/index.html"))) {
      // First start: the API is up and the pages are still being built from it.
      return c.html('<!doctype html><meta http-equiv="refresh" content="3"><title>…</title><p>…</p>', 503, { "retry-after": "3" });
    }

    let file = await fileAt(root, pathname);
    const { prefix, rest } = splitSitePrefix(pathname);
    if (!file) {
      const head = rest.split("/")[1] ?? "";
      if ((SHELL_ROUTES as readonly string[]).includes(head)) file = await fileAt(root, `${prefix}/${head}`);
    }
    // The raw (still encoded) path: a Location header takes no decoded non-ASCII text.
    const url = new URL(c.req.url);
    const countrySite = !file && !prefix ? countrySiteOf(url.pathname.replace(/(.)\/$/, "$1")) : undefined;
    if (countrySite) return c.redirect(countrySite + url.search, 302);
    if (!file) return notFound(prefix);
    return serve(file, pathname, 200);
  };
}
