/**
 * Catalogue reads that survive their replica. The read database (DATABASE_READ_URL) is a client that sends each
 * statement to the replica while it answers; a statement the replica cannot take because it is down or out of
 * reach (refused or lost connection, a server starting up or shutting down: `isDatabaseUnavailable`) is sent again
 * to the primary, and from then on every read goes to the primary at once, without waiting on the replica. Reads
 * decide no money or seats and write nothing, so running one a second time is harmless.
 *
 * While reads go to the primary, the replica is asked every `retryMs` whether it is back; it takes the reads again
 * only once it has replayed the primary's log up to where the primary stood when asked, so an answer read from it
 * is never older than one already read from the primary (the answer cache may hold those). Statements under way
 * keep the server they started on; a transaction is never moved.
 */
import type pg from "pg";
import { isDatabaseUnavailable } from "./unavailable";

/** How often a replica that stopped answering is asked whether it is back. */
export const REPLICA_RETRY_MS = 2000;

/** What Drizzle and `runStatement` ask of a pool: a statement (text or config, with values) answered as a promise. */
type Query = (...args: unknown[]) => Promise<unknown>;

export interface ReadFallback {
  /** The pool to hand Drizzle (and `runStatement`) as the read database's driver. */
  client: pg.Pool;
  /** Whether reads go to the replica now (false: to the primary, the replica being down or catching up). */
  onReplica(): boolean;
  /** Stops asking after the replica (the pools are closed by their owner). */
  close(): void;
}

export function readFallback(replica: pg.Pool, primary: pg.Pool, options: { retryMs?: number } = {}): ReadFallback {
  const retryMs = options.retryMs ?? REPLICA_RETRY_MS;
  let down = false;
  let closed = false;
  let probe: ReturnType<typeof setTimeout> | undefined;

  /** The replica is back when it answers and has replayed what the primary had written when asked. */
  const caughtUp = async (): Promise<boolean> => {
    const position = await primary.query<{ lsn: string }>("select pg_current_wal_lsn()::text as lsn");
    // No replay position: the read URL names a primary itself, which is never behind.
    const replayed = await replica.query<{ back: boolean }>("select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) as back", [position.rows[0]!.lsn]);
    return replayed.rows[0]?.back === true;
  };
  const schedule = () => {
    if (closed || probe) return;
    probe = setTimeout(() => {
      probe = undefined;
      void caughtUp()
        .catch(() => false)
        .then((back) => {
          if (closed) return;
          if (!back) return schedule();
          down = false;
          console.error("catalogue reads are back on the replica (DATABASE_READ_URL)");
        });
    }, retryMs);
    probe.unref?.();
  };
  const fellOver = (error: unknown) => {
    if (down) return;
    down = true;
    console.error("catalogue reads go to the primary: the replica (DATABASE_READ_URL) does not answer:", error instanceof Error ? error.message : error);
    schedule();
  };

  const query = async (...args: unknown[]): Promise<unknown> => {
    // A callback form is answered by whichever server reads now (nothing in the shop uses it).
    if (typeof args[args.length - 1] === "function") return ((down ? primary : replica).query as unknown as Query)(...args);
    if (!down) {
      try {
        return await (replica.query as unknown as Query).apply(replica, args);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        fellOver(error);
      }
    }
    return (primary.query as unknown as Query).apply(primary, args);
  };

  // Drizzle asks `instanceof Pool` of the client, which the proxy answers as the replica's pool would.
  const client = new Proxy(replica, {
    get(target, property) {
      if (property === "query") return query;
      // A transaction takes a connection of the server reading now, and keeps it.
      if (property === "connect") return (...args: unknown[]) => ((down ? primary : target).connect as (...a: unknown[]) => unknown).apply(down ? primary : target, args);
      const value = Reflect.get(target, property, target) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    client,
    onReplica: () => !down,
    close() {
      closed = true;
      if (probe) clearTimeout(probe);
    },
  };
}
