/**
 * The van-door scanner's service worker (registered by src/islands/staff/scanner/door-worker.ts, scoped to the
 * scanner's own paths: /qr-verification and /staff/scanner under each site prefix; it controls no other page).
 * It keeps the page, its scripts and styles (the camera's decoder included, which the page loads ahead while
 * online) and the icons. It never keeps an API answer: the public ticket key and the lists of passengers the door
 * takes along live in the page's IndexedDB, which the staff member chose to download.
 */
import { offlineShell } from "./offline-shell";

offlineShell({
  cacheName: "rodamos-door-v1",
  oldCaches: "rodamos-door-",
  isPage: (url) => /\/(qr-verification|staff\/scanner)$/.test(url.pathname),
});
