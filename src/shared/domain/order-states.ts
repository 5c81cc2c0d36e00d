/**
 * Order states (DESIGN.md "Orders"; account spec section 4): `awaiting_payment` -> paid | cancelled | expired;
 * `awaiting_transfer_payment` -> paid (staff) | cancelled | expired; an organiser-funded order starts paid.
 */
export const ORDER_STATES = ["awaiting_payment", "awaiting_transfer_payment", "paid", "cancelled", "expired"] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** The unpaid states: their seats are held until `hold_expires_at`, and only they may become paid or cancelled. */
export const AWAITING_STATES = ["awaiting_payment", "awaiting_transfer_payment"] as const satisfies readonly OrderState[];
export type AwaitingState = (typeof AWAITING_STATES)[number];

export function isAwaiting(state: string): state is AwaitingState {
  return (AWAITING_STATES as readonly string[]).includes(state);
}

/** How a state chip looks: its colour and its catalogue label. */
export interface StateLook {
  tone: "pending" | "paid" | "cancelled" | "other";
  label: "account.state.pending" | "account.state.paid" | "account.state.cancelled" | "account.state.expired" | "account.state.other";
}

/** account.md section 4: both awaiting_* are Pending (yellow), paid green, cancelled red, any other dark green. */
export function stateLook(state: string): StateLook {
  if (isAwaiting(state)) return { tone: "pending", label: "account.state.pending" };
  if (state === "paid") return { tone: "paid", label: "account.state.paid" };
  if (state === "cancelled") return { tone: "cancelled", label: "account.state.cancelled" };
  return { tone: "other", label: state === "expired" ? "account.state.expired" : "account.state.other" };
}
