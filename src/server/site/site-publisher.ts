/**
 * The page publisher of a serving process: the runtime half of the site build (site-build.ts), started by
 * `npm start` and the other serving scripts. Scheduling (debounce, one build at a time) is publisher.ts; who may
 * publish among several processes is publisher-lease.ts.
 */
import type { CatalogueChanges } from "../catalogue/changes";
import type { Db } from "../db/client";
import { createPublisher, type Publisher } from "./publisher";
import { publisherLease } from "./publisher-lease";
import { hashSources, publishSite, siteStamp, writeStamp, type SiteOptions } from "./site-build";

/**
 * The publisher of the serving process: after each catalogue change `catalogue` announces (or another process
 * shares, on PostgreSQL) the pages are built again and swapped in. Only the process holding the publisher lease
 * builds; the others pass their changes on.
 */
export async function startSitePublisher(options: SiteOptions & { db: Db; catalogue: CatalogueChanges; debounceMs?: number }): Promise<Publisher> {
  const lease = await publisherLease(options.env.DATABASE_URL);
  // Read once: hashing every source file blocks the serving process for a moment.
  const sources = hashSources(process.cwd());
  const publisher = createPublisher({
    debounceMs: options.debounceMs,
    publish: async () => {
      // Another process publishes: it heard this change through the lease.
      if (!(await lease.held())) return undefined;
      const stamp = await siteStamp(options, sources);
      const publication = await publishSite(options);
      writeStamp(options.env, stamp);
      return publication;
    },
  });
  // Changes of other processes arrive here too, re-announced by the catalogue relay.
  const stopListening = options.catalogue.listen((change) => publisher.hear(change));
  return {
    hear: publisher.hear,
    idle: publisher.idle,
    get published() {
      return publisher.published;
    },
    async close() {
      stopListening();
      await publisher.close();
      await lease.close();
    },
  };
}
