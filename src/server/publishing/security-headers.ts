/**
 * The security headers every answer carries, page or API (docs/decisions.md, "Security headers"):
 * a Content-Security-Policy whose scripts are 'self' plus the sha256 of each inline script the page
 * holds (no 'unsafe-inline' for scripts; content-security-policy.ts), no framing by any page, nosniff, a referrer policy, a
 * Permissions-Policy that lets only the staff scanner pages use the camera and only the driver's phone the position, and HSTS when the shop is
 * reached over https. A header a route already set (the payment simulators' own referrer policy) is kept.
 */
import type { Context, MiddlewareHandler } from "hono";
import { peerIsTrustedProxy } from "../auth/bearer";
import type { Env } from "../env";
import { API_POLICY, formTargetsOf, inlineScriptHashes, pagePolicy } from "./content-security-policy";
import { splitSitePrefix } from "./site-prefix";

/** The van-door scanner's service worker script (built from src/service-workers/door-sw.ts). */
export const SERVICE_WORKER_PATH = "/door-sw.js";
/** The staff screens' service worker scripts: the door's and the driver's phone's. */
export const SERVICE_WORKER_PATHS: readonly string[] = [SERVICE_WORKER_PATH, "/driver-sw.js"];

/**
 * A service worker runs under the policy of its own script's answer: it fetches and keeps the scanner's page and
 * files from the shop itself, and nothing else (API_POLICY would block every fetch it makes).
 */
export const SERVICE_WORKER_POLICY = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'";

/** The staff QR scanner pages, the only ones that may open the camera. */
export function mayUseCamera(pathname: string): boolean {
  const { rest } = splitSitePrefix(pathname);
  return /^\/(qr-verification|staff)(\/|$)/.test(rest);
}

/** The driver's phone, the only page that may read the device's position (it shares the van's while a run is under way). */
export function mayUseGeolocation(pathname: string): boolean {
  const { rest } = splitSitePrefix(pathname);
  return /^\/staff\/driver(\/|$)/.test(rest);
}

export function permissionsPolicy(pathname: string): string {
  return `camera=${mayUseCamera(pathname) ? "(self)" : "()"}, microphone=(), geolocation=${mayUseGeolocation(pathname) ? "(self)" : "()"}, payment=(), usb=()`;
}

function servedOverHttps(c: Context, env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY">): boolean {
  if (env.PUBLIC_URL?.startsWith("https:")) return true;
  return c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https" && peerIsTrustedProxy(c, env.TRUST_PROXY);
}

export const HSTS = "max-age=31536000; includeSubDomains";

export function securityHeaders(env: Pick<Env, "PUBLIC_URL" | "TRUST_PROXY" | "WEBPAY_BASE_URL">): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const pathname = new URL(c.req.url).pathname;
    if (!c.res.headers.has("content-security-policy")) {
      const isHtml = c.res.headers.get("content-type")?.startsWith("text/html") ?? false;
      if (isHtml && c.res.body) {
        // Generated pages (payment simulators, the API reference, the "pages are being built" page) are small: hash
        // their scripts here. The page is read whole and answered as a new response carrying every header: headers
        // set on a response whose body was read (or cloned) are lost by the node server's fast path.
        const page = c.res;
        const html = await page.text();
        const headers = new Headers(page.headers);
        headers.set("content-security-policy", pagePolicy(inlineScriptHashes(html), formTargetsOf(pathname, env)));
        c.res = undefined;
        c.res = new Response(html, { status: page.status, statusText: page.statusText, headers });
      } else {
        c.res.headers.set("content-security-policy", SERVICE_WORKER_PATHS.includes(pathname) ? SERVICE_WORKER_POLICY : API_POLICY);
      }
    }
    const headers = c.res.headers;
    if (!headers.has("x-content-type-options")) headers.set("x-content-type-options", "nosniff");
    if (!headers.has("referrer-policy")) headers.set("referrer-policy", "strict-origin-when-cross-origin");
    if (!headers.has("permissions-policy")) headers.set("permissions-policy", permissionsPolicy(pathname));
    if (servedOverHttps(c, env)) headers.set("strict-transport-security", HSTS);
  };
}
