/**
 * Delivering the outbox. A pass claims due rows with `FOR UPDATE SKIP LOCKED` (so any number of shop processes
 * on one PostgreSQL share the work without taking a row twice) and leases them: the claim moves `run_at` a lease
 * ahead, so a row whose process died mid-delivery is taken again once the lease runs out. Each row then runs its
 * handler outside any transaction; success sets `done_at`, failure keeps the error and waits with backoff. A lane
 * renews a row's lease right before delivering it, and every half lease while it does, on the condition that the row
 * is still the one it claimed (same try, not done): a row whose lease ran out while it waited its turn in the batch,
 * and which another lane or process took meanwhile, is left to that one instead of being mailed twice.
 *
 * Every serving process delivers right after its own commits that enqueued something (`wake`) and polls every few
 * seconds for the rest (rows other processes or hosts wrote, retries, rows of processes that died), with
 * OUTBOX_CONCURRENCY lanes at once when a backlog is due. Tests leave both off and call `drain()`, which delivers
 * everything due before it answers.
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { outbox } from "../db/schema";
import type { Env } from "../env";
import { OUTBOX_MAX_ATTEMPTS, retryDelayMs } from "./backoff";

/** Rows one claim takes: small, so a slow mail server does not keep many rows leased by one lane. */
const CLAIM_BATCH = 5;
const POLL_MS = 2_000;

export interface Outbox {
  /** Deliver what is due now, soon, in the background (a no-op until `acceptWakes` or `start`). */
  wake(): void;
  /** Deliver everything due, one pass after another, until nothing is left; answers how many were tried. */
  drain(): Promise<number>;
  /** Make `wake` deliver (every serving process). */
  acceptWakes(): void;
  /** Poll every few seconds, and accept wakes (every serving process). */
  start(): void;
  /** Stop polling (shutdown); wakes stay accepted. */
  stop(): void;
}

export interface OutboxJob {
  id: number;
  /** The row's own random key: its mail's Message-ID, the same on every retry and never another database's. */
  mailKey: string;
  /** 1 on the first try. */
  attempt: number;
}

/** What the worker needs of the shop: its database, lease length and clock. */
export interface OutboxWorkerDeps {
  db: Db;
  env: Pick<Env, "OUTBOX_LEASE_SECONDS"> & Partial<Pick<Env, "OUTBOX_CONCURRENCY">>;
  now: () => Date;
}

/** Runs one claimed row (the composition root looks up the kind's handler); throws to be retried. */
export type DeliverJob = (kind: string, payload: unknown, job: OutboxJob) => Promise<void | { skipped: string }>;

interface ClaimedRow {
  id: number;
  mail_key: string;
  kind: string;
  payload: unknown;
  attempts: number;
}

