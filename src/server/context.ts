/**
 * What the shop's routes and services work with: the database, the parsed environment, the clock, the mailer, the
 * payment adapters (whose in-memory ledger every request of the app shares) and the account keys. Interfaces only:
 * the composition root (composition.ts) builds one per running app; tests open many apps, each with its own clock,
 * limiter and outbox.
 */
import type { Db } from "./db/client";
import type { ReplicaWatch } from "./db/replica";
import type { Env } from "./env";
import type { AuthKit } from "./auth/app-keys";
import type { Mailer } from "./mail/mailer";
import type { PaymentAdapters } from "./payments";
import type { Outbox } from "./outbox/worker";
import type { SmsSender } from "./sms/sms-sender";
import type { CatalogueChanges } from "./change-feed/change-feed";
import type { AnswerCache } from "./answer-cache/answer-cache";
import type { LiveRun } from "../shared/schemas/answers/live";
import type { DispatchBoardEvent } from "../shared/schemas/answers/dispatch";
import type { Leg } from "../shared/domain/legs";

/** What `createApp` is given: tests move the clock with `now`. */
export interface ShopSetup {
  db: Db;
  /** Where catalogue reads, the search, reports and exports go: a streaming replica of `db` (absent: `db` itself). */
  readDb?: Db;
  /** Tests stand in for the replica's replay (default: the replica's own replay position, src/server/db/replica.ts). */
  replica?: ReplicaWatch;
  env: Env;
  now?: () => Date;
  /** Every attempt-limit window shortened to this (tests that wait a lock out: the limiter keeps real time). */
  rateWindowMs?: number;
  /** How the log-in delay is waited (accountDelayMs); a timer unless said (tests record the waits). */
  pause?: (ms: number) => Promise<void>;
}

export interface ShopContext {
  /** The primary: every write, and every read that decides money or seats. */
  db: Db;
  /**
   * Catalogue reads, the search, reports and exports: the replica when DATABASE_READ_URL is set, else `db`. A
   * replica runs a moment behind, so nothing that decides money or seats (a purchase's lookup) reads here.
   */
  readDb: Db;
  /** Watches the replica's replay of catalogue changes (src/server/db/replica.ts); absent without a replica. */
  replica?: ReplicaWatch;
  env: Env;
  /** The one clock: every "now" of a request or a sweep comes from here. */
  now: () => Date;
  mailer: Mailer;
  sms: SmsSender;
  payments: PaymentAdapters;
  auth: AuthKit;
  /** Side effects written with `enqueue` in a transaction are delivered by this worker (src/server/outbox). */
  outbox: Outbox;
  /** Announced after a committed catalogue change; the read cache and the static-page publisher listen. */
  catalogue: CatalogueChanges;
  /** The public catalogue reads' answers (src/server/answer-cache/answer-cache.ts), dropped as `catalogue` announces. */
  answers: AnswerCache;
  /** The day, live: each published run's live state, pushed to the screens that watch it (services/live/live-feed.ts). */
  live: LiveFeed;
}

/** The live feed of one shop process (services/live/live-feed.ts). */
export interface LiveFeed {
  /** Calls `listener` with the run's live state at once and after every change, until the answered function is called. */
  watch(runId: number, listener: (run: LiveRun) => void): () => void;
  /**
   * Calls `listener` with the board of the event date and leg (the board and the plan) at once and after every
   * change of it (the feed reads a cheap stamp of it every second), until the answered function is called.
   */
  watchBoard(eventDateId: number, leg: Leg, listener: (board: DispatchBoardEvent) => void): () => void;
  /** The run's latest live state (computed now when none is known), or null when its plan is not published. */
  current(runId: number): Promise<LiveRun | null>;
  /**
   * The run's frame as the feed keeps it (its plan, van, driver and passengers), or null when not published. Its
   * type is the live service's (`RunFrame`, read through `feedFrame`), which this module may not import.
   */
  frame(runId: number): Promise<unknown>;
  /**
   * Positions or boardings of these runs changed: recompute and push them now. `positionId`: the newest position
   * this process stored for them, so its poll of the positions table does not recompute them a second time.
   */
  announce(runIds: readonly number[], positionId?: number): void;
  /** One poll: recompute the runs that received positions since the last one, push them, send due arrivals. */
  tick(): Promise<void>;
  /** This process leads: it recomputes every run that receives positions, watched or not. Answers the stop. */
  lead(): () => void;
  /** Resolves when the recomputation under way is done. */
  settle(): Promise<void>;
  close(): void;
}

/**
 * The context of a read that may run a moment behind the primary (reports, exports): its `db` is the read database.
 * It writes nothing and decides no money or seats.
 */
export function readingDeps(deps: ShopContext): ShopContext {
  return deps.readDb === deps.db ? deps : { ...deps, db: deps.readDb };
}
