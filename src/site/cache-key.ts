/**
 * Keys for Astro's incremental build (`experimental.incrementalBuild`): a page whose key and code are the same as
 * in the last build is copied from the build cache instead of rendered again. A page's key must therefore change
 * whenever anything it prints changes: the catalogue answers it renders, and the day (the footer prints the year,
 * lists drop events whose dates passed). A page without a key is always rendered.
 */
import { createHash } from "node:crypto";

/** Bumped when what a page prints comes to depend on something the keys below do not cover. */
const KEY_VERSION = 1;

/** The build's local day: pages rendered yesterday are rendered again. */
function today(): string {
  const now = new Date();
  return `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}`;
}

/** The key of a page that prints `data` (API answers) and nothing else that changes without a code change. */
export function cacheKeyOf(...data: unknown[]): string {
  return createHash("sha256")
    .update(JSON.stringify([KEY_VERSION, today(), ...data]))
    .digest("base64url");
}
