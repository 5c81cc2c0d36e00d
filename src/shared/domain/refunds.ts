/**
 * Refunds: money given back for a whole order or some of its tickets.
 * - `pending`: a card payment's refund the gateway has not confirmed yet (the outbox job asks it, retrying);
 * - `awaiting_manual`: money staff pay back by hand (a bank transfer, an organiser's prepaid order);
 * - `refunded`: the gateway confirmed it, or staff marked the hand payment done.
 */
export const REFUND_STATE = { pending: "pending", awaiting_manual: "awaiting_manual", refunded: "refunded" } as const;
export const REFUND_STATES = [REFUND_STATE.pending, REFUND_STATE.awaiting_manual, REFUND_STATE.refunded] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/**
 * Why the money goes back, as the buyer's mail says it: staff refunded at the buyer's request, the buyer cancelled
 * from their account, the event was cancelled, or the payment arrived after its seats were sold again.
 */
export const REFUND_REASONS = ["requested", "customer_cancelled", "event_cancelled", "seats_resold"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export function isRefundReason(value: unknown): value is RefundReason {
  return typeof value === "string" && (REFUND_REASONS as readonly string[]).includes(value);
}
