/**
 * Carries catalogue changes between the processes that share one PostgreSQL database, so each process's answer
 * cache drops what another process's write touched: a change announced here is sent with NOTIFY, and a NOTIFY
 * from another process is announced here as `remote` (never sent on again). On the embedded PGlite there is one
 * process, and nothing to carry.
 *
 * NOTIFY is delivered only to a connection listening at that moment: when the listening connection was lost
 * (src/server/db/notifications.ts reconnects and listens again), changes may have gone by unseen, so `onGap` is
 * called and the caller drops everything it derived from the catalogue.
 *
 * With catalogue reads on a replica (`replica`), each NOTIFY carries the primary's log position (LSN) at sending,
 * which is past the change's commit, and every change, this process's and the others', is announced here a second
 * time as `replayed` once the replica has replayed up to that position (src/server/db/replica.ts).
 */
import { randomUUID } from "node:crypto";
import { notificationsOf, type Db } from "../db/client";
import type { ReplicaWatch } from "../db/replica";
import { runStatement } from "../db/statements";
import type { CatalogueArea, CatalogueChange, CatalogueChanges } from "./change-feed";

export const CATALOGUE_CHANNEL = "rodamos_catalogue";

/**
 * How long changes are gathered before they are sent: far below the second a stock answer may be stale. Each NOTIFY
 * is a transaction of its own (its commit flushed to the log like a sale's): at 20 ms a rush of sales sent up to 50 a
 * second, a fifth of a transaction more per sale; at 100 ms, 10 a second.
 */
export const RELAY_BATCH_MS = 100;
/** NOTIFY payloads must stay under 8,000 bytes: a longer list of events is sent as "the whole area". */
const MAX_PAYLOAD = 7000;
const AREAS: readonly CatalogueArea[] = ["events", "stock", "content", "geography", "payment-methods"];

/** A log position as PostgreSQL prints it ("16/B374D848"). */
const LSN = /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i;

export interface CatalogueRelay {
  stop(): Promise<void>;
}

/** Wire format: `{ o: origin, a: area, e?: eventIds, l?: lsn }`. */
export function encodeChange(origin: string, change: CatalogueChange): string {
  const full = JSON.stringify({ o: origin, a: change.area, ...(change.eventIds ? { e: change.eventIds } : {}) });
  return Buffer.byteLength(full) <= MAX_PAYLOAD ? full : JSON.stringify({ o: origin, a: change.area });
}

export function decodeChange(payload: string): { origin: string; change: CatalogueChange; lsn?: string } | undefined {
  try {
    const value = JSON.parse(payload) as { o?: unknown; a?: unknown; e?: unknown; l?: unknown };
    if (typeof value.o !== "string" || !AREAS.includes(value.a as CatalogueArea)) return undefined;
    const eventIds = Array.isArray(value.e) ? value.e.filter((id): id is number => Number.isSafeInteger(id)) : undefined;
    const lsn = typeof value.l === "string" && LSN.test(value.l) ? value.l : undefined;
    return { origin: value.o, change: { area: value.a as CatalogueArea, ...(eventIds ? { eventIds } : {}), remote: true }, ...(lsn ? { lsn } : {}) };
  } catch {
    return undefined;
  }
}

/** Starts relaying when `db` is PostgreSQL; answers undefined on PGlite. */
export function startCatalogueRelay(db: Db, changes: CatalogueChanges, onGap: () => void, options: { replica?: ReplicaWatch } = {}): CatalogueRelay | undefined {
  const client = notificationsOf(db);
  if (!client) return undefined;
  const { replica } = options;
  const origin = randomUUID();
  let listened = false;
  let stopped = false;
  /** Announces the change again once the replica has replayed the primary's log up to `lsn`. */
  const afterReplay = (change: CatalogueChange, lsn: string | undefined) =>
    replica?.whenReplayed(lsn, () => {
      if (!stopped) changes.announce({ ...change, remote: true, replayed: true });
    });
  /** Sends one NOTIFY; with a replica, with the primary's log position appended, which it answers. */
  const notify = async (payload: string): Promise<string | undefined> => {
    if (!replica) {
      await runStatement(db, "select pg_notify($1, $2)", [CATALOGUE_CHANNEL, payload]);
      return undefined;
    }
    // `{…}` becomes `{…,"l":"<lsn>"}` in the same statement that reads the position.
    const rows = await runStatement<{ lsn: string }>(
      db,
      `with position as (select pg_current_wal_lsn()::text as lsn) select pg_notify($1, $2 || position.lsn || '"}'), position.lsn from position`,
      [CATALOGUE_CHANNEL, `${payload.slice(0, -1)},"l":"`],
    );
    return rows[0]?.lsn;
  };
  const send = async (payload: string, change: CatalogueChange, attempt = 0): Promise<void> => {
    try {
      afterReplay(change, await notify(payload));
    } catch (error) {
      // The change is committed; other processes must still hear of it.
      if (stopped || attempt >= 5) {
        if (!stopped) console.error("catalogue change not relayed to other processes:", error instanceof Error ? error.message : error);
        afterReplay(change, undefined);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 200 * 2 ** attempt).unref());
      return send(payload, change, attempt + 1);
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
    await Promise.all(
      batch.map(([area, ids]) => {
        const change: CatalogueChange = ids === "all" ? { area } : { area, eventIds: [...ids] };
        return send(encodeChange(origin, change), change);
      }),
    );
  };
  const stopRelaying = changes.listen((change) => {
    if (change.remote || change.replayed || stopped) return;
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
          replica?.whenReplayed(undefined, onGap);
          return;
        }
        if (decoded.origin !== origin && !stopped) {
          changes.announce(decoded.change);
          afterReplay(decoded.change, decoded.lsn);
        }
      },
      () => {
        // Called on every (re)connection: after the first, notifications may have been missed meanwhile.
        if (listened) {
          onGap();
          replica?.whenReplayed(undefined, onGap);
        }
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
  const client = notificationsOf(db);
  if (!client) return;
  // The session listens to the channel once; a second listen answers once that LISTEN has run.
  const { unlisten } = await client.listen(CATALOGUE_CHANNEL, () => {});
  await unlisten();
}
