/**
 * A private event request's states: saved -> under_review (the owner sends it), under_review -> approved |
 * rejected (staff decide), saved | under_review -> cancelled (the owner withdraws it). `finished` is never
 * stored: an approved request whose event has ended reads finished. The `event_requests.state` column is bound
 * to `STORED_REQUEST_STATES`.
 */
export const REQUEST_STATE = {
  saved: "saved",
  under_review: "under_review",
  approved: "approved",
  rejected: "rejected",
  finished: "finished",
  cancelled: "cancelled",
} as const;
export const REQUEST_STATES = [
  REQUEST_STATE.saved,
  REQUEST_STATE.under_review,
  REQUEST_STATE.approved,
  REQUEST_STATE.rejected,
  REQUEST_STATE.finished,
  REQUEST_STATE.cancelled,
] as const;
export type RequestState = (typeof REQUEST_STATES)[number];

/** The states a row may hold (every state but `finished`, which is read from the event's end). */
export const STORED_REQUEST_STATES = [
  REQUEST_STATE.saved,
  REQUEST_STATE.under_review,
  REQUEST_STATE.approved,
  REQUEST_STATE.rejected,
  REQUEST_STATE.cancelled,
] as const satisfies readonly RequestState[];
export type StoredRequestState = (typeof STORED_REQUEST_STATES)[number];

/** The owner may change fields, picture and guests only before staff decide. */
export const EDITABLE_REQUEST_STATES = [REQUEST_STATE.saved, REQUEST_STATE.under_review] as const satisfies readonly StoredRequestState[];

export function isEditableRequest(state: string): boolean {
  return (EDITABLE_REQUEST_STATES as readonly string[]).includes(state);
}
