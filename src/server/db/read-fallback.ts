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
import type { Sql } from "postgres";
import { isDatabaseUnavailable } from "./unavailable";

/** How often a replica that stopped answering is asked whether it is back. */
export const REPLICA_RETRY_MS = 2000;
/**
 * How long a connection to the replica may take before the replica counts as out of reach (postgres.js waits 30 s
 * by default: a replica whose host stopped answering would hold every uncached read that long).
 */
export const REPLICA_CONNECT_TIMEOUT_S = 2;

/** What postgres.js's `unsafe` answers: a query run when awaited, or as rows of values with `.values()`. */
interface PendingQuery extends PromiseLike<unknown> {
  values(): PromiseLike<unknown>;
}

export interface ReadFallback {
  /** The client to hand Drizzle (and `runStatement`) as the read database's driver. */
  client: Sql;
  /** Whether reads go to the replica now (false: to the primary, the replica being down or catching up). */
  onReplica(): boolean;
  /** Stops asking after the replica (the clients are closed by their owner). */
  close(): void;
}

export function readFallback(replica: Sql, primary: Sql, options: { retryMs?: number } = {}): ReadFallback {
  const retryMs = options.retryMs ?? REPLICA_RETRY_MS;
  let down = false;
  let closed = false;
  let probe: ReturnType<typeof setTimeout> | undefined;

  /** The replica is back when it answers and has replayed what the primary had written when asked. */
  const caughtUp = async (): Promise<boolean> => {
    const [position] = (await primary.unsafe("select pg_current_wal_lsn()::text as lsn")) as unknown as { lsn: string }[];
    // No replay position: the read URL names a primary itself, which is never behind.
    const [replayed] = (await replica.unsafe("select coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, true) as back", [position!.lsn])) as unknown as { back: boolean }[];
    return replayed?.back === true;
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

  const unsafe = (text: string, parameters?: unknown[], queryOptions?: object): PendingQuery => {
    let asValues = false;
    const on = (server: Sql) => {
      const query = server.unsafe(text, parameters as never[], queryOptions as never) as unknown as PendingQuery;
      return asValues ? query.values() : query;
    };
    const run = async () => {
      if (!down) {
        try {
          return await on(replica);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          fellOver(error);
        }
      }
      return on(primary);
    };
    const pending: PendingQuery = {
      values() {
        asValues = true;
        return pending;
      },
      then(onFulfilled, onRejected) {
        return run().then(onFulfilled, onRejected);
      },
    };
    return pending;
  };

  // Drizzle reads and adjusts the client's type parsers through `options`: those of the replica's client (the
  // primary's own Drizzle database adjusts the primary's the same way).
  const client = new Proxy(replica, {
    get(target, property, receiver) {
      if (property === "unsafe") return unsafe;
      if (property === "begin") return (...args: unknown[]) => ((down ? primary : target).begin as (...a: unknown[]) => unknown)(...args);
      return Reflect.get(target, property, receiver) as unknown;
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
