/**
 * One leader among the shop's processes on one PostgreSQL database, for the work that should run once: the hold
 * sweeper, the outbox poll, any scheduled job. Each process keeps one connection of its own (outside the pool)
 * and asks `pg_try_advisory_lock(LEADER_LOCK_KEY)` on it every few seconds; the one that gets it leads while its
 * session lives. When the leader stops (it closes its session) or dies (PostgreSQL ends the session and drops the
 * lock), the next asker takes over within `retryMs`. A leader whose session fails or does not answer in time
 * stops leading at once and closes it, so the lock is free for another.
 *
 * The jobs are safe to run twice anyway (conditional updates, `FOR UPDATE SKIP LOCKED`): the lock saves the work
 * and the noise, correctness never rests on it. PGlite belongs to one process, which always leads.
 */
import { postgresUrlOf, type Db } from "../db/client";
import { closeQuietly, openSession, type ShopClient } from "../db/pg-driver";

/** Advisory lock key of the leader ("rold" in ASCII); locks are per database, so test databases do not meet. */
export const LEADER_LOCK_KEY = 0x726f6c64;

export interface LeaderOptions {
  /** How often a follower asks for the lock and a leader checks its session (default 2 s). */
  retryMs?: number;
  key?: number;
  /** Called on becoming leader; answers how to stop what it started. */
  onElected(): () => void;
}

export interface Leadership {
  isLeader(): boolean;
  /** Stop leading (closing the session frees the lock for another process at once) and stop asking. */
  stop(): Promise<void>;
}

export function electLeader(db: Db, options: LeaderOptions): Leadership {
  const url = postgresUrlOf(db);
  let stopJobs: (() => void) | null = null;
  const lead = () => {
    stopJobs ??= options.onElected();
  };
  const depose = () => {
    stopJobs?.();
    stopJobs = null;
  };

  if (!url) {
    // PGlite: one process, always the leader.
    lead();
    return { isLeader: () => true, stop: async () => depose() };
  }

  const key = options.key ?? LEADER_LOCK_KEY;
  const retryMs = options.retryMs ?? 2_000;
  let session: ShopClient | null = null;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();

  const closeSession = async () => {
    const ending = session;
    session = null;
    if (ending) await closeQuietly(ending, 1_000);
  };

  /** A query that must answer within a few turns: a session that hangs is as good as lost. */
  const ask = <T>(query: Promise<T>) =>
    Promise.race([query, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("leader session timed out")), Math.max(retryMs * 5, 1_000)).unref())]);

  async function tick() {
    if (stopped) return;
    try {
      if (!session) {
        const fresh = openSession(url!, { applicationName: "rodamos-leader" });
        session = fresh;
        await ask(fresh.connect());
      }
      if (stopJobs) {
        // Still ours? A session that was made again holds no lock: ask whether this very session holds it (a
        // bigint key shows as classid = high half, objid = low half).
        const { rows } = await ask(
          session.query<{ held: number }>(
            `select count(*)::int as held from pg_locks
             where locktype = 'advisory' and granted and pid = pg_backend_pid() and classid = $1 and objid = $2 and objsubid = 1`,
            [Math.floor(key / 2 ** 32), key % 2 ** 32],
          ),
        );
        if (rows[0]?.held !== 1) throw new Error("leader lock lost");
      } else {
        const { rows } = await ask(session.query<{ got: boolean }>("select pg_try_advisory_lock($1) as got", [key]));
        if (rows[0]?.got === true && !stopped) lead();
      }
    } catch {
      depose();
      await closeSession();
    }
  }

  const run = () => {
    turn = turn.then(tick);
  };
  run();
  const timer = setInterval(run, retryMs);
  timer.unref();

  return {
    isLeader: () => stopJobs !== null,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await turn;
      depose();
      await closeSession();
    },
  };
}
