/**
 * In production the shop's pages live on PUBLIC_URL's host only: a page asked for on any other host (the bare
 * IP, an old domain) is sent there with a 301, path and query kept, so the session (the browser's storage of
 * one origin) and every link stay on one origin. API calls are answered where they arrive: a redirect would
 * drop a POST's body and a health check may name the machine by address.
 */
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { publicOrigin } from "../origin";

const NOT_PAGES = ["/api/", "/shop-api/", "/payments-sim/", "/dev/"];

export function canonicalHost(env: Pick<Env, "PUBLIC_URL" | "HOST" | "PORT" | "NODE_ENV">): MiddlewareHandler {
  const canonical = env.NODE_ENV === "production" && env.PUBLIC_URL ? publicOrigin(env) : undefined;
  const canonicalHostName = canonical ? new URL(canonical).host : undefined;
  return async (c, next) => {
    if (!canonical || (c.req.method !== "GET" && c.req.method !== "HEAD")) return next();
    const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
    const url = new URL(c.req.url);
    const isPage = !NOT_PAGES.some((prefix) => url.pathname.startsWith(prefix) || `${url.pathname}/` === prefix);
    if (!isPage || host === canonicalHostName) return next();
    return c.redirect(`${canonical}${url.pathname}${url.search}`, 301);
  };
}
