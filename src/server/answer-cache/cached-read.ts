/**
 * The HTTP side of the answer cache (answer-cache.ts), a middleware on each cacheable public catalogue GET: the
 * answer is keyed on the route, what the route reads of the request (parsed path and query, never the raw URL, so
 * an unknown parameter cannot bust the cache) and the answer language; a hit is sent as the stored bytes with its
 * strong ETag, 304 when `If-None-Match` names it, and brotli or gzip copies made once per answer. A miss runs the
 * route; the route shares its answer with `shareAnswer(c, facts)` when it is the same for everyone asking this
 * key (it is not, for a login-only event's offer to its guests), saying what it was read from.
 */
import { brotliCompressSync, constants as zlib, gzipSync } from "node:zlib";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context";
import { etagOf, type AnswerCache, type AnswerFacts, type CachedAnswer } from "./answer-cache";

export interface CachedReadOptions {
  /** The route's name in the key. */
  route: string;
  /**
   * What the answer depends on in the request beyond its language (parsed, canonical); a throw means the request
   * is refused by the route itself, which then runs uncached.
   */
  key?: (c: Context<AppEnv>) => string;
  /** `Cache-Control` of a shared answer. */
  cacheControl: string;
}

/** Catalogue answers: a CDN or browser reuses them for 10 s and may serve them for a minute more while it asks again. */
export const CATALOGUE_CACHE_CONTROL = "public, max-age=10, stale-while-revalidate=60";
/** Answers with live stock: at most a second old anywhere. */
export const STOCK_CACHE_CONTROL = "public, max-age=1";

const VARY = "Accept-Language, X-Locale, Accept-Encoding";
/** Smaller answers are sent as they are (as the compress middleware does). */
const COMPRESS_FROM = 1024;

const shared = new WeakMap<Context, AnswerFacts>();
/** Requests answered from the cache, and with what: the fast lane (fast-lane.ts) learns its shortcuts from them. */
const sentFromCache = new WeakMap<Context, SentAnswer>();

export interface SentAnswer {
  key: string;
  answer: CachedAnswer;
  /** The coding sent ("br", "gzip"), or undefined for the text itself. */
  encoding: "br" | "gzip" | undefined;
}

export function sentAnswerOf(c: Context): SentAnswer | undefined {
  return sentFromCache.get(c);
}

/** The route's answer is the same for everyone asking this key; `facts` says what it was read from. */
export function shareAnswer(c: Context, facts: AnswerFacts): void {
  shared.set(c, facts);
}

export function cachedRead(options: CachedReadOptions): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    const cache = deps.answers;
    let key: string;
    try {
      key = `${options.route}|${options.key?.(c) ?? ""}|${c.get("locale")}`;
    } catch {
      return next();
    }
    const hit = cache.get(key, deps.now().getTime());
    if (hit) return send(c, cache, key, hit);
    let ranHere = false;
    const flight = cache.once(key, async () => {
      ranHere = true;
      const token = cache.begin();
      const computedAt = deps.now().getTime();
      await next();
      const facts = shared.get(c);
      if (!facts || c.res.status !== 200) return undefined;
      const body = new Uint8Array(await c.res.arrayBuffer());
      const fresh: CachedAnswer = {
        status: 200,
        text: new TextDecoder().decode(body),
        byteLength: body.byteLength,
        contentType: c.res.headers.get("content-type") ?? "application/json",
        etag: etagOf(body),
        cacheControl: options.cacheControl,
        until: facts.until ? facts.until.getTime() : Number.POSITIVE_INFINITY,
        computedAt,
        encoded: new Map(),
      };
      // Its own caller gets it either way; callers who waited for it only when it is current (stored).
      const stored = cache.put(key, fresh, facts, token);
      c.res = send(c, cache, key, fresh);
      return stored ? fresh : undefined;
    });
    // A caller who waited for another's computation runs the route itself when that one had nothing to share.
    const answer = await flight.catch((error: unknown) => {
      if (ranHere) throw error;
      return undefined;
    });
    if (ranHere) return;
    if (answer) return send(c, cache, key, answer);
    await next();
  };
}

function send(c: Context<AppEnv>, cache: AnswerCache, key: string, answer: CachedAnswer): Response {
  const headers: Record<string, string> = { etag: answer.etag, "cache-control": answer.cacheControl, vary: VARY };
  if (matchesEtag(c.req.header("if-none-match"), answer.etag)) return c.body(null, 304, headers);
  headers["content-type"] = answer.contentType;
  const encoding = answer.byteLength >= COMPRESS_FROM ? pickEncoding(c.req.header("accept-encoding")) : undefined;
  sentFromCache.set(c, { key, answer, encoding });
  if (!encoding) {
    headers["content-length"] = String(answer.byteLength);
    return c.body(answer.text, 200, headers);
  }
  let copy = answer.encoded.get(encoding);
  if (!copy) {
    const bytes = Buffer.from(answer.text, "utf8");
    copy = encoding === "br" ? brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(bytes, { level: 6 });
    cache.addEncoded(key, answer, encoding, copy);
  }
  headers["content-encoding"] = encoding;
  headers["content-length"] = String(copy.byteLength);
  // Each coding is its own representation, with its own strong validator.
  headers.etag = `${answer.etag.slice(0, -1)}.${encoding}"`;
  return c.body(copy as Uint8Array<ArrayBuffer>, 200, headers);
}

/** `If-None-Match` names this answer, in any of its codings (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const own = etag.slice(1, -1);
  for (const part of header.split(",")) {
    const tag = part.trim().replace(/^W\//, "").slice(1, -1);
    if (tag === own || tag === `${own}.br` || tag === `${own}.gzip`) return true;
  }
  return false;
}

export function pickEncoding(header: string | undefined): "br" | "gzip" | undefined {
  if (!header) return undefined;
  let gzip = false;
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    if (params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) continue;
    if (name === "br") return "br";
    if (name === "gzip") gzip = true;
  }
  return gzip ? "gzip" : undefined;
}

/**
 * A key of the path parameters and query parameters a route reads, as they came (the route parses them on a miss):
 * any other parameter is left out, so it cannot multiply the answers kept.
 */
export function requestKey(names: { params?: readonly string[]; query?: readonly string[] }): (c: Context<AppEnv>) => string {
  return (c) =>
    JSON.stringify([...(names.params ?? []).map((name) => c.req.param(name) ?? null), ...(names.query ?? []).map((name) => c.req.query(name) ?? null)]);
}
