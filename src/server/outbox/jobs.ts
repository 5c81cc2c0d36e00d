/**
 * Outbox jobs: one handler per kind of side effect. A handler receives the shop context and the payload given to
 * `enqueue`; it throws to be retried later (with backoff), so it must be safe to run twice (a process may die after
 * acting and before marking the row done).
 *
 * Each feature owns its jobs: it names each kind and its payload in `OutboxPayloads` (a `declare module` block
 * beside its handlers, in its `jobs.ts`) and exports the handlers; the composition root (src/server/composition.ts)
 * lists every feature's jobs in the one registry the worker delivers through. This module imports no feature.
 */
import type { ShopContext } from "../context";
import type { OutboxJob } from "./worker";

export type { OutboxJob };

/**
 * Every job kind and its payload, filled in by the features (`declare module "…/outbox/jobs"`), so `enqueue` and the
 * registry are typed without this module importing them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface OutboxPayloads {}

export type OutboxKind = keyof OutboxPayloads;
export type OutboxPayload<K extends OutboxKind> = OutboxPayloads[K];

/** A handler that decided not to act (the mail no longer makes sense) says why: the row is done, and keeps it. */
export interface OutboxSkip {
  skipped: string;
}

export type OutboxHandler<P> = (deps: ShopContext, payload: P, job: OutboxJob) => Promise<void | OutboxSkip>;

/** A feature's jobs: a handler for each kind it names. */
export type OutboxHandlers<K extends OutboxKind> = { [Kind in K]: OutboxHandler<OutboxPayloads[Kind]> };

/** The whole registry: every kind named anywhere has its handler (a missing one does not compile). */
export type JobRegistry = OutboxHandlers<OutboxKind>;

/** The handler registered for `kind`, if any (a row may name a kind this version no longer has). */
export function handlerFor(registry: JobRegistry, kind: string): OutboxHandler<unknown> | undefined {
  return Object.hasOwn(registry, kind) ? (registry[kind as OutboxKind] as OutboxHandler<unknown>) : undefined;
}
