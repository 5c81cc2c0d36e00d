/**
 * The static-page publisher: hears catalogue changes and publishes the pages again, coalescing them. A change waits
 * `debounceMs` (200 ms) for the ones that come with it in the same moment (a form saved as several requests); a
 * publication renders a change's pages in well under a second, so a longer wait would cost more than the extra
 * publication it saves: changes heard while one runs still make one follow-up. At most one
 * publication runs at a time; changes heard while one runs get exactly one follow-up publication after it.
 * What a publication renders is decided by the build itself: every page carries a key made of the catalogue answers
 * it prints (src/site/cache-key.ts), so only pages whose answers changed are rendered again. Here is only decided
 * whether a change can touch a page at all.
 */
import type { CatalogueChange } from "../change-feed/change-feed";
import { reportPublication } from "../http/publication-stats";

/**
 * Whether a change can alter a prerendered page. Stock never does: pages print no stock or availability; the
 * booking wizard asks the API for the live stock of the chosen date (islands/booking/use-offer.ts).
 */
/** How long a stop waits for a publication under way before leaving it (the renderer is stopped first). */
const CLOSE_WAIT_MS = 2_000;

export function touchesPages(change: CatalogueChange): boolean {
  return change.area !== "stock";
}

export interface PublishReport {
  /** Files that differ from the build served before. */
  changed: string[];
  /** Of the publication's time, what building the pages took (the rest: carrying over, compressing, swapping). */
  renderSeconds?: number;
  /** `render`: only the changed pages, from the warm renderer; `full`: all the pages were built. */
  kind?: "render" | "full";
}

export interface PublisherOptions {
  /** Builds the pages aside and swaps them in (pages-build.ts `publishPages`); undefined: not this process's turn. */
  publish: () => Promise<PublishReport | undefined>;
  debounceMs?: number;
  /** A steady stream of changes still publishes this long after the first of them. */
  maxWaitMs?: number;
  /** Where each publication (or failure) is told; console by default. */
  log?: (line: string) => void;
}

export interface Publisher {
  /** Takes a committed change (give it to `catalogue.listen`). */
  hear(change: CatalogueChange): void;
  /** Resolves when nothing is waiting or running (tests, benchmarks, shutdown). */
  idle(): Promise<void>;
  /** Stops: nothing new starts; a running publication is awaited. */
  close(): Promise<void>;
  /** Publishes now, without waiting for a change (the publisher's warm-up at start). */
  refresh(): void;
  /** Publications completed so far. */
  readonly published: number;
}

export function createPublisher(options: PublisherOptions): Publisher {
  const debounceMs = options.debounceMs ?? 200;
  const maxWaitMs = options.maxWaitMs ?? debounceMs * 3;
  const log = options.log ?? ((line: string) => console.error(line));
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** When the first change still waiting for the timer was heard. */
  let firstHeard: number | undefined;
  let running: Promise<void> | undefined;
  /** A change came in after the running publication read the catalogue. */
  let pending = false;
  let closed = false;
  let published = 0;
  const waiters: (() => void)[] = [];

  const settle = () => {
    if (timer || running || pending) return;
    for (const wake of waiters.splice(0)) wake();
  };

  const run = () => {
    timer = undefined;
    firstHeard = undefined;
    if (closed) return settle();
    if (running) {
      pending = true;
      return;
    }
    pending = false;
    const started = Date.now();
    running = options
      .publish()
      .then((report) => {
        if (!report) return;
        published += 1;
        reportPublication({ ok: true, kind: report.kind ?? "full", seconds: (Date.now() - started) / 1000 });
        const pages = report.changed.filter((file) => file.endsWith(".html") || file.endsWith(".xml"));
        const build = report.renderSeconds === undefined ? "" : ` (build ${report.renderSeconds.toFixed(1)} s)`;
        log(`Pages published in ${((Date.now() - started) / 1000).toFixed(1)} s${build}: ${pages.length} changed${pages.length ? ` (${pages.slice(0, 6).join(", ")}${pages.length > 6 ? ", …" : ""})` : ""}.`);
      })
      .catch((error: unknown) => {
        // The served build stays as it was; the next change (or the follow-up below) tries again.
        reportPublication({ ok: false, seconds: (Date.now() - started) / 1000 });
        log(`Publishing the pages failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => {
        running = undefined;
        if (pending && !closed) schedule(0);
        else pending = false;
        settle();
      });
  };

  const schedule = (delay: number) => {
    if (closed) return;
    if (running) {
      pending = true;
      return;
    }
    if (timer) clearTimeout(timer);
    firstHeard ??= Date.now();
    timer = setTimeout(run, Math.max(0, Math.min(delay, firstHeard + maxWaitMs - Date.now())));
  };

  return {
    hear(change) {
      if (touchesPages(change)) schedule(debounceMs);
    },
    refresh() {
      schedule(0);
    },
    idle() {
      return new Promise<void>((wake) => {
        waiters.push(wake);
        settle();
      });
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      firstHeard = undefined;
      pending = false;
      // A stop does not wait for a whole build: the served pages stay as they are and the next start publishes again.
      await Promise.race([running, new Promise((done) => setTimeout(done, CLOSE_WAIT_MS).unref())]);
      settle();
    },
    get published() {
      return published;
    },
  };
}
