/**
 * A payment row's own state (the `payments` table), beside its order's state: `created` when the purchase
 * starts the payment; `approved` when the money was taken; `rejected` or `cancelled` when the gateway declined
 * or the buyer gave up; `expired` or `cancelled` when its order ended unpaid while the row was still `created`;
 * `amount_mismatch` when the gateway reported another amount than the order's total (the order stays unpaid);
 * `refund_due` when money taken must go back (seats sold again meanwhile, or the event cancelled) and `refunded`
 * once it went back; `duplicate` when the gateway took money for an order another payment had already paid (given
 * back automatically through the same gateway) and `duplicate_refunded` once it went back. At most one row of an
 * order is `created` at a time (its one open attempt). The `payments.state` column is bound to `PAYMENT_STATES`.
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
  duplicate: "duplicate",
  duplicate_refunded: "duplicate_refunded",
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
  PAYMENT_STATE.duplicate,
  PAYMENT_STATE.duplicate_refunded,
] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/**
 * What a gateway answered about a payment: approved (money taken), rejected (declined), cancelled (the buyer gave
 * up or the form timed out), or pending (not decided yet: a card in process, a transfer waiting for staff). A
 * decided answer is also the state its payment row takes, hence the same words.
 */
export const PAYMENT_OUTCOME = {
  approved: PAYMENT_STATE.approved,
  rejected: PAYMENT_STATE.rejected,
  cancelled: PAYMENT_STATE.cancelled,
  pending: "pending",
} as const;
export const PAYMENT_OUTCOMES = [PAYMENT_OUTCOME.approved, PAYMENT_OUTCOME.rejected, PAYMENT_OUTCOME.cancelled, PAYMENT_OUTCOME.pending] as const;
export type PaymentOutcome = (typeof PAYMENT_OUTCOMES)[number];

/**
 * The changes of a payment row's life, each with the states it may start from and the states it may lead to. The
 * server applies them in one place (services/payment-life/), the only code that writes `payments.state`; a row is
 * written first as `created` (an attempt), `approved` (a seeded or prepaid sale) or `duplicate` (a second capture):
 * - `approve`: the gateway took the money (also for an attempt that had ended or was refused before its capture
 *   arrived, and for one owed back whose order found its seats free again on a repeat of the capture);
 * - `mismatch`: the gateway reported another amount than the order's total;
 * - `owe_refund`: money taken must go back (the seats were sold again meanwhile, or the event was cancelled);
 * - `refuse`: the gateway declined, or the buyer gave up (its word replaces the shop's `cancelled` of an attempt
 *   its order's end had just closed);
 * - `expire`: an open attempt outlived the payment timeout, or its order's hold ran out;
 * - `cancel`: an open attempt ended with its order, or its gateway refused to open it;
 * - `refund`: its refunds add up to the whole payment;
 * - `refund_duplicate`: a second capture went back whole.
 */
export const PAYMENT_TRANSITIONS = {
  approve: {
    from: [PAYMENT_STATE.created, PAYMENT_STATE.rejected, PAYMENT_STATE.cancelled, PAYMENT_STATE.expired, PAYMENT_STATE.amount_mismatch, PAYMENT_STATE.refund_due],
    to: [PAYMENT_STATE.approved],
  },
  mismatch: { from: [PAYMENT_STATE.created, PAYMENT_STATE.rejected, PAYMENT_STATE.cancelled, PAYMENT_STATE.expired], to: [PAYMENT_STATE.amount_mismatch] },
  owe_refund: {
    from: [PAYMENT_STATE.created, PAYMENT_STATE.approved, PAYMENT_STATE.rejected, PAYMENT_STATE.cancelled, PAYMENT_STATE.expired, PAYMENT_STATE.amount_mismatch],
    to: [PAYMENT_STATE.refund_due],
  },
  refuse: { from: [PAYMENT_STATE.created, PAYMENT_STATE.rejected, PAYMENT_STATE.cancelled], to: [PAYMENT_STATE.rejected, PAYMENT_STATE.cancelled] },
  expire: { from: [PAYMENT_STATE.created], to: [PAYMENT_STATE.expired] },
  cancel: { from: [PAYMENT_STATE.created], to: [PAYMENT_STATE.cancelled] },
  refund: { from: [PAYMENT_STATE.approved, PAYMENT_STATE.refund_due], to: [PAYMENT_STATE.refunded] },
  refund_duplicate: { from: [PAYMENT_STATE.duplicate], to: [PAYMENT_STATE.duplicate_refunded] },
} as const satisfies Record<string, { from: readonly PaymentState[]; to: readonly PaymentState[] }>;
export type PaymentChange = keyof typeof PAYMENT_TRANSITIONS;

/** Whether `change` may take a payment row from `from` to `to`. */
export function isAllowedPaymentTransition(change: PaymentChange, from: string, to: PaymentState): boolean {
  const rule = PAYMENT_TRANSITIONS[change];
  return (rule.from as readonly string[]).includes(from) && (rule.to as readonly string[]).includes(to);
}
