/**
 * One page per Playwright worker for journeys that need a first visit, not a browser of their own: the spec imports
 * `test` from here instead of @playwright/test, and its `page` (and `context`) is the worker's, emptied after each
 * journey as a new one would be. A new context and page cost Chromium about 1.75 CPU-seconds on a 2-core machine
 * before they load anything (a renderer process started and torn down); reusing one, emptying included, 0.4.
 *
 * Before each journey the page shows about:blank at the journey's viewport. After it, what the journey added is
 * removed (other pages, routes, listeners, init scripts, exposed functions) and what it changed is reset (offline, geolocation,
 * permissions, emulated media), the cookies, the shop origin's storage (local, session, IndexedDB, cache storage,
 * service workers) and the HTTP cache are cleared. A journey that failed, closed or crashed its page, installed a
 * fake clock or set extra headers (neither can be undone) leaves its context to be closed; the next gets a new one.
 * A journey asking for another locale or time zone than the project's is refused: it needs Playwright's own page.
 */
import { test as base, type BrowserContext, type Disposable, type Page } from "@playwright/test";

interface WorkerPage {
  context: BrowserContext;
  page: Page;
}

type Method = (...args: unknown[]) => unknown;

/**
 * Replaces, for one journey, the methods of `target` named in `names` with `wrap(original)`, bound to `target`;
 * the function returned puts the originals back.
 */
function replaceMethods(target: object, names: string[], wrap: (original: Method) => Method): () => void {
  const own = target as Record<string, Method>;
  const originals = names.map((name) => [name, own[name]!] as const);
  for (const [name, original] of originals) own[name] = wrap((...args) => original.apply(target, args));
  return () => {
    for (const [name, original] of originals) own[name] = original;
  };
}

/** The listeners a journey adds to a page or context (on, once, addListener, prependListener), to remove after it. */
function recordListeners(emitter: object, added: [object, string, Method][]): () => void {
  return replaceMethods(emitter, ["on", "once", "addListener", "prependListener"], (original) => (event, listener) => {
    added.push([emitter, event as string, listener as Method]);
    return original(event, listener);
  });
}

/** What a journey adds through calls answering a Disposable (init scripts, exposed functions), to dispose of after it. */
function recordDisposables(target: object, disposables: Disposable[]): () => void {
  return replaceMethods(target, ["addInitScript", "exposeFunction", "exposeBinding"], (original) => async (...args) => {
    const disposable = (await original(...args)) as Disposable;
    disposables.push(disposable);
    return disposable;
  });
}

/** Calls that cannot be undone in a page (a fake clock, extra headers): `spend` marks the context as not reusable. */
function recordSpending(target: object, names: string[], spend: () => void): () => void {
  return replaceMethods(target, names, (original) => (...args) => {
    spend();
    return original(...args);
  });
}

export const test = base.extend<{ page: Page; context: BrowserContext }, { workerPage: { current?: WorkerPage } }>({
  workerPage: [
    async ({}, use) => {
      const holder: { current?: WorkerPage } = {};
      await use(holder);
      await holder.current?.context.close();
    },
    { scope: "worker" },
  ],
  context: async ({ page }, use) => {
    await use(page.context());
  },
  page: async ({ browser, workerPage, viewport, locale, timezoneId, baseURL }, use, testInfo) => {
    const project = testInfo.project.use;
    if (locale !== project.locale || timezoneId !== project.timezoneId) {
      throw new Error("A journey with its own locale or time zone needs a page of its own: import test from @playwright/test");
    }
    if (!workerPage.current || workerPage.current.page.isClosed()) {
      await workerPage.current?.context.close().catch(() => undefined);
      const { viewport: _viewport, ...options } = project;
      const context = await browser.newContext({ ...options, locale, timezoneId, baseURL });
      workerPage.current = { context, page: await context.newPage() };
    }
    const { context, page } = workerPage.current;
    if (viewport) await page.setViewportSize(viewport);
    const listeners: [object, string, Method][] = [];
    const disposables: Disposable[] = [];
    let spent = false;
    const spend = () => {
      spent = true;
    };
    const restores = [
      recordListeners(page, listeners),
      recordListeners(context, listeners),
      recordDisposables(page, disposables),
      recordDisposables(context, disposables),
      recordSpending(page, ["setExtraHTTPHeaders"], spend),
      recordSpending(context, ["setExtraHTTPHeaders"], spend),
      recordSpending(page.clock, ["install", "setFixedTime", "setSystemTime", "pauseAt", "runFor", "fastForward"], spend),
    ];

    await use(page);

    for (const restore of restores) restore();
    for (const [emitter, event, listener] of listeners) (emitter as Page).off(event as "close", listener);
    if (spent || page.isClosed() || testInfo.status !== testInfo.expectedStatus) {
      await context.close().catch(() => undefined);
      workerPage.current = undefined;
      return;
    }
    for (const other of context.pages()) if (other !== page) await other.close();
    for (const disposable of disposables) await disposable.dispose();
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.setOffline(false);
    await context.setGeolocation(null);
    await context.clearPermissions();
    await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null, forcedColors: null, contrast: null });
    await page.goto("about:blank");
    await context.clearCookies();
    const devtools = await context.newCDPSession(page);
    if (baseURL) await devtools.send("Storage.clearDataForOrigin", { origin: new URL(baseURL).origin, storageTypes: "all" });
    await devtools.send("Network.clearBrowserCache");
    await devtools.detach();
  },
});

export { expect } from "@playwright/test";
