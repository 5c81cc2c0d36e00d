/**
 * The fast lane of the answer cache, the app's first middleware: a public catalogue GET that was answered from the
 * cache before is answered again without the rest of the middleware stack, with the very headers that stack put
 * on it the first time, as long as the cache still holds the same answer.
 *
 * A shortcut is learnt from a request the whole stack answered from the cache, keyed on everything of the request
 * that stack reads to decide the answer and its headers: the path and query (route, parameters and `?locale=`),
 * X-Locale and Accept-Language (the language), Accept-Encoding (the coding). Requests whose answer headers depend
 * on more (a proxy's X-Forwarded-Proto deciding HSTS, a body on a GET) always take the whole stack. Another caller
 * (a bearer token) gets the same answer: only answers that are the same for everyone are kept in the cache.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context";
import type { ShopContext } from "../context";
import { matchesEtag, sentAnswerOf } from "./cached-read";
import type { CachedAnswer } from "./answer-cache";

interface Shortcut {
  key: string;
  answer: CachedAnswer;
  encoding: "br" | "gzip" | undefined;
  /** The final headers of the 200 answer, and of a 304 (the same less the body's). */
  headers: Record<string, string>;
  notModified: Record<string, string>;
}

/** Shortcuts kept (least recently used dropped first); each is a few hundred bytes besides the answer it names. */
const MAX_SHORTCUTS = 8192;
/** Requests with longer language or coding headers take the whole stack, so no header can grow the map much. */
const MAX_SIGNATURE = 1024;
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

export function answerFastLane(deps: ShopContext, prefix = "/api/"): MiddlewareHandler<AppEnv> {
  const shortcuts = new Map<string, Shortcut>();
  const httpsAlways = deps.env.PUBLIC_URL?.startsWith("https:") ?? false;

  return async (c, next) => {
    if (c.req.method !== "GET") return next();
    const url = c.req.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    if (!url.startsWith(prefix, pathStart)) return next();
    const header = (name: string) => c.req.header(name);
    if (header("content-length") !== undefined || header("transfer-encoding") !== undefined) return next();
    if (!httpsAlways && header("x-forwarded-proto") !== undefined) return next();
    const signature = `${url.slice(pathStart)}\n${header("x-locale") ?? ""}\n${header("accept-language") ?? ""}\n${header("accept-encoding") ?? ""}`;
    if (signature.length > MAX_SIGNATURE) return next();

    const shortcut = shortcuts.get(signature);
    if (shortcut) {
      if (deps.answers.get(shortcut.key, deps.now().getTime(), false) === shortcut.answer) {
        shortcuts.delete(signature);
        shortcuts.set(signature, shortcut);
        if (matchesEtag(header("if-none-match"), shortcut.answer.etag)) return new Response(null, { status: 304, headers: shortcut.notModified });
        const body = shortcut.encoding ? shortcut.answer.encoded.get(shortcut.encoding) : shortcut.answer.text;
        if (body !== undefined) return new Response(body as BodyInit, { status: 200, headers: shortcut.headers });
      }
      shortcuts.delete(signature);
    }

    await next();
    const sent = sentAnswerOf(c);
    if (!sent || c.res.status !== 200) return;
    const headers: Record<string, string> = {};
    const notModified: Record<string, string> = {};
    for (const [name, value] of c.res.headers) {
      // Set-Cookie would be one caller's; nothing on these routes sets one, and a shortcut must not carry it.
      if (name === "set-cookie") return;
      headers[name] = value;
      if (!BODY_HEADERS.has(name)) notModified[name] = value;
    }
    shortcuts.set(signature, { key: sent.key, answer: sent.answer, encoding: sent.encoding, headers, notModified });
    if (shortcuts.size > MAX_SHORTCUTS) shortcuts.delete(shortcuts.keys().next().value!);
  };
}
