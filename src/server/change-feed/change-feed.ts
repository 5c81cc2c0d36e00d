/**
 * The one place a change to the catalogue is announced, so every reader of it (the answer cache of the public
 * reads, the publisher of the static pages) learns of it without the writer knowing who listens. Writers announce
 * after their transaction commits; listeners must not throw.
 */

/** What changed. `eventIds` names the events touched, when known; absent means "any of the area". */
export type CatalogueArea = "events" | "stock" | "content" | "geography" | "payment-methods";

export interface CatalogueChange {
  area: CatalogueArea;
  eventIds?: number[];
  /**
   * Set on a change another process announced, relayed here (src/server/change-feed/change-relay.ts): it is not relayed
   * again, and work that one process does for all (publishing pages) may leave it to the process that wrote it.
   */
  remote?: boolean;
  /**
   * Set on the second announcement of a change when catalogue reads go to a replica (src/server/db/replica.ts):
   * made once the replica has replayed it, so that what was read from the replica before is read again.
   */
  replayed?: boolean;
}

export type CatalogueListener = (change: CatalogueChange) => void;

export interface CatalogueChanges {
  /** Announces a committed change to every listener of this process. */
  announce(change: CatalogueChange): void;
  /** Returns the function that stops listening. */
  listen(listener: CatalogueListener): () => void;
}

export function createCatalogueChanges(): CatalogueChanges {
  const listeners = new Set<CatalogueListener>();
  return {
    announce(change) {
      for (const listener of listeners) {
        try {
          listener(change);
        } catch (error) {
          console.error("catalogue listener failed", error);
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
