/**
 * Makes the scanner work with the network gone after one visit online: registers its service worker
 * (public/door-sw.js) scoped to the scanner's own path under the site prefix (/qr-verification or
 * /staff/scanner, so no other page is controlled), loads the camera's decoder ahead while online, and hands the
 * worker every file the page loaded to keep. API answers are never handed over: the lists live in IndexedDB.
 */
const WORKER = "/door-sw.js";
const NEVER = ["/api/", "/shop-api/", "/dev/", "/payments-sim/", "/uploads/"];

function loadedFiles(): string[] {
  const urls = [window.location.pathname, ...performance.getEntriesByType("resource").map((entry) => entry.name)];
  return [
    ...new Set(
      urls
        .map((url) => new URL(url, window.location.origin))
        .filter((url) => url.origin === window.location.origin && !NEVER.some((prefix) => url.pathname.startsWith(prefix)))
        .map((url) => url.pathname),
    ),
  ];
}

export function installDoorWorker(prefix: string): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const scope = window.location.pathname.includes("/qr-verification") ? `${prefix}/qr-verification` : `${prefix}/staff/scanner`;
  void (async () => {
    const registration = await navigator.serviceWorker.register(WORKER, {
      scope,
    });
    // The camera library, fetched now so that the camera works offline as online.
    if (navigator.onLine) await import("html5-qrcode").catch(() => undefined);
    const worker = registration.active ?? (await activated(registration));
    worker?.postMessage({ type: "warm", urls: loadedFiles() });
  })().catch(() => undefined);
}

function activated(registration: ServiceWorkerRegistration): Promise<ServiceWorker | null> {
  const installing = registration.installing ?? registration.waiting;
  if (!installing) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    installing.addEventListener("statechange", () => {
      if (installing.state === "activated") resolve(installing);
      if (installing.state === "redundant") resolve(null);
    });
  });
}
