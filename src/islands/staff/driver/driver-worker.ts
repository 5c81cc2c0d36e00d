/**
 * Makes the driver's phone an installable web app that opens with the network gone after one visit online: links
 * its own manifest (/driver.webmanifest under the site prefix: the staff area is one page, so the link is added
 * only when the driver's screen is shown) and registers its service worker (/driver-sw.js) scoped to
 * /staff/driver, which keeps the page, its files and the last list of runs.
 */
import { $token } from "../../../stores/session";
import { installOfflineWorker } from "../offline-worker";

export const DRIVER_RUNS_CACHE = "rodamos-driver-v1-runs";

/** Resolves once the worker kept the page's files (the page then loads its runs again through it, to keep them). */
export async function installDriverApp(prefix: string): Promise<void> {
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement("link");
    link.rel = "manifest";
    link.href = `${prefix}/driver.webmanifest`;
    document.head.append(link);
  }
  // Signing out on this phone drops the kept runs: the next driver signing in does not see them offline.
  $token.listen((token) => {
    if (token === null && "caches" in window) void caches.delete(DRIVER_RUNS_CACHE);
  });
  await installOfflineWorker("/driver-sw.js", `${prefix}/staff/driver`).catch(() => undefined);
}
