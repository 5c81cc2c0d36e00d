/**
 * What the shop's routes and services work with: the database, the parsed environment, the clock, the mailer, the
 * payment adapters (whose in-memory ledger every request of the app shares) and the account keys. Interfaces only:
 * the composition root (composition.ts) builds one per running app; tests open many apps, each with its own clock,
 * limiter and outbox.
 */
import type { Db } from "./db/client";
import type { Env } from "./env";
import type { AuthKit } from "./auth/auth-kit";
import type { Mailer } from "./mail/mailer";
import type { PaymentAdapters } from "./payments";
import type { Outbox } from "./outbox/worker";
import type { SmsSender } from "./sms/sms-sender";
import type { CatalogueChanges } from "./catalogue/changes";
import type { AnswerCache } from "./catalogue/answer-cache";

/** What `createApp` is given: tests move the clock with `now`. */
export interface ShopSetup {
  db: Db;
  env: Env;
  now?: () => Date;
  /** Every attempt-limit window shortened to this (tests that wait a lock out: the limiter keeps real time). */
  rateWindowMs?: number;
}

export interface ShopContext {
  db: Db;
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
  /** The public catalogue reads' answers (src/server/catalogue/answer-cache.ts), dropped as `catalogue` announces. */
  answers: AnswerCache;
}
