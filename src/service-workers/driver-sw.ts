/**
 * The driver's phone's service worker (registered by src/islands/staff/driver/driver-worker.ts, scoped to
 * /staff/driver under the site prefix). It keeps the page, its scripts, styles and icons, and the driver's runs
 * with their passengers (GET /shop-api/driver/runs: network first, the last answer when offline), so reloading
 * with the network gone still shows the run. Check-ins and positions made offline wait in the page's IndexedDB,
 * never here. Signing out drops the kept runs (the page deletes the "-runs" cache).
 */
import { NetworkFirst } from "workbox-strategies";
import { CacheableResponsePlugin } from "workbox-cacheable-response";
import { offlineShell } from "./offline-shell";

declare const self: ServiceWorkerGlobalScope;

const CACHE = "rodamos-driver-v1";

offlineShell({
  cacheName: CACHE,
  oldCaches: "rodamos-driver-",
  isPage: (url) => /\/staff\/driver$/.test(url.pathname),
  extraRoutes: (router, Route) =>
    router.registerRoute(
      new Route(
        ({ url, request }) => url.origin === self.location.origin && url.pathname === "/shop-api/driver/runs" && request.method === "GET",
        new NetworkFirst({ cacheName: `${CACHE}-runs`, networkTimeoutSeconds: 8, plugins: [new CacheableResponsePlugin({ statuses: [200] })] }),
      ),
    ),
});
