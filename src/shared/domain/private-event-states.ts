/**
 * A private event's states: saved -> under_review (the owner sends it), under_review -> approved |
 * rejected (staff decide), saved | under_review -> cancelled (the owner withdraws it). `finished` is never
 * stored: an approved private event whose event has ended reads finished. The `private_events.state` column is bound
 * to `STORED_PRIVATE_EVENT_STATES`.
 */
export const PRIVATE_EVENT_STATE = {
  saved: "saved",
  under_review: "under_review",
  approved: "approved",
  rejected: "rejected",
  finished: "finished",
  cancelled: "cancelled",
} as const;
export const PRIVATE_EVENT_STATES = [
  PRIVATE_EVENT_STATE.saved,
  PRIVATE_EVENT_STATE.under_review,
  PRIVATE_EVENT_STATE.approved,
  PRIVATE_EVENT_STATE.rejected,
  PRIVATE_EVENT_STATE.finished,
  PRIVATE_EVENT_STATE.cancelled,
] as const;
export type PrivateEventState = (typeof PRIVATE_EVENT_STATES)[number];

/** The states a row may hold (every state but `finished`, which is read from the event's end). */
export const STORED_PRIVATE_EVENT_STATES = [
  PRIVATE_EVENT_STATE.saved,
  PRIVATE_EVENT_STATE.under_review,
  PRIVATE_EVENT_STATE.approved,
  PRIVATE_EVENT_STATE.rejected,
  PRIVATE_EVENT_STATE.cancelled,
] as const satisfies readonly PrivateEventState[];
export type StoredPrivateEventState = (typeof STORED_PRIVATE_EVENT_STATES)[number];

/** The owner may change fields, picture and guests only before staff decide. */
export const EDITABLE_PRIVATE_EVENT_STATES = [PRIVATE_EVENT_STATE.saved, PRIVATE_EVENT_STATE.under_review] as const satisfies readonly StoredPrivateEventState[];

export function isEditablePrivateEvent(state: string): boolean {
  return (EDITABLE_PRIVATE_EVENT_STATES as readonly string[]).includes(state);
}

/**
 * The changes of a private event's life, each with the states it may start from and the state it leads to. The
 * server applies them in one place (services/private-events/private-event-life.ts), the only code that writes
 * `private_events.state`:
 * - `send`: the owner sends a saved private event for review (once it has its picture and a guest);
 * - `approve`, `reject`: staff decide on one under review;
 * - `cancel`: the owner withdraws it before staff decide.
 */
export const PRIVATE_EVENT_TRANSITIONS = {
  send: { from: [PRIVATE_EVENT_STATE.saved], to: PRIVATE_EVENT_STATE.under_review },
  approve: { from: [PRIVATE_EVENT_STATE.under_review], to: PRIVATE_EVENT_STATE.approved },
  reject: { from: [PRIVATE_EVENT_STATE.under_review], to: PRIVATE_EVENT_STATE.rejected },
  cancel: { from: EDITABLE_PRIVATE_EVENT_STATES, to: PRIVATE_EVENT_STATE.cancelled },
} as const satisfies Record<string, { from: readonly StoredPrivateEventState[]; to: StoredPrivateEventState }>;
export type PrivateEventChange = keyof typeof PRIVATE_EVENT_TRANSITIONS;

/** The state `change` leads to from `state`, or null when it is not allowed from there. */
export function nextPrivateEventState(state: string, change: PrivateEventChange): StoredPrivateEventState | null {
  const rule = PRIVATE_EVENT_TRANSITIONS[change];
  return (rule.from as readonly string[]).includes(state) ? rule.to : null;
}
