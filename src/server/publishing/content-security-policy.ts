/**
 * The Content-Security-Policy of the shop's answers: a page may run its own scripts and, inline, only those whose
 * sha256 it names (no 'unsafe-inline' for scripts), post forms only to its own origin, the public origin and the
 * payment gateway, and be framed by no page; anything else (JSON, files) may do nothing if opened as a document.
 * The static pages server computes a page's policy once per built file; the security headers do it for generated pages.
 */
import { createHash } from "node:crypto";
import type { Env } from "../env";

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

/**
 * Origins outside the request's own a page's form may post to: the public origin and the Webpay gateway
 * (the browser posts token_ws to it). The payment simulators post back to whatever return URL the shop
 * gave them, as a real gateway does, so their pages name no list.
 */
export function formTargetsOf(pathname: string, env: Pick<Env, "PUBLIC_URL" | "WEBPAY_BASE_URL">): string[] | "any" {
  if (pathname.startsWith("/payments-sim/")) return "any";
  return [env.PUBLIC_URL, env.WEBPAY_BASE_URL].filter((url): url is string => Boolean(url)).map((url) => new URL(url).origin);
}
