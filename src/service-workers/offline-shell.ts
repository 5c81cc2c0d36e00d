/**
 * What both staff service workers share (built with Workbox into /door-sw.js and /driver-sw.js by the
 * "rodamos:service-workers" step of astro.config.mjs; nothing is fetched at run time). A worker keeps one screen
 * working with the network gone after one visit online:
 * - its pages: network first, the kept copy when offline;
 * - hashed build assets (/_astro/): never change, kept copy first;
 * - the few static files the screen uses (icons, its manifest, texts): network first;
 * - the page names what it loaded (`{ type: "CACHE_URLS", payload: { urlsToCache } }`, Workbox's own message),
 *   each is fetched through its route and kept, and the page is answered when all are.
 * Answers with people's data are never kept, except what a screen's `extraRoutes` name.
 */
import { clientsClaim } from "workbox-core";
import { Route, Router } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import type { WorkboxPlugin } from "workbox-core/types.js";

/** Answers with people's data, or that change per request: never kept (unless a screen names one). */
const NEVER = ["/api/", "/shop-api/", "/dev/", "/payments-sim/", "/uploads/"];
const STATIC = [/^\/favicon\./, /^\/(door|driver)-icon-/, /\.webmanifest$/, /^\/texts\//, /^\/brand\//, /^\/apple-touch-icon\.png$/];
const ok = () => new CacheableResponsePlugin({ statuses: [200] });

declare const self: ServiceWorkerGlobalScope;

export interface ShellOptions {
  /** The cache of the screen's page and files. */
  cacheName: string;
  /** Caches starting with this and not this screen's own are an older version's: deleted on activation. */
  oldCaches: string;
  /** The screen's own page, kept even when not opened by a navigation. */
  isPage: (url: URL) => boolean;
  /** Routes of the screen's own, registered before the shared ones. */
  extraRoutes?: (router: Router, route: typeof Route) => void;
}

export function offlineShell({ cacheName, oldCaches, isPage, extraRoutes }: ShellOptions): void {
  const sameOrigin = (url: URL) => url.origin === self.location.origin;
  const keepable = (url: URL) => sameOrigin(url) && !NEVER.some((prefix) => url.pathname.startsWith(prefix));
  // Kept by address alone: a page opened with a query string is the same screen.
  const byPath: WorkboxPlugin = {
    cacheKeyWillBeUsed: async ({ request }) => {
      const url = new URL(request.url);
      return url.origin + url.pathname;
    },
  };
  const router = new Router();
  extraRoutes?.(router, Route);
  router.registerRoute(
    new Route(({ url, request }) => keepable(url) && (request.mode === "navigate" || isPage(url)), new NetworkFirst({ cacheName, networkTimeoutSeconds: 6, plugins: [ok(), byPath] })),
  );
  router.registerRoute(new Route(({ url }) => sameOrigin(url) && url.pathname.startsWith("/_astro/"), new CacheFirst({ cacheName, plugins: [ok(), byPath] })));
  router.registerRoute(new Route(({ url }) => keepable(url) && STATIC.some((pattern) => pattern.test(url.pathname)), new NetworkFirst({ cacheName, plugins: [ok(), byPath] })));
  router.addFetchListener();
  router.addCacheListener();

  self.addEventListener("install", () => self.skipWaiting());
  clientsClaim();
  self.addEventListener("activate", (event) => {
    event.waitUntil(
      (async () => {
        for (const name of await caches.keys()) if (name.startsWith(oldCaches) && name !== cacheName && !name.startsWith(`${cacheName}-`)) await caches.delete(name);
      })(),
    );
  });
}
