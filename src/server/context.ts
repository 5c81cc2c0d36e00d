/**
 * What the shop's routes and services work with, built once per running app by `createApp`: the database, the
 * parsed environment, the clock, the mailer, the payment adapters (whose in-memory ledger every request of the
 * app shares) and the account keys. Tests open many apps, each with its own clock, limiter and outbox.
 */
import type { Db } from "./db/client";
import type { Env } from "./env";
import { createAuthKit, type AuthKit } from "./auth/auth-kit";
import { createMailer, type Mailer } from "./mail/mailer";
import { createPaymentAdapters, type PaymentAdapters } from "./payments";
import { createOutbox, type Outbox } from "./outbox/worker";
import { createSms, type SmsSender } from "./sms/sms";
import { createCatalogueChanges, type CatalogueChanges } from "./catalogue/changes";
import { AnswerCache } from "./catalogue/answer-cache";

/** What `createApp` is given: tests move the clock with `now`. */
export interface ShopSetup {
  db: Db;
  env: Env;
  now?: () => Date;
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

export function createShopContext(setup: ShopSetup): ShopContext {
  const now = setup.now ?? (() => new Date());
  const context = {
    db: setup.db,
    env: setup.env,
    now,
    mailer: createMailer(setup.env, now),
    sms: createSms(setup.env, now),
    payments: createPaymentAdapters(setup.env, { now }),
    auth: createAuthKit(setup.env),
    catalogue: createCatalogueChanges(),
    answers: new AnswerCache(),
  } as ShopContext;
  context.catalogue.listen((change) => context.answers.invalidate(change));
  context.outbox = createOutbox(context);
  return context;
}
