/**
 * The fast lane of the built pages, the app's first middleware with the catalogue's: a page or asset the whole stack
 * served before from a published build (DIST_DIR a link to an unchangeable build folder, builds.ts) is served
 * again from memory with the very headers that stack gave it, as long as DIST_DIR still points at that build.
 *
 * A shortcut is keyed on what the stack reads to decide a 200 file answer and its headers: the path (a page's answer
 * does not depend on its query), Host (the canonical-host redirect) and Accept-Encoding (the coding). A file in a
 * plain DIST_DIR folder may change in place, so it is never learnt; neither is a big file streamed from disk.
 */
import { realpath } from "node:fs/promises";
import { resolve } from "node:path";
import type { MiddlewareHandler } from "hono";
import type { Env } from "../env";
import { learnHeaders, needsWholeStack, pathStartOf, Shortcuts, type LearntHeaders } from "../http/fast-lane-shortcuts";
import { isApiPath, etagMatches, servedFileOf } from "./static-pages";

interface Shortcut extends LearntHeaders {
  root: string;
  body: Uint8Array;
  etag: string;
}

export function pageFastLane(distDir: string, env: Pick<Env, "PUBLIC_URL">): MiddlewareHandler {
  const link = resolve(distDir);
  const shortcuts = new Shortcuts<Shortcut>();
  const httpsAlways = env.PUBLIC_URL?.startsWith("https:") ?? false;

  return async (c, next) => {
    const url = c.req.url;
    const pathStart = pathStartOf(url);
    const queryStart = url.indexOf("?", pathStart);
    const path = url.slice(pathStart, queryStart < 0 ? undefined : queryStart);
    if (isApiPath(path) || needsWholeStack(c, httpsAlways)) return next();
    const signature = Shortcuts.signature([path, c.req.header("host") ?? "", c.req.header("accept-encoding") ?? ""]);
    if (signature === undefined) return next();

    const shortcut = shortcuts.get(signature);
    if (shortcut) {
      // A publication renames a new link over DIST_DIR: the shortcut holds while the link names its build.
      if ((await realpath(link).catch(() => link)) === shortcut.root) {
        if (etagMatches(c.req.header("if-none-match"), shortcut.etag)) return new Response(null, { status: 304, headers: shortcut.notModified });
        return new Response(shortcut.body as Uint8Array<ArrayBuffer>, { status: 200, headers: shortcut.headers });
      }
      shortcuts.delete(signature);
    }

    await next();
    const served = servedFileOf(c);
    if (!served || served.root === link || c.res !== served.response || c.res.status !== 200) return;
    const learnt = learnHeaders(c.res);
    if (learnt) shortcuts.set(signature, { root: served.root, body: served.body, etag: served.etag, ...learnt });
  };
}
