/**
 * What the two fast lanes (catalogue answers: answer-cache/fast-lane.ts; built pages: publishing/page-fast-lane.ts) share:
 * a shortcut is learnt from a request the whole middleware stack answered, keyed on everything of the request that
 * stack read to decide the answer and its headers, and replays the final headers it sent (security headers
 * included) without running the stack again.
 */
import type { Context } from "hono";
import { LruMap } from "./lru-map";

/** Shortcuts kept per lane (least recently used dropped first); each is a few hundred bytes besides its body. */
const MAX_SHORTCUTS = 8192;
/** Requests with longer keying headers take the whole stack, so no header can grow a map much. */
const MAX_SIGNATURE = 1024;
const BODY_HEADERS = new Set(["content-type", "content-length", "content-encoding"]);

export interface LearntHeaders {
  /** The final headers of the 200 answer. */
  headers: Record<string, string>;
  /** The same less the body's, for a 304. */
  notModified: Record<string, string>;
}

/** The final headers of an answer, unless it set a cookie (that would be one caller's). */
export function learnHeaders(response: Response): LearntHeaders | undefined {
  const headers: Record<string, string> = {};
  const notModified: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (name === "set-cookie") return undefined;
    headers[name] = value;
    if (!BODY_HEADERS.has(name)) notModified[name] = value;
  }
  return { headers, notModified };
}

/** Where the path starts in a request URL (after the origin). */
export function pathStartOf(url: string): number {
  return url.indexOf("/", url.indexOf("//") + 2);
}

/**
 * Whether the whole stack may decide differently for this request than for another with the same signature: a GET
 * with a body, or one through a proxy whose X-Forwarded-Proto decides HSTS (unless the shop is always https).
 */
export function needsWholeStack(c: Context, httpsAlways: boolean): boolean {
  if (c.req.method !== "GET") return true;
  if (c.req.header("content-length") !== undefined || c.req.header("transfer-encoding") !== undefined) return true;
  return !httpsAlways && c.req.header("x-forwarded-proto") !== undefined;
}

/** A bounded map of shortcuts by request signature, least recently used dropped first (a hit moves no Map entry: lru-map.ts). */
export class Shortcuts<T> {
  readonly #entries = new LruMap<T>();

  /** Undefined for a signature too long to keep. */
  static signature(parts: readonly string[]): string | undefined {
    const signature = parts.join("\n");
    return signature.length > MAX_SIGNATURE ? undefined : signature;
  }

  get(signature: string): T | undefined {
    return this.#entries.get(signature);
  }

  set(signature: string, entry: T): void {
    this.#entries.set(signature, entry);
    if (this.#entries.size > MAX_SHORTCUTS) this.#entries.delete(this.#entries.oldestKey()!);
  }

  delete(signature: string): void {
    this.#entries.delete(signature);
  }
}
