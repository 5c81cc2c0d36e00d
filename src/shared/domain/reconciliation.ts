/**
 * What a reconciliation flags on a movement of money:
 * - `captured_unpaid_order`: a gateway took money for an order that is not paid, and it was not all given back;
 * - `amount_mismatch`: the gateway took another amount than the order's total;
 * - `refund_owed`: money taken must go back (seats sold again, event cancelled) and no refund covers it yet;
 * - `duplicate_unreturned`: a second capture of a paid order not yet given back;
 * - `refund_unconfirmed`: a refund through a gateway that the gateway has not confirmed (still pending after a day,
 *   or marked done with no answer of the gateway kept);
 * - `refunded_more_than_paid`: a payment's refunds add up to more than it took.
 */
export const RECONCILIATION_FINDING = {
  captured_unpaid_order: "captured_unpaid_order",
  amount_mismatch: "amount_mismatch",
  refund_owed: "refund_owed",
  duplicate_unreturned: "duplicate_unreturned",
  refund_unconfirmed: "refund_unconfirmed",
  refunded_more_than_paid: "refunded_more_than_paid",
} as const;
export const RECONCILIATION_FINDINGS = [
  RECONCILIATION_FINDING.captured_unpaid_order,
  RECONCILIATION_FINDING.amount_mismatch,
  RECONCILIATION_FINDING.refund_owed,
  RECONCILIATION_FINDING.duplicate_unreturned,
  RECONCILIATION_FINDING.refund_unconfirmed,
  RECONCILIATION_FINDING.refunded_more_than_paid,
] as const;
export type ReconciliationFinding = (typeof RECONCILIATION_FINDINGS)[number];

/** A movement of money: a payment that took it, or a refund that gave it back. */
export const MOVEMENT_KIND = { payment: "payment", refund: "refund" } as const;
export const MOVEMENT_KINDS = [MOVEMENT_KIND.payment, MOVEMENT_KIND.refund] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
