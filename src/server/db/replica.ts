/**
 * Catalogue reads from a PostgreSQL streaming replica (DATABASE_READ_URL). The replica replays the primary's
 * write-ahead log a moment behind it, so an answer read from it right after a change may still show the old state.
 * The answer cache is therefore told of every catalogue change twice: at once, as without a replica, and again once
 * the replica has replayed past the primary's log position (LSN) of that change, which drops whatever was read from
 * the replica meanwhile. No stale answer outlives the replica's catch-up; the pages are published only after it.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./client";

/** How often the replica's replay position is asked for while a change waits for it. */
export const REPLAY_POLL_MS = 10;
/**
 * A change waits at most this long: a replica further behind (or out of reach) is reported, and the change is let
 * through so that the pages are not held back for ever.
 */
export const REPLAY_WAIT_MS = 30_000;

/** The rows of `execute`: node-postgres and PGlite answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** A log position "16/B374D848" as one comparable number. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split("/");
  if (high === undefined || low === undefined) throw new Error(`not a log position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export interface ReplicaWatch {
  /**
   * Calls `then` once the replica has replayed the primary's log up to `lsn` (the position the change's commit
   * reached); without `lsn`, up to the primary's position now, which is past every commit already announced.
   */
  whenReplayed(lsn: string | undefined, then: () => void): void;
  close(): void;
}

interface Waiter {
  lsn: bigint | undefined;
  since: number;
  then: () => void;
}

export function watchReplica(primary: Db, replica: Db, options: { pollMs?: number; waitMs?: number } = {}): ReplicaWatch {
  const pollMs = options.pollMs ?? REPLAY_POLL_MS;
  const waitMs = options.waitMs ?? REPLAY_WAIT_MS;
  const waiters: Waiter[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;
  let polling = false;
  let warned = false;

  const primaryPosition = async () => {
    const rows = rowsOf<{ lsn: string }>(await primary.execute(sql`select pg_current_wal_lsn()::text as lsn`));
    return lsnValue(rows[0]!.lsn);
  };
  /** Where the replica's replay stands; undefined when it is no replica at all (then it is the primary itself). */
  const replayed = async () => {
    const rows = rowsOf<{ lsn: string | null }>(await replica.execute(sql`select pg_last_wal_replay_lsn()::text as lsn`));
    const lsn = rows[0]?.lsn;
    return lsn ? lsnValue(lsn) : undefined;
  };

  const release = (waiter: Waiter) => {
    const index = waiters.indexOf(waiter);
    if (index < 0) return;
    waiters.splice(index, 1);
    try {
      waiter.then();
    } catch (error) {
      console.error("replica catch-up listener failed", error);
    }
  };

  const poll = async () => {
    timer = undefined;
    if (closed || waiters.length === 0) return;
    polling = true;
    try {
      for (const waiter of waiters) waiter.lsn ??= await primaryPosition();
      const position = await replayed();
      for (const waiter of [...waiters]) if (position === undefined || position >= waiter.lsn!) release(waiter);
      warned = false;
    } catch (error) {
      if (!warned) console.error("replica replay position unknown:", error instanceof Error ? error.message : error);
      warned = true;
    } finally {
      polling = false;
    }
    const now = Date.now();
    for (const waiter of [...waiters]) {
      if (now - waiter.since < waitMs) continue;
      console.error(`the replica (DATABASE_READ_URL) has not replayed a catalogue change within ${waitMs / 1000} s: its answers may be stale until it catches up`);
      release(waiter);
    }
    schedule();
  };
  const schedule = () => {
    if (!closed && !polling && !timer && waiters.length > 0) timer = setTimeout(() => void poll(), pollMs);
  };

  return {
    whenReplayed(lsn, then) {
      if (closed) return;
      waiters.push({ lsn: lsn === undefined ? undefined : lsnValue(lsn), since: Date.now(), then });
      schedule();
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      waiters.length = 0;
    },
  };
}
