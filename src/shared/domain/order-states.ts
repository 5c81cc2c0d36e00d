/**
 * Order states: `awaiting_payment` -> paid | cancelled | expired; `awaiting_transfer_payment` -> paid (staff
 * validate the transfer) | cancelled | expired; an organiser-funded or free order starts paid. Server and
 * browser write a state only through `ORDER_STATE`; the `orders.state` column is bound to `ORDER_STATES`.
 */
export const ORDER_STATE = {
  awaiting_payment: "awaiting_payment",
  awaiting_transfer_payment: "awaiting_transfer_payment",
  paid: "paid",
  cancelled: "cancelled",
  expired: "expired",
} as const;
export const ORDER_STATES = [
  ORDER_STATE.awaiting_payment,
  ORDER_STATE.awaiting_transfer_payment,
  ORDER_STATE.paid,
  ORDER_STATE.cancelled,
  ORDER_STATE.expired,
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === "string" && (ORDER_STATES as readonly string[]).includes(value);
}

/** The unpaid states: their seats are held until `hold_expires_at`, and only they may become paid or cancelled. */
export const AWAITING_STATES = [ORDER_STATE.awaiting_payment, ORDER_STATE.awaiting_transfer_payment] as const satisfies readonly OrderState[];
export type AwaitingState = (typeof AWAITING_STATES)[number];

export function isAwaiting(state: string): state is AwaitingState {
  return (AWAITING_STATES as readonly string[]).includes(state);
}

/**
 * The states whose tickets take a seat: paid, and the awaiting ones (whose hold may still run out: the live
 * stock also reads `hold_expires_at`). The seat-count triggers of the database test the same list.
 */
export const SEAT_HOLDING_STATES = [ORDER_STATE.paid, ...AWAITING_STATES] as const satisfies readonly OrderState[];
export type SeatHoldingState = (typeof SEAT_HOLDING_STATES)[number];

export function holdsSeat(state: string): state is SeatHoldingState {
  return (SEAT_HOLDING_STATES as readonly string[]).includes(state);
}

/** Each state's exact name in the staff's screens (`orders.state.<state>` in the catalogues). */
export function stateLabel(state: OrderState): `orders.state.${OrderState}` {
  return `orders.state.${state}`;
}

/** How a state chip looks: its colour and its catalogue label. */
export interface StateLook {
  tone: "pending" | "paid" | "cancelled" | "other";
  label: "account.state.pending" | "account.state.paid" | "account.state.cancelled" | "account.state.expired" | "account.state.other";
}

/** Both awaiting states show as Pending (yellow), paid green, cancelled red, any other state dark green. */
export function stateLook(state: string): StateLook {
  if (isAwaiting(state)) return { tone: "pending", label: "account.state.pending" };
  if (state === ORDER_STATE.paid) return { tone: "paid", label: "account.state.paid" };
  if (state === ORDER_STATE.cancelled) return { tone: "cancelled", label: "account.state.cancelled" };
  return { tone: "other", label: state === ORDER_STATE.expired ? "account.state.expired" : "account.state.other" };
}
