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
