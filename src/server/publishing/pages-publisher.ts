/**
 * The page publisher of a serving process: the runtime half of building the pages (pages-build.ts), started by
 * `npm start` and the other serving scripts. Scheduling (debounce, one build at a time) is publisher.ts; who may
 * publish among several processes is publisher-lease.ts.
 */
import type { CatalogueChanges } from "../change-feed/change-feed";
import type { Db } from "../db/client";
import { createPublisher, type Publisher } from "./publisher";
import { publisherLease } from "./publisher-lease";
import { astroCacheOf, hashSources, publishPages, pagesStamp, writeStamp, type PagesOptions } from "./pages-build";
import { createPageRenderer, type PageRenderer } from "./renderer";
import { whenQuiet } from "./quiet";

/**
 * The publisher of the serving process: after each catalogue change `catalogue` announces (or another process
 * shares, on PostgreSQL) the pages are built again and swapped in. Only the process holding the publisher lease
 * builds; the others pass their changes on. The holder warms its renderer at once (one full build, published like
 * any other: unchanged pages keep their files), so that the first change already renders only its pages; a renderer
 * handed over warm from the start-up build (`buildPagesIfChanged`) needs no such build. With `warm: "when-quiet"`
 * (`npm start`) that build waits until the process has been quiet for a few seconds: a shop just started may be
 * answering a crowd, and the build (tens of CPU-seconds, its catalogue reads answered by this process) would take
 * their share; a change heard meanwhile builds at once, as it must.
 */
export async function startPagesPublisher(
  options: PagesOptions & { db: Db; catalogue: CatalogueChanges; debounceMs?: number; warm?: boolean | "when-quiet"; renderer?: PageRenderer; background?: boolean },
): Promise<Publisher> {
  const lease = await publisherLease(options.env.DATABASE_URL, options.env.DIST_DIR);
  // Read once: hashing every source file blocks the serving process for a moment.
  const sources = hashSources(process.cwd());
  const renderer = options.renderer ?? createPageRenderer({ apiUrl: options.apiUrl, publicUrl: options.publicUrl, cacheDir: astroCacheOf(options.env), background: options.background });
  renderer.readFrom(options.apiUrl);
  const publisher = createPublisher({
    debounceMs: options.debounceMs,
    publish: async () => {
      // Another process publishes: it heard this change through the lease.
      if (!(await lease.held())) return undefined;
      const stamp = await pagesStamp(options, sources);
      const publication = await publishPages(options, renderer);
      writeStamp(options.env, stamp);
      return publication;
    },
  });
  let stopWaiting = () => {};
  if (options.warm !== false && !renderer.warm && (await lease.held())) {
    if (options.warm === "when-quiet") stopWaiting = whenQuiet(() => !renderer.warm && publisher.refresh());
    else publisher.refresh();
  }
  // Changes of other processes arrive here too, re-announced by the catalogue relay. With catalogue reads on a
  // replica, a change is published once the replica has replayed it (its second, `replayed` announcement): pages
  // rendered before would show the replica's older state.
  const replicated = Boolean(options.env.DATABASE_READ_URL);
  const stopListening = options.catalogue.listen((change) => {
    if (!replicated || change.replayed) publisher.hear(change);
  });
  return {
    hear: publisher.hear,
    idle: publisher.idle,
    refresh: publisher.refresh,
    get published() {
      return publisher.published;
    },
    async close() {
      stopWaiting();
      stopListening();
      // The renderer first: a render under way ends with it instead of holding the stop.
      const closing = publisher.close();
      await renderer.close();
      await closing;
      await lease.close();
    },
  };
}
