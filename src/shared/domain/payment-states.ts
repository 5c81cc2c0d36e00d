/**
 * A payment row's own state (the `payments` table), beside its order's state: `created` when the purchase
 * starts the payment; `approved` when the money was taken; `rejected` or `cancelled` when the gateway declined
 * or the buyer gave up; `expired` or `cancelled` when its order ended unpaid while the row was still `created`;
 * `amount_mismatch` when the gateway reported another amount than the order's total (the order stays unpaid);
 * `refund_due` when money taken must go back (seats sold again meanwhile, or the event cancelled) and `refunded`
 * once it went back. The `payments.state` column is bound to `PAYMENT_STATES`.
 */
export const PAYMENT_STATE = {
  created: "created",
  approved: "approved",
  rejected: "rejected",
  cancelled: "cancelled",
  expired: "expired",
  amount_mismatch: "amount_mismatch",
  refund_due: "refund_due",
  refunded: "refunded",
} as const;
export const PAYMENT_STATES = [
  PAYMENT_STATE.created,
  PAYMENT_STATE.approved,
  PAYMENT_STATE.rejected,
  PAYMENT_STATE.cancelled,
  PAYMENT_STATE.expired,
  PAYMENT_STATE.amount_mismatch,
  PAYMENT_STATE.refund_due,
  PAYMENT_STATE.refunded,
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
