/**
 * One JSON line per request (pino): a request id (the caller's X-Request-Id when it is a plain token, else a new
 * one; sent back as X-Request-Id and written into the outbox jobs the request causes), method, route pattern,
 * status and duration. Never a query string, a body or a header's value: emails, phones, tokens and payment
 * secrets travel there. Paths are logged as their route pattern (`/shop-api/order-detail/:id`); a request no
 * route answered (the fast lanes, the built pages) logs its path with every long opaque segment (a mailed token in
 * `/recovery-account/{token}`) masked. Errors are logged with their stack and the request id.
 */
import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import pino, { type DestinationStream, type Logger } from "pino";
import type { Env } from "../env";
import type { ShopMetrics } from "./metrics";
import { currentRequestId, runAsRequest } from "../request-context";

export type { Logger };

const LOG_BUFFER_BYTES = 64 * 1024;
const LOG_FLUSH_MS = 1000;

/** The logger of a shop process: JSON lines on stdout; silent in tests unless LOG_LEVEL says otherwise. */
export function createLogger(env: Pick<Env, "NODE_ENV"> & { LOG_LEVEL?: string }, destination?: DestinationStream): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === "test" && !destination ? "silent" : "info");
  const options = { level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime };
  // Buffered (64 kB) and written off the request's path: a line per request must stay cheap on the fast lanes (with
  // 4 kB batches the writes to stdout took a sixth of a read-loaded shop's CPU). What is buffered is written at
  // least every second, so a quiet shop's lines do not wait for the buffer to fill; pino flushes the rest when the
  // process exits.
  if (destination) return pino(options, destination);
  if (level === "silent") return pino(options);
  return pino(options, pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES, maxWrite: 2 * LOG_BUFFER_BYTES, periodicFlush: LOG_FLUSH_MS }));
}

/** The request id is held by request-context.ts (read there by services and the outbox, which know no HTTP). */
export { currentRequestId };

export const CALLER_ID = /^[A-Za-z0-9._-]{8,64}$/;
const OPAQUE_SEGMENT = /\/[A-Za-z0-9_-]{20,}(?=\/|$)/g;

/** The path as it may be logged: long opaque segments (tokens, signatures) masked. */
export function loggablePath(path: string): string {
  return path.replace(OPAQUE_SEGMENT, "/:token");
}

/** Logs and counts the answers given outside the middleware stack (the catalogue's fast lane in front of Hono). */
export interface AnswerLog {
  /** Counts one answer in the metrics, as `requestLog` does, and writes its log line unless `line` is false. */
  answered(id: string, method: string, path: string, status: number, ms: number, line: boolean): void;
  /** One line for `count` answers whose own lines were left out since the last such line. */
  notLogged(count: number): void;
}

/**
 * The log line and the count of an answer no route gave, the same as `requestLog` writes: what the fast lane calls
 * for each answer it gives in front of the stack.
 */
export function answerLog(logger: Logger, metrics?: ShopMetrics): AnswerLog {
  // The fast lanes answer GETs under two route labels: their metric keys are made once, not per answer.
  const cachedApi = metrics?.recorder("GET", "/api (cached)");
  const site = metrics?.recorder("GET", "(site)");
  return {
    answered(id, method, path, status, ms, line) {
      if (line) logger.info({ reqId: id, method, route: path, status, ms: Math.round(ms * 10) / 10 }, "request");
      const api = path.startsWith("/api/");
      if (method === "GET") (api ? cachedApi : site)?.(status, ms / 1000);
      else metrics?.observe(method, api ? "/api (cached)" : "(site)", status, ms / 1000);
    },
    notLogged(count) {
      logger.info({ route: "/api (cached)", count }, "cached answers not logged one by one");
    },
  };
}

export function requestLog(logger: Logger, metrics?: ShopMetrics): MiddlewareHandler {
  return async (c, next) => {
    const given = c.req.header("x-request-id");
    const id = given && CALLER_ID.test(given) ? given : randomUUID();
    const started = performance.now();
    await runAsRequest(id, next);
    const ms = performance.now() - started;
    const route = routePath(c);
    const routed = route !== "" && route !== "*" && route !== "/*";
    const pattern = routed ? route : loggablePath(c.req.path);
    c.res.headers.set("x-request-id", id);
    logger.info({ reqId: id, method: c.req.method, route: pattern, status: c.res.status, ms: Math.round(ms * 10) / 10 }, "request");
    // Metrics keep few labels: answers no route gave (the fast lanes, pages, files) count under one name each.
    metrics?.observe(c.req.method, routed ? route : c.req.path.startsWith("/api/") ? "/api (cached)" : "(site)", c.res.status, ms / 1000);
  };
}
