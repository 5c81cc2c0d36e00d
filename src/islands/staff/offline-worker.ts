/**
 * Registers a staff screen's service worker (src/service-workers/, built with Workbox) scoped to that screen's
 * own path, and hands it every file the page loaded to keep (Workbox's CACHE_URLS message), so the screen opens
 * with the network gone after one visit online. API answers are never handed over.
 */
const NEVER = ["/api/", "/shop-api/", "/dev/", "/payments-sim/", "/uploads/"];

export function loadedFiles(): string[] {
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

/** Resolves once the worker kept the files (or at once when there is no worker to ask). */
export async function installOfflineWorker(script: string, scope: string, beforeKeeping?: () => Promise<unknown>): Promise<void> {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const registration = await navigator.serviceWorker.register(script, { scope });
  if (beforeKeeping && navigator.onLine) await beforeKeeping().catch(() => undefined);
  const worker = registration.active ?? (await activated(registration));
  if (!worker) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    worker.postMessage({ type: "CACHE_URLS", payload: { urlsToCache: loadedFiles() } }, [channel.port2]);
  });
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
