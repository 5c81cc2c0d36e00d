/**
 * A private event's life in one place: the only code that writes `private_events.state` (a test reads the source
 * and fails on any other writer). Each change follows the table of allowed transitions
 * (`PRIVATE_EVENT_TRANSITIONS`, src/shared/domain/private-event-states.ts), takes the private event's row lock
 * (`select … for update`: of two staff approving at once, or the owner withdrawing it while staff approve, one
 * change applies and the other finds the new state), and appends the change to its history (the audit log's rows
 * of resource `event-requests`, the name the log kept from before) with who made it: the owner (send, withdraw) or
 * the staff member who decided. All in the caller's transaction.
 */
import { eq, sql } from "drizzle-orm";
import { AUDIT_ACTION, type AuditAction } from "../../../shared/domain/audit-actions";
import { ORDER_ACTOR } from "../../../shared/domain/order-states";
import { nextPrivateEventState, type PrivateEventChange, type StoredPrivateEventState } from "../../../shared/domain/private-event-states";
import type { Db } from "../../db/client";
import { auditLog, privateEvents, users } from "../../db/schema";

/** The audit log's resource name of a private event (kept from when they were called event requests). */
export const PRIVATE_EVENT_HISTORY = "event-requests";

/** What the history calls each change. */
const ACTION_OF: Record<PrivateEventChange, AuditAction> = {
  send: AUDIT_ACTION.request_submit,
  approve: AUDIT_ACTION.request_approve,
  reject: AUDIT_ACTION.request_reject,
  cancel: AUDIT_ACTION.request_cancel,
};

/** Who changes a private event: its owner, or a staff member (their account and email). */
export type PrivateEventActor = { kind: typeof ORDER_ACTOR.customer; id: number } | { kind: typeof ORDER_ACTOR.staff; id: number; email: string };

export function byOwner(ownerId: number): PrivateEventActor {
  return { kind: ORDER_ACTOR.customer, id: ownerId };
}

export function byReviewer(staff: { id: number; email: string }): PrivateEventActor {
  return { kind: ORDER_ACTOR.staff, id: staff.id, email: staff.email };
}

export interface PrivateEventChangeOptions {
  /** Other columns the change sets with the state (the staff's quote, the rejection's reason). */
  set?: Partial<Omit<typeof privateEvents.$inferInsert, "id" | "state" | "ownerId">>;
  /** Only the owner's own private event may change (their id): another's reads as absent. */
  ownerId?: number;
  /** What the history keeps beside the two states. */
  details?: Record<string, unknown>;
  /** Work done with the changed row before its history entry is written; what it answers joins the entry. */
  then?: (row: typeof privateEvents.$inferSelect) => Promise<Record<string, unknown> | void>;
}

export type PrivateEventChangeResult =
  | { outcome: "changed"; row: typeof privateEvents.$inferSelect }
  | { outcome: "disallowed"; state: StoredPrivateEventState }
  | { outcome: "missing" };

/** One change of a private event, under its row lock, checked against the table and written into its history. */
export async function changePrivateEvent(
  tx: Db,
  id: number,
  change: PrivateEventChange,
  by: PrivateEventActor,
  options: PrivateEventChangeOptions = {},
): Promise<PrivateEventChangeResult> {
  const [locked] = await tx.select({ state: privateEvents.state, ownerId: privateEvents.ownerId }).from(privateEvents).where(eq(privateEvents.id, id)).for("update");
  if (!locked || (options.ownerId !== undefined && locked.ownerId !== options.ownerId)) return { outcome: "missing" };
  const to = nextPrivateEventState(locked.state, change);
  if (to === null) return { outcome: "disallowed", state: locked.state };
  const [row] = await tx
    .update(privateEvents)
    .set({ ...options.set, state: to })
    .where(eq(privateEvents.id, id))
    .returning();
  const more = (await options.then?.(row!)) ?? {};
  await tx.insert(auditLog).values({
    userId: by.id,
    userEmail: by.kind === ORDER_ACTOR.staff ? by.email : sql`coalesce((select ${users.email} from ${users} where ${users.id} = ${by.id}), ${by.kind})`,
    resource: PRIVATE_EVENT_HISTORY,
    resourceId: id,
    action: ACTION_OF[change],
    before: { state: locked.state },
    after: { state: to, ...options.details, ...more },
    actor: by.kind,
  });
  return { outcome: "changed", row: row! };
}
