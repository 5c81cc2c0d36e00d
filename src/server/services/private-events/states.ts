/**
 * A private event request's life (account.md section 4; the spec leaves the transitions open, decisions.md
 * says which we allow): saved -> under_review (send), under_review -> approved | rejected (staff),
 * saved | under_review -> cancelled. "finished" is not stored: an approved request whose event has ended reads
 * finished. The lists ask by number: 1 active (approved), 2 under review (shown with saved and rejected),
 * 3 saved, 4 finished.
 */
import type { RequestState } from "../../../shared/schemas/answers/private-events";

export type StoredState = Exclude<RequestState, "finished">;
export type RequestAction = "send" | "approve" | "reject" | "cancel";

const TRANSITIONS: Record<RequestAction, { from: readonly StoredState[]; to: StoredState }> = {
  send: { from: ["saved"], to: "under_review" },
  approve: { from: ["under_review"], to: "approved" },
  reject: { from: ["under_review"], to: "rejected" },
  cancel: { from: ["saved", "under_review"], to: "cancelled" },
};

/** The state an action leads to, or null when it is not allowed from `state`. */
export function nextState(state: RequestState, action: RequestAction): StoredState | null {
  const rule = TRANSITIONS[action];
  return (rule.from as readonly string[]).includes(state) ? rule.to : null;
}

/** What the owner sees: an approved request whose event has ended is finished. */
export function visibleState(stored: string, endDate: Date, now: Date): RequestState {
  if (stored === "approved" && endDate.getTime() <= now.getTime()) return "finished";
  return stored as RequestState;
}

/** The owner may change fields, picture and guests only before staff decide. */
export const isEditable = (state: RequestState) => state === "saved" || state === "under_review";

/** Which visible states a list number shows (account.md section 4: saved is listed with under review). */
export const STATES_OF_LIST: Record<"1" | "2" | "3" | "4", readonly RequestState[]> = {
  "1": ["approved"],
  "2": ["under_review", "saved", "rejected"],
  "3": ["saved"],
  "4": ["finished"],
};
