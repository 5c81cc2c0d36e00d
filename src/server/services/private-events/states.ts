/**
 * A private event request's life (the transitions we allow are recorded in docs/decisions.md): saved -> under_review (send), under_review -> approved | rejected (staff),
 * saved | under_review -> cancelled. "finished" is not stored: an approved request whose event has ended reads
 * finished. The lists ask by number: 1 active (approved), 2 under review (shown with saved and rejected),
 * 3 saved, 4 finished.
 */
import { EDITABLE_REQUEST_STATES, isEditableRequest, REQUEST_STATE, type RequestState, type StoredRequestState } from "../../../shared/domain/request-states";

export type StoredState = StoredRequestState;
export type RequestAction = "send" | "approve" | "reject" | "cancel";

const TRANSITIONS: Record<RequestAction, { from: readonly StoredState[]; to: StoredState }> = {
  send: { from: [REQUEST_STATE.saved], to: REQUEST_STATE.under_review },
  approve: { from: [REQUEST_STATE.under_review], to: REQUEST_STATE.approved },
  reject: { from: [REQUEST_STATE.under_review], to: REQUEST_STATE.rejected },
  cancel: { from: EDITABLE_REQUEST_STATES, to: REQUEST_STATE.cancelled },
};

/** The state an action leads to, or null when it is not allowed from `state`. */
export function nextState(state: RequestState, action: RequestAction): StoredState | null {
  const rule = TRANSITIONS[action];
  return (rule.from as readonly string[]).includes(state) ? rule.to : null;
}

/** What the owner sees: an approved request whose event has ended is finished. */
export function visibleState(stored: string, endDate: Date, now: Date): RequestState {
  if (stored === REQUEST_STATE.approved && endDate.getTime() <= now.getTime()) return REQUEST_STATE.finished;
  return stored as RequestState;
}

/** The owner may change fields, picture and guests only before staff decide. */
export const isEditable = (state: RequestState) => isEditableRequest(state);

/** Which visible states a list number shows (saved is listed with under review). */
export const STATES_OF_LIST: Record<"1" | "2" | "3" | "4", readonly RequestState[]> = {
  "1": [REQUEST_STATE.approved],
  "2": [REQUEST_STATE.under_review, REQUEST_STATE.saved, REQUEST_STATE.rejected],
  "3": [REQUEST_STATE.saved],
  "4": [REQUEST_STATE.finished],
};
