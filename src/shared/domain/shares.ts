/**
 * A shared purchase: the buyer pays their own seat, and every other passenger gets a personal link to pay their
 * share before a deadline. A share's state follows its own order: paid when the order is paid, pending while the
 * order awaits payment, released once the order ended unpaid (its seat went back on sale at the deadline).
 */
import type { OrderState } from "./order-states";

export const SHARE_STATES = ["pending", "paid", "released"] as const;
export type ShareState = (typeof SHARE_STATES)[number];

export function shareStateOf(orderState: OrderState | string): ShareState {
  if (orderState === "paid") return "paid";
  if (orderState === "awaiting_payment" || orderState === "awaiting_transfer_payment") return "pending";
  return "released";
}

/** Seats of a shared purchase are held this long for the friends to pay, never past the event's sales end. */
export const SHARE_HOLD_HOURS = 24;
