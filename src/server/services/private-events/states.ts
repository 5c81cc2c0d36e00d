/**
 * A private event's life (the transitions we allow are recorded in docs/decisions.md): saved -> under_review (send), under_review -> approved | rejected (staff),
 * saved | under_review -> cancelled. "finished" is not stored: an approved private event whose event has ended reads
 * finished. The lists ask by number: 1 active (approved), 2 under review (shown with saved and rejected),
 * 3 saved, 4 finished.
 */
import { PRIVATE_EVENT_LIST, type PrivateEventList } from "../../../shared/domain/private-events";
import { EDITABLE_PRIVATE_EVENT_STATES, isEditablePrivateEvent, PRIVATE_EVENT_STATE, type PrivateEventState, type StoredPrivateEventState } from "../../../shared/domain/private-event-states";

export type StoredState = StoredPrivateEventState;
export type PrivateEventAction = "send" | "approve" | "reject" | "cancel";

const TRANSITIONS: Record<PrivateEventAction, { from: readonly StoredState[]; to: StoredState }> = {
  send: { from: [PRIVATE_EVENT_STATE.saved], to: PRIVATE_EVENT_STATE.under_review },
  approve: { from: [PRIVATE_EVENT_STATE.under_review], to: PRIVATE_EVENT_STATE.approved },
  reject: { from: [PRIVATE_EVENT_STATE.under_review], to: PRIVATE_EVENT_STATE.rejected },
  cancel: { from: EDITABLE_PRIVATE_EVENT_STATES, to: PRIVATE_EVENT_STATE.cancelled },
};

/** The state an action leads to, or null when it is not allowed from `state`. */
export function nextState(state: PrivateEventState, action: PrivateEventAction): StoredState | null {
  const rule = TRANSITIONS[action];
  return (rule.from as readonly string[]).includes(state) ? rule.to : null;
}

/** What the owner sees: an approved private event whose event has ended is finished. */
export function visibleState(stored: string, endDate: Date, now: Date): PrivateEventState {
  if (stored === PRIVATE_EVENT_STATE.approved && endDate.getTime() <= now.getTime()) return PRIVATE_EVENT_STATE.finished;
  return stored as PrivateEventState;
}

/** The owner may change fields, picture and guests only before staff decide. */
export const isEditable = (state: PrivateEventState) => isEditablePrivateEvent(state);

/** Which visible states a list number shows (saved is listed with under review). */
export const STATES_OF_LIST: Record<PrivateEventList, readonly PrivateEventState[]> = {
  [PRIVATE_EVENT_LIST.active]: [PRIVATE_EVENT_STATE.approved],
  [PRIVATE_EVENT_LIST.inProgress]: [PRIVATE_EVENT_STATE.under_review, PRIVATE_EVENT_STATE.saved, PRIVATE_EVENT_STATE.rejected],
  [PRIVATE_EVENT_LIST.saved]: [PRIVATE_EVENT_STATE.saved],
  [PRIVATE_EVENT_LIST.finished]: [PRIVATE_EVENT_STATE.finished],
};
