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
import { learnHeaders, needsWholeStack, pathStartOf, Shortcuts, type LearntHeaders } from "../http/shortcuts";
import type { ShopContext } from "../context";
import { matchesEtag, sentAnswerOf } from "./cached-read";
import type { CachedAnswer } from "./answer-cache";

interface Shortcut extends LearntHeaders {
  key: string;
  answer: CachedAnswer;
  encoding: "br" | "gzip" | undefined;
}

export function answerFastLane(deps: ShopContext, prefix = "/api/"): MiddlewareHandler<AppEnv> {
  const shortcuts = new Shortcuts<Shortcut>();
  const httpsAlways = deps.env.PUBLIC_URL?.startsWith("https:") ?? false;

  return async (c, next) => {
    const url = c.req.url;
    const pathStart = pathStartOf(url);
    if (!url.startsWith(prefix, pathStart) || needsWholeStack(c, httpsAlways)) return next();
    const header = (name: string) => c.req.header(name) ?? "";
    const signature = Shortcuts.signature([url.slice(pathStart), header("x-locale"), header("accept-language"), header("accept-encoding")]);
    if (signature === undefined) return next();

    const shortcut = shortcuts.get(signature);
    if (shortcut) {
      if (deps.answers.get(shortcut.key, deps.now().getTime(), false) === shortcut.answer) {
        if (matchesEtag(c.req.header("if-none-match"), shortcut.answer.etag)) return new Response(null, { status: 304, headers: shortcut.notModified });
        const body = shortcut.encoding ? shortcut.answer.encoded.get(shortcut.encoding) : shortcut.answer.text;
        if (body !== undefined) return new Response(body as BodyInit, { status: 200, headers: shortcut.headers });
      }
      shortcuts.delete(signature);
    }

    await next();
    const sent = sentAnswerOf(c);
    // A later middleware (compress() for a coding the cache does not keep: deflate, `*`) may have re-encoded the body:
    // the headers would then describe bytes the shortcut does not hold.
    if (!sent || c.res.status !== 200 || (c.res.headers.get("content-encoding") ?? undefined) !== sent.encoding) return;
    const learnt = learnHeaders(c.res);
    if (learnt) shortcuts.set(signature, { key: sent.key, answer: sent.answer, encoding: sent.encoding, ...learnt });
  };
}
