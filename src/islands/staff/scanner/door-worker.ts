/**
 * Makes the scanner work with the network gone after one visit online: registers its service worker
 * (/door-sw.js, built from src/service-workers/door-sw.ts) scoped to the scanner's own path under the site prefix
 * (/qr-verification or /staff/scanner, so no other page is controlled), loads the camera's decoder ahead while
 * online, and hands the worker every file the page loaded to keep. API answers are never handed over: the lists
 * live in IndexedDB.
 */
import { installOfflineWorker } from "../offline-worker";

export function installDoorWorker(prefix: string): void {
  const scope = window.location.pathname.includes("/qr-verification") ? `${prefix}/qr-verification` : `${prefix}/staff/scanner`;
  // The camera library, fetched now so that the camera works offline as online.
  installOfflineWorker("/door-sw.js", scope, () => import("html5-qrcode")).catch(() => undefined);
}
