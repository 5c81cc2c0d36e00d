/**
 * Carries catalogue changes between the processes that share one PostgreSQL database, so each process's answer
 * cache drops what another process's write touched: a change announced here is sent with NOTIFY, and a NOTIFY
 * from another process is announced here as `remote` (never sent on again). On the embedded PGlite there is one
 * process, and nothing to carry.
 *
 * NOTIFY is delivered only to a connection listening at that moment: when the listening connection was lost
 * (postgres.js reconnects and listens again), changes may have gone by unseen, so `onGap` is called and the
 * caller drops everything it derived from the catalogue.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { CatalogueArea, CatalogueChange, CatalogueChanges } from "./changes";

export const CATALOGUE_CHANNEL = "rodamos_catalogue";

/** How long changes are gathered before they are sent: far below the second a stock answer may be stale. */
export const RELAY_BATCH_MS = 20;
/** NOTIFY payloads must stay under 8,000 bytes: a longer list of events is sent as "the whole area". */
const MAX_PAYLOAD = 7000;
const AREAS: readonly CatalogueArea[] = ["events", "stock", "content", "geography", "payment-methods"];

/** What postgres.js offers for LISTEN/NOTIFY (the only client here with several processes behind it). */
interface ListeningClient {
  listen(channel: string, onNotify: (payload: string) => void, onListen?: () => void): Promise<{ unlisten(): Promise<unknown> }>;
  notify(channel: string, payload: string): Promise<unknown>;
}

function listeningClientOf(db: Db): ListeningClient | undefined {
  const client = (db as unknown as { $client?: Partial<ListeningClient> & { options?: unknown } }).$client;
  // PGlite has `listen` too, but no `notify` and no other process to hear it.
  if (client && typeof client.listen === "function" && typeof client.notify === "function" && client.options) return client as ListeningClient;
  return undefined;
}

export interface CatalogueRelay {
  stop(): Promise<void>;
}

/** Wire format: `{ o: origin, a: area, e?: eventIds }`. */
export function encodeChange(origin: string, change: CatalogueChange): string {
  const full = JSON.stringify({ o: origin, a: change.area, ...(change.eventIds ? { e: change.eventIds } : {}) });
  return Buffer.byteLength(full) <= MAX_PAYLOAD ? full : JSON.stringify({ o: origin, a: change.area });
}

export function decodeChange(payload: string): { origin: string; change: CatalogueChange } | undefined {
  try {
    const value = JSON.parse(payload) as { o?: unknown; a?: unknown; e?: unknown };
    if (typeof value.o !== "string" || !AREAS.includes(value.a as CatalogueArea)) return undefined;
    const eventIds = Array.isArray(value.e) ? value.e.filter((id): id is number => Number.isSafeInteger(id)) : undefined;
    return { origin: value.o, change: { area: value.a as CatalogueArea, ...(eventIds ? { eventIds } : {}), remote: true } };
  } catch {
    return undefined;
  }
}

/** Starts relaying when `db` is PostgreSQL; answers undefined on PGlite. */
export function startCatalogueRelay(db: Db, changes: CatalogueChanges, onGap: () => void): CatalogueRelay | undefined {
  const client = listeningClientOf(db);
  if (!client) return undefined;
  const origin = randomUUID();
  let listened = false;
  let stopped = false;

  const send = async (payload: string, attempt = 0): Promise<void> => {
    try {
      await client.notify(CATALOGUE_CHANNEL, payload);
    } catch (error) {
      // The change is committed; other processes must still hear of it.
      if (stopped || attempt >= 5) {
        if (!stopped) console.error("catalogue change not relayed to other processes:", error instanceof Error ? error.message : error);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt).unref());
      return send(payload, attempt + 1);
    }
  };
  // Changes of the same moment (a burst of sales announcing `stock` for one event) go out as one NOTIFY per area,
  // a few milliseconds later: one statement instead of one per sale.
  const pending = new Map<CatalogueArea, Set<number> | "all">();
  let flushing: ReturnType<typeof setTimeout> | undefined;
  const flush = async () => {
    flushing = undefined;
    const batch = [...pending];
    pending.clear();
    await Promise.all(batch.map(([area, ids]) => send(encodeChange(origin, ids === "all" ? { area } : { area, eventIds: [...ids] }))));
  };
  const stopRelaying = changes.listen((change) => {
    if (change.remote || stopped) return;
    const known = pending.get(change.area);
    if (!change.eventIds) pending.set(change.area, "all");
    else if (known !== "all") pending.set(change.area, new Set([...(known ?? []), ...change.eventIds]));
    flushing ??= setTimeout(() => void flush(), RELAY_BATCH_MS);
  });

  const listening = client
    .listen(
      CATALOGUE_CHANNEL,
      (payload) => {
        const decoded = decodeChange(payload);
        if (!decoded) {
          // Unreadable: something changed, nobody can say what.
          onGap();
          return;
        }
        if (decoded.origin !== origin && !stopped) changes.announce(decoded.change);
      },
      () => {
        // Called on every (re)connection: after the first, notifications may have been missed meanwhile.
        if (listened) onGap();
        listened = true;
      },
    )
    .catch((error: unknown) => {
      if (!stopped) console.error("catalogue relay could not listen:", error instanceof Error ? error.message : error);
      return undefined;
    });

  return {
    async stop() {
      if (flushing) {
        clearTimeout(flushing);
        await flush();
      }
      stopped = true;
      stopRelaying();
      await (await listening)?.unlisten().catch(() => {});
    },
  };
}

/** Resolves once the relay listens (tests wait for it before writing elsewhere). */
export async function relayListening(db: Db): Promise<void> {
  const client = listeningClientOf(db);
  if (!client) return;
  // postgres.js answers a second listen on the same channel once the first one's LISTEN has run.
  const { unlisten } = await client.listen(CATALOGUE_CHANNEL, () => {});
  await unlisten();
}
