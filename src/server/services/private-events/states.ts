/**
 * A private event's states as its owner reads them (the changes between them are PRIVATE_EVENT_TRANSITIONS,
 * src/shared/domain/private-event-states.ts, applied by private-event-life.ts): saved -> under_review (send),
 * under_review -> approved | rejected (staff), saved | under_review -> cancelled (the owner withdraws it).
 * "finished" is not stored: an approved private event whose event has ended reads finished. The lists ask by number: 1 active (approved), 2 under review (shown with saved and rejected),
 * 3 saved, 4 finished.
 */
import { PRIVATE_EVENT_LIST, type PrivateEventList } from "../../../shared/domain/private-events";
import {
  isEditablePrivateEvent,
  nextPrivateEventState,
  PRIVATE_EVENT_STATE,
  type PrivateEventChange,
  type PrivateEventState,
  type StoredPrivateEventState,
} from "../../../shared/domain/private-event-states";

export type StoredState = StoredPrivateEventState;
export type PrivateEventAction = PrivateEventChange;

/** The state an action leads to, or null when it is not allowed from `state` (PRIVATE_EVENT_TRANSITIONS). */
export function nextState(state: PrivateEventState, action: PrivateEventAction): StoredState | null {
  return nextPrivateEventState(state, action);
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