export function createOutbox(deps: OutboxWorkerDeps, deliver: DeliverJob): Outbox {
  let timer: NodeJS.Timeout | undefined;
  let awake = false;
  let pass: Promise<number> | null = null;
  let warned = false;

  async function claim(): Promise<ClaimedRow[]> {
    const now = deps.now();
    const leaseUntil = new Date(now.getTime() + deps.env.OUTBOX_LEASE_SECONDS * 1000);
    // A new row is due at once whatever the test clock says (run_at = created_at, both the commit's time);
    // a scheduled or retried one when the shop's clock reaches its run_at.
    const result = await deps.db.execute(sql`
      update ${outbox} set attempts = attempts + 1, run_at = ${leaseUntil.toISOString()}::timestamptz
      where id in (
        select id from ${outbox}
        where done_at is null and attempts < ${OUTBOX_MAX_ATTEMPTS}
          and (run_at <= ${now.toISOString()}::timestamptz or (attempts = 0 and run_at <= created_at))
        order by id
        limit ${CLAIM_BATCH}
        for update skip locked
      )
      returning id, kind, payload, attempts, mail_key`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as ClaimedRow[];
    return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) })).sort((a, b) => a.id - b.id);
  }

  /** Moves the row's lease on if it is still this claim's (its try unchanged, not done); false: another took it. */
  async function renew(row: ClaimedRow): Promise<boolean> {
    const leaseUntil = new Date(deps.now().getTime() + deps.env.OUTBOX_LEASE_SECONDS * 1000);
    const result = await deps.db.execute(sql`
      update ${outbox} set run_at = ${leaseUntil.toISOString()}::timestamptz
      where id = ${row.id} and attempts = ${row.attempts} and done_at is null
      returning id`);
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows).length > 0;
  }

  async function run(row: ClaimedRow): Promise<void> {
    // The database away: the row's lease runs out and the row is taken again later.
    if (!(await renew(row).catch(() => false))) return;
    const heartbeat = setInterval(() => void renew(row).catch(() => false), (deps.env.OUTBOX_LEASE_SECONDS * 1000) / 2);
    heartbeat.unref();
    try {
      const outcome = await deliver(row.kind, row.payload, { id: row.id, mailKey: row.mail_key, attempt: row.attempts });
      // Done either way; a skip keeps its reason, so the desk never calls a mail that did not leave sent.
      await deps.db.update(outbox).set({ doneAt: deps.now(), lastError: null, skippedReason: outcome?.skipped ?? null }).where(eq(outbox.id, row.id));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`outbox ${row.id} (${row.kind}) failed on try ${row.attempts}: ${message}`);
      const runAt = new Date(deps.now().getTime() + retryDelayMs(row.attempts));
      await deps.db.update(outbox).set({ lastError: message.slice(0, 2000), runAt }).where(eq(outbox.id, row.id));
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** One lane: claims a few rows, delivers them one after the other, and goes on until a claim comes back short. */
  async function lane(): Promise<number> {
    let tried = 0;
    for (;;) {
      const rows = await claim();
      for (const row of rows) await run(row);
      tried += rows.length;
      if (rows.length < CLAIM_BATCH) return tried;
    }
  }

  /**
   * Every due row, by OUTBOX_CONCURRENCY lanes at once. Each lane claims its own rows (`SKIP LOCKED` and the lease
   * keep two lanes, or two processes, off one row), so a backlog leaves as fast as the mail server and the cores
   * allow while a single row still goes at once.
   */
  async function deliverDue(lanes: number): Promise<number> {
    const rows = await claim();
    const first = (async () => {
      for (const row of rows) await run(row);
      return rows.length;
    })();
    // A short first claim: nothing more is due (the common case, one mail after a purchase), no other lane needed.
    if (rows.length < CLAIM_BATCH) return first;
    const tried = await Promise.all([first.then(async (done) => done + (await lane())), ...Array.from({ length: lanes - 1 }, () => lane())]);
    return tried.reduce((sum, count) => sum + count, 0);
  }

  /** One pass at a time per process; a call during a pass runs another one after it. */
  function runPass(lanes = Math.max(1, deps.env.OUTBOX_CONCURRENCY ?? 1)): Promise<number> {
    if (pass) return pass.then(() => runPass(lanes));
    pass = deliverDue(lanes).finally(() => {
      pass = null;
    });
    return pass;
  }

  function background() {
    runPass().catch((error: unknown) => {
      // A closed database at shutdown or a passing outage: the next poll tries again.
      if (!warned) console.warn("outbox delivery failed:", error instanceof Error ? error.message : error);
      warned = true;
    });
  }

  return {
    wake() {
      if (awake) queueMicrotask(background);
    },
    acceptWakes() {
      awake = true;
    },
    async drain() {
      let total = 0;
      for (;;) {
        // One lane: what a test drains leaves in the order it was written.
        const tried = await runPass(1);
        total += tried;
        if (tried === 0) return total;
      }
    },
    start() {
      awake = true;
      if (timer) return;
      timer = setInterval(background, POLL_MS);
      // The worker never keeps the process alive on its own.
      timer.unref();
      background();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
