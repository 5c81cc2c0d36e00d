/**
 * The security headers every answer carries, page or API (docs/decisions.md, "Security headers"):
 * a Content-Security-Policy whose scripts are 'self' plus the sha256 of each inline script the page
 * holds (no 'unsafe-inline' for scripts), no framing by any site, nosniff, a referrer policy, a
 * Permissions-Policy that lets only the staff scanner pages use the camera, and HSTS when the shop is
 * reached over https. A header a route already set (the payment simulators' own referrer policy) is kept.
 */
import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { peerIsTrustedProxy } from "../auth/bearer";
import type { Env } from "../env";
import { splitPrefix } from "./static-site";

/** `<script …>body</script>` with a src-less opening tag: the scripts a CSP hash must cover. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** The CSP source expressions ('sha256-…') of every inline script of a page, deduplicated. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", body = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy of an HTML page: its own scripts only (by hash when inline), nothing framing it. */
export function pagePolicy(scriptHashes: readonly string[], formTargets: readonly string[] | "any" = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(" ")}`.trim(),
    // React style props and Astro's scoped styles are inline; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    ...(formTargets === "any" ? [] : [`form-action 'self' ${formTargets.join(" ")}`.trim()]),
    "frame-ancestors 'none'",
  ].join("; ");
}

/** What a JSON answer (or any non-page) may do if opened as a document: nothing. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The staff QR scanner pages, the only ones that may open the camera. */
export function mayUseCamera(pathname: string): boolean {
  const { rest } = splitPrefix(pathname);
  return /^\/(qr-verification|staff)(\/|$)/.test(rest);
}

export function permissionsPolicy(pathname: string): string {
  return `camera=${mayUseCamera(pathname) ? "(self)" : "()"}, microphone=(), geolocation=(), payment=(), usb=()`;
}

/**
 * Origins outside the request's own a page's form may post to: the public origin and the Webpay gateway
 * (the browser posts token_ws to it). The payment simulators post back to whatever return URL the shop
 * gave them, as a real gateway does, so their pages name no list.
 */
export function formTargetsOf(pathname: string, env: Pick<Env, "PUBLIC_URL" | "WEBPAY_BASE_URL">): string[] | "any" {
  if (pathname.startsWith("/payments-sim/")) return "any";
  return [env.PUBLIC_URL, env.WEBPAY_BASE_URL].filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin);
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
        // Generated pages (payment simulators, the API reference, the "site is being built" page) are small: hash
        // their scripts here. The page is read whole and answered as a new response carrying every header: headers
        // set on a response whose body was read (or cloned) are lost by the node server's fast path.
        const page = c.res;
        const html = await page.text();
        const headers = new Headers(page.headers);
        headers.set("content-security-policy", pagePolicy(inlineScriptHashes(html), formTargetsOf(pathname, env)));
        c.res = undefined;
        c.res = new Response(html, { status: page.status, statusText: page.statusText, headers });
      } else {
        c.res.headers.set("content-security-policy", API_POLICY);
      }
    }
    const headers = c.res.headers;
    if (!headers.has("x-content-type-options")) headers.set("x-content-type-options", "nosniff");
    if (!headers.has("referrer-policy")) headers.set("referrer-policy", "strict-origin-when-cross-origin");
    if (!headers.has("permissions-policy")) headers.set("permissions-policy", permissionsPolicy(pathname));
    if (servedOverHttps(c, env)) headers.set("strict-transport-security", HSTS);
  };
}
