/**
 * A shared purchase: the buyer pays their own seat, and every other passenger gets a personal link to pay their
 * share before a deadline. A share's state follows its own order: paid when the order is paid, pending while the
 * order awaits payment, released once the order ended unpaid (its seat went back on sale at the deadline).
 */
import { isAwaiting, ORDER_STATE, type OrderState } from "./order-states";

export const SHARE_STATE = { pending: "pending", paid: "paid", released: "released" } as const;
export const SHARE_STATES = [SHARE_STATE.pending, SHARE_STATE.paid, SHARE_STATE.released] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export function shareStateOf(orderState: OrderState | string): ShareState {
  if (orderState === ORDER_STATE.paid) return SHARE_STATE.paid;
  if (isAwaiting(orderState)) return SHARE_STATE.pending;
  return SHARE_STATE.released;
}

/** Seats of a shared purchase are held this long for the friends to pay, never past the event's sales end. */
export const SHARE_HOLD_HOURS = 24;
