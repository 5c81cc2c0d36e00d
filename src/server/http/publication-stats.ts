/**
 * Where the page publisher tells each publication it ran, for whoever counts them (the /metrics endpoint,
 * metrics.ts beside it): the publisher runs beside the app, not inside it; it lives in the HTTP layer, which publishing
 * may import and which imports no publishing file.
 */

export interface PublicationRun {
  /** Published (true) or failed, leaving the served build as it was. */
  ok: boolean;
  /** How the pages were made (publisher.ts `PublishReport.kind`); absent for a failure. */
  kind?: "render" | "full";
  /** From the start of the publication to its swap (or failure). */
  seconds: number;
}

const listeners = new Set<(run: PublicationRun) => void>();

/** Calls `listener` after each publication of this process; answers the function that stops it. */
export function onPublication(listener: (run: PublicationRun) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportPublication(run: PublicationRun): void {
  for (const listener of listeners) listener(run);
}
