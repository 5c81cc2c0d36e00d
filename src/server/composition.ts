/**
 * The composition root: the one place that builds the shop's parts and wires them together, so no other module
 * imports an implementation only to hand it on. It builds the context (adapters for mail, SMS, payments, the account
 * keys, the catalogue's change feed and answer cache, the outbox worker), the registry of outbox jobs (every feature
 * exports its own; a new job kind is listed here), and the background work of a serving process: the leader and,
 * in it, the hold sweeper and the outbox poll. `createApp` (app.ts) calls it.
 */
import { reportJobs } from "./services/reports/jobs";
import { startDayEndSweeper } from "./services/reports/day-end";
import { createAuthKit } from "./auth/app-keys";
import { AnswerCache } from "./answer-cache/answer-cache";
import { createCatalogueChanges } from "./change-feed/change-feed";
import type { ShopContext, ShopSetup } from "./context";
import { createMailer } from "./mail/mailer";
import { handlerFor, type JobRegistry } from "./outbox/jobs";
import { electLeader, type Leadership } from "./outbox/leader";
import { createOutbox } from "./outbox/worker";
import { createPaymentAdapters } from "./payments";
import { dispatchJobs } from "./services/dispatch/jobs";
import { orderJobs } from "./services/order-notices/jobs";
import { startExpirySweeper } from "./services/sweeper/sweeper";
import { privateEventJobs } from "./services/private-events/jobs";
import { shareJobs } from "./services/shares/jobs";
import { waitingListJobs } from "./services/waiting-list/jobs";
import { createSms } from "./sms/sms";
import { watchReplica } from "./db/replica";
import { liveJobs } from "./services/live/jobs";
import { createLiveFeed } from "./services/live/live-feed";
import { paymentAttemptJobs } from "./services/payment-attempts/jobs";

/** Every outbox job of every feature: a kind a feature names without a handler here does not compile. */
export const outboxJobs = {
  ...orderJobs,
  ...privateEventJobs,
  ...dispatchJobs,
  ...shareJobs,
  ...waitingListJobs,
  ...liveJobs,
  ...paymentAttemptJobs,
  ...reportJobs,
} satisfies JobRegistry;

export function createShopContext(setup: ShopSetup): ShopContext {
  const now = setup.now ?? (() => new Date());
  const context = {
    db: setup.db,
    readDb: setup.readDb ?? setup.db,
    replica: setup.replica ?? (setup.readDb ? watchReplica(setup.db, setup.readDb) : undefined),
    env: setup.env,
    now,
    mailer: createMailer(setup.env, now),
    sms: createSms(setup.env, now),
    payments: createPaymentAdapters(setup.env, { now }),
    auth: createAuthKit(setup.env, { rateWindowMs: setup.rateWindowMs, pause: setup.pause }),
    catalogue: createCatalogueChanges(),
    answers: new AnswerCache({ now: () => now().getTime() }),
  } as ShopContext;
  context.catalogue.listen((change) => context.answers.invalidate(change));
  context.live = createLiveFeed(context);
  context.outbox = createOutbox(context, async (kind, payload, job) => {
    const handler = handlerFor(outboxJobs, kind);
    if (!handler) throw new Error(`no handler for outbox kind "${kind}"`);
    return handler(context, payload, job);
  });
  return context;
}

/**
 * The background work of a serving shop process: every process delivers its own commits' mails at once
 * (`outbox.wake`) and polls the outbox, so the tickets of an on-sale paid through one process (or written by
 * another host) leave through all of them (each row leased to one: outbox/worker.ts); the hold sweeper and the live
 * feed's lead run in the leader only (outbox/leader.ts), so N processes on one PostgreSQL sweep once between them.
 */
export function startBackgroundWork(deps: ShopContext, options: { leaderRetryMs?: number } = {}): Leadership {
  deps.outbox.start();
  const leadership = electLeader(deps.db, {
    retryMs: options.leaderRetryMs,
    onElected() {
      const stopSweeper = startExpirySweeper(deps);
      const stopLeadingLive = deps.live.lead();
      const stopDayEnds = startDayEndSweeper(deps);
      return () => {
        stopDayEnds();
        stopLeadingLive();
        stopSweeper();
      };
    },
  });
  return {
    isLeader: () => leadership.isLeader(),
    async stop() {
      deps.outbox.stop();
      await leadership.stop();
    },
  };
}
