/**
 * One leader among the shop's processes on one PostgreSQL database, for the work that should run once: the hold
 * sweeper, the outbox poll, any scheduled job. Each process keeps one pooled connection of its own and asks
 * `pg_try_advisory_lock(LEADER_LOCK_KEY)` on it every few seconds; the one that gets it leads until its session
 * ends. When the leader stops (shutdown unlocks) or dies (PostgreSQL ends the session and drops the lock), the
 * next asker takes over within `retryMs`. A leader that cannot reach its session stops leading at once.
 *
 * The jobs are safe to run twice anyway (conditional updates, `FOR UPDATE SKIP LOCKED`): the lock saves the work
 * and the noise, correctness never rests on it. PGlite belongs to one process, which always leads.
 */
import type { Db } from "../db/client";

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
  /** Stop leading (unlocking, so another process takes over at once) and stop asking. */
  stop(): Promise<void>;
}

interface ReservedSession {
  unsafe(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  release(): void;
}
interface PostgresJsPool {
  reserve(): Promise<ReservedSession>;
}

function poolOf(db: Db): PostgresJsPool | null {
  const client = (db as unknown as { $client?: { reserve?: unknown } }).$client;
  return client && typeof client.reserve === "function" ? (client as PostgresJsPool) : null;
}

export function electLeader(db: Db, options: LeaderOptions): Leadership {
  const pool = poolOf(db);
  let stopJobs: (() => void) | null = null;
  const lead = () => {
    stopJobs ??= options.onElected();
  };
  const depose = () => {
    stopJobs?.();
    stopJobs = null;
  };

  if (!pool) {
    // PGlite: one process, always the leader.
    lead();
    return { isLeader: () => true, stop: async () => depose() };
  }

  const key = options.key ?? LEADER_LOCK_KEY;
  const retryMs = options.retryMs ?? 2_000;
  let session: ReservedSession | null = null;
  let stopped = false;
  let turn: Promise<void> = Promise.resolve();

  // A session goes back to the pool only without the lock: a pooled connection must never keep leading.
  const dropSession = async () => {
    const ending = session;
    session = null;
    if (!ending) return;
    await ending.unsafe("select pg_advisory_unlock_all()").catch(() => {});
    ending.release();
  };

  async function tick() {
    if (stopped) return;
    try {
      session ??= await pool!.reserve();
      if (stopJobs) {
        // Still ours? A broken session has lost the lock already: stop before another process starts.
        await session.unsafe("select 1");
      } else {
        const [row] = await session.unsafe("select pg_try_advisory_lock($1) as got", [key]);
        if (row?.got === true && !stopped) lead();
      }
    } catch {
      depose();
      await dropSession();
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
      await dropSession();
    },
  };
}
