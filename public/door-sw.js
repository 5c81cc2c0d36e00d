/*
 * The van-door scanner's service worker (registered by src/islands/staff/scanner/door-worker.ts, scoped to the
 * scanner's own paths: /qr-verification and /staff/scanner under each site prefix; it controls no other page).
 * It keeps what the scanner needs to open and scan with the network gone after one visit online: the page, its
 * scripts and styles (the camera's decoder included, which the page loads ahead while online) and the icons.
 * It never keeps an API answer: the public ticket key and the lists of passengers the door takes along live in
 * the page's IndexedDB, which the staff member chose to download. Pages: network first, the kept copy offline.
 * Hashed build assets (/_astro/) never change: kept copy first.
 */
const CACHE = "rodamos-door-v1";
/** Answers with people's data, or that change per request: never kept. */
const NEVER = ["/api/", "/shop-api/", "/dev/", "/payments-sim/", "/uploads/"];
/** Static files the scanner's page uses besides its build assets. */
const KEPT = [/^\/_astro\//, /^\/favicon\./, /^\/door-icon-/, /door\.webmanifest$/, /^\/texts\//, /^\/brand\//, /^\/apple-touch-icon\.png$/];

const keyOf = (url) => {
  const parsed = new URL(url, self.location.origin);
  return parsed.origin + parsed.pathname;
};
const keepable = (url) => url.origin === self.location.origin && !NEVER.some((prefix) => url.pathname.startsWith(prefix));

self.addEventListener("install", () => {
  self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith("rodamos-door-") && name !== CACHE) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

/** The page names what it loaded (its own address and its resources): each is fetched and kept. */
self.addEventListener("message", (event) => {
  if (!event.data || event.data.type !== "warm" || !Array.isArray(event.data.urls)) return;
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const raw of event.data.urls) {
        const url = new URL(raw, self.location.origin);
        if (!keepable(url)) continue;
        if (url.pathname.startsWith("/_astro/") && (await cache.match(keyOf(url)))) continue;
        try {
          const response = await fetch(url.pathname, { credentials: "same-origin" });
          if (response.ok) await cache.put(keyOf(url), response);
        } catch {
          // Offline now: kept at the next visit.
        }
      }
      const reply = event.ports && event.ports[0];
      if (reply) reply.postMessage({ type: "warmed" });
    })(),
  );
});

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(keyOf(request.url), response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(keyOf(request.url));
    if (kept) return kept;
    throw error;
  }
}

async function keptFirst(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(keyOf(request.url));
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(keyOf(request.url), response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (!keepable(url)) return;
  if (request.mode === "navigate") {
    event.respondWith(networkFirst(request));
    return;
  }
  if (url.pathname.startsWith("/_astro/")) event.respondWith(keptFirst(request));
  else if (KEPT.some((pattern) => pattern.test(url.pathname))) event.respondWith(networkFirst(request));
});
