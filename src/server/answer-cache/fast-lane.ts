/**
 * The fast lane of the answer cache: a public catalogue GET that was answered from the cache before is answered
 * again with the very headers the whole middleware stack put on it the first time, as long as the cache still
 * holds the same answer. It has two doors onto one set of shortcuts:
 * - `answerNode`, in front of Hono itself (the server's request listener, server.ts): no Request, Context or
 *   middleware chain is built; the kept bytes and headers are written straight onto Node's response. This is what
 *   a running shop's repeated reads take.
 * - `middleware`, the app's first middleware after the request log: the same shortcut for requests that reach the
 *   app without Node's listener (`app.request()` in tests), and where shortcuts are learnt.
 *
 * A shortcut is learnt from a request the whole stack answered from the cache, keyed on everything of the request
 * that stack reads to decide the answer and its headers: the path and query (route, parameters and `?locale=`),
 * X-Locale and Accept-Language (the language), Accept-Encoding (the coding: a client that did not ask for br or gzip
 * in those very words never gets a coded body from a shortcut learnt for another). Requests whose answer headers
 * depend on more (a proxy's X-Forwarded-Proto deciding HSTS, a body on a GET) always take the whole stack. Another
 * caller (a bearer token) gets the same answer: only answers that are the same for everyone are kept in the cache.
 *
 * Every answer keeps its X-Request-Id and its count in the metrics (http/request-log.ts `answerLog`). Its log line
 * too, up to LOGGED_PER_SECOND answers a second; beyond that one line a second says how many were answered without
 * their own: at a few thousand reads a second, a line each was a seventh of the shop's CPU (pino's serialising and
 * sizing of every line), and a cached public read has no side effect or error for its line to explain.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/context";
import { learnHeaders, needsWholeStack, pathStartOf, Shortcuts, type LearntHeaders } from "../http/fast-lane-shortcuts";
import { CALLER_ID, loggablePath, type AnswerLog } from "../http/request-log";
import type { ShopContext } from "../context";
import { matchesEtag, sentAnswerOf } from "./cached-read";
import type { CachedAnswer } from "./answer-cache";

interface Shortcut extends LearntHeaders {
  key: string;
  answer: CachedAnswer;
  body: Uint8Array | string;
  /** The headers as Node's writeHead takes them flat ([name, value, …]), with a last pair for the request id. */
  flat: string[];
  flatNotModified: string[];
  /** What the log line names as the route: the path, opaque segments masked. */
  logPath: string;
}

export interface AnswerFastLane {
  middleware: MiddlewareHandler<AppEnv>;
  /** Answers `req` from a shortcut and says true, or leaves it untouched and says false. */
  answerNode(req: IncomingMessage, res: ServerResponse): boolean;
  /**
   * From a stop on, `answerNode` answers nothing: every request then takes the whole stack, whose answers the stop
   * sees begin and end (http/drain.ts) and sends with `Connection: close`.
   */
  standAside(): void;
}

/**
 * What is sent: the coded copy's bytes, or the text itself (Node then writes the head and a text body in one
 * string, one write call, where bytes would go out as a vector of two).
 */
function bodyOf(answer: CachedAnswer, encoding: "br" | "gzip" | undefined): Uint8Array | string | undefined {
  return encoding ? answer.encoded.get(encoding) : answer.text;
}

function flatten(headers: Record<string, string>): string[] {
  const flat: string[] = [];
  for (const name in headers) flat.push(name, headers[name]!);
  flat.push("x-request-id", "");
  return flat;
}

/** Fast-lane answers logged one by one in each second; the rest are counted in one line. */
export const LOGGED_PER_SECOND = 50;

