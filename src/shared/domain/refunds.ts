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
 * from their account, the event was cancelled, the payment arrived after its seats were sold again, or one of the
 * reasons staff choose at the desk (the date moved, a problem with the service, a purchase made twice, a price
 * corrected, something else they explain in their own words).
 */
export const REFUND_REASON = {
  requested: "requested",
  customer_cancelled: "customer_cancelled",
  event_cancelled: "event_cancelled",
  seats_resold: "seats_resold",
  event_rescheduled: "event_rescheduled",
  service_issue: "service_issue",
  duplicate_purchase: "duplicate_purchase",
  price_correction: "price_correction",
  other: "other",
} as const;
export const REFUND_REASONS = [
  "requested",
  "customer_cancelled",
  "event_cancelled",
  "seats_resold",
  "event_rescheduled",
  "service_issue",
  "duplicate_purchase",
  "price_correction",
  "other",
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** The reasons staff choose from when they refund at the order desk; the others the shop writes itself. */
export const STAFF_REFUND_REASONS = [
  "requested",
  "event_rescheduled",
  "event_cancelled",
  "service_issue",
  "duplicate_purchase",
  "price_correction",
  "other",
] as const satisfies readonly RefundReason[];
export type StaffRefundReason = (typeof STAFF_REFUND_REASONS)[number];

export function isRefundReason(value: unknown): value is RefundReason {
  return typeof value === "string" && (REFUND_REASONS as readonly string[]).includes(value);
}