export function answerFastLane(deps: ShopContext, log: AnswerLog, prefix = "/api/"): AnswerFastLane {
  const shortcuts = new Shortcuts<Shortcut>();
  const httpsAlways = deps.env.PUBLIC_URL?.startsWith("https:") ?? false;
  let second = 0;
  let logged = 0;
  let unlogged = 0;
  const sayUnlogged = () => {
    if (unlogged > 0) log.notLogged(unlogged);
    unlogged = 0;
  };

  /** The shortcut for this signature while the cache still holds its answer (a stale one is forgotten). */
  const current = (signature: string): Shortcut | undefined => {
    const shortcut = shortcuts.get(signature);
    if (!shortcut) return undefined;
    if (deps.answers.get(shortcut.key, deps.now().getTime(), false) === shortcut.answer) return shortcut;
    shortcuts.delete(signature);
    return undefined;
  };

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const url = c.req.url;
    const pathStart = pathStartOf(url);
    if (!url.startsWith(prefix, pathStart) || needsWholeStack(c, httpsAlways)) return next();
    const header = (name: string) => c.req.header(name) ?? "";
    const signature = Shortcuts.signature([url.slice(pathStart), header("x-locale"), header("accept-language"), header("accept-encoding")]);
    if (signature === undefined) return next();

    const shortcut = current(signature);
    if (shortcut) {
      if (matchesEtag(c.req.header("if-none-match"), shortcut.answer.etag)) return new Response(null, { status: 304, headers: shortcut.notModified });
      return new Response(shortcut.body as BodyInit, { status: 200, headers: shortcut.headers });
    }

    await next();
    const sent = sentAnswerOf(c);
    // A later middleware (compress() for a coding the cache does not keep: deflate, `*`) may have re-encoded the body:
    // the headers would then describe bytes the shortcut does not hold.
    if (!sent || c.res.status !== 200 || (c.res.headers.get("content-encoding") ?? undefined) !== sent.encoding) return;
    const body = bodyOf(sent.answer, sent.encoding);
    const learnt = learnHeaders(c.res);
    if (!learnt || !body) return;
    const path = url.slice(pathStart, url.includes("?", pathStart) ? url.indexOf("?", pathStart) : undefined);
    shortcuts.set(signature, {
      key: sent.key,
      answer: sent.answer,
      body,
      ...learnt,
      flat: flatten(learnt.headers),
      flatNotModified: flatten(learnt.notModified),
      logPath: loggablePath(path),
    });
  };

  let aside = false;
  const answerNode = (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url;
    if (aside || req.method !== "GET" || url === undefined || !url.startsWith(prefix)) return false;
    const headers = req.headers;
    if (headers["content-length"] !== undefined || headers["transfer-encoding"] !== undefined) return false;
    if (!httpsAlways && headers["x-forwarded-proto"] !== undefined) return false;
    const signature = Shortcuts.signature([url, one(headers["x-locale"]), headers["accept-language"] ?? "", headers["accept-encoding"] ?? ""]);
    if (signature === undefined) return false;
    const shortcut = current(signature);
    if (!shortcut) return false;

    const started = performance.now();
    const given = one(headers["x-request-id"]);
    const id = given && CALLER_ID.test(given) ? given : randomUUID();
    const notModified = matchesEtag(headers["if-none-match"], shortcut.answer.etag);
    const flat = notModified ? shortcut.flatNotModified : shortcut.flat;
    // The request id is the one header that differs per answer: the kept list is reused with it filled in.
    flat[flat.length - 1] = id;
    res.writeHead(notModified ? 304 : 200, flat);
    res.end(notModified ? undefined : shortcut.body);
    const ended = performance.now();
    const now = Math.floor(ended / 1000);
    if (now !== second) {
      sayUnlogged();
      second = now;
      logged = 0;
    }
    const line = logged < LOGGED_PER_SECOND;
    if (line) logged += 1;
    // The first unlogged answer of a stretch: its count is written within a second even if no answer follows.
    else if ((unlogged += 1) === 1) setTimeout(sayUnlogged, 1000).unref();
    log.answered(id, "GET", shortcut.logPath, notModified ? 304 : 200, ended - started, line);
    return true;
  };

  return {
    middleware,
    answerNode,
    standAside: () => {
      aside = true;
    },
  };
}

/** A header Node may have joined from several lines (or, for unknown names, kept as given). */
function one(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(", ") : (value ?? "");
}
