/**
 * What a reconciliation flags on a movement of money:
 * - `captured_unpaid_order`: a gateway took money for an order that is not paid, and it was not all given back;
 * - `amount_mismatch`: the gateway took another amount than the order's total;
 * - `refund_owed`: money taken must go back (seats sold again, event cancelled) and no refund covers it yet;
 * - `duplicate_unreturned`: a second capture of a paid order not yet given back;
 * - `refund_unconfirmed`: a refund through a gateway that the gateway has not confirmed (still pending after a day,
 *   or marked done with no answer of the gateway kept);
 * - `refunded_more_than_paid`: a payment's refunds add up to more than it took;
 * and, when a gateway's settlement file is laid beside the books:
 * - `settled_unknown`: the gateway settled a movement the shop has no payment or refund of;
 * - `not_settled`: a capture older than the file's last release by SETTLEMENT_DAYS that the file does not settle;
 * - `settled_amount_differs`: the gateway settled another amount than the shop's movement.
 */
export const RECONCILIATION_FINDING = {
  captured_unpaid_order: "captured_unpaid_order",
  amount_mismatch: "amount_mismatch",
  refund_owed: "refund_owed",
  duplicate_unreturned: "duplicate_unreturned",
  refund_unconfirmed: "refund_unconfirmed",
  refunded_more_than_paid: "refunded_more_than_paid",
  settled_unknown: "settled_unknown",
  not_settled: "not_settled",
  settled_amount_differs: "settled_amount_differs",
} as const;
export const RECONCILIATION_FINDINGS = [
  RECONCILIATION_FINDING.captured_unpaid_order,
  RECONCILIATION_FINDING.amount_mismatch,
  RECONCILIATION_FINDING.refund_owed,
  RECONCILIATION_FINDING.duplicate_unreturned,
  RECONCILIATION_FINDING.refund_unconfirmed,
  RECONCILIATION_FINDING.refunded_more_than_paid,
  RECONCILIATION_FINDING.settled_unknown,
  RECONCILIATION_FINDING.not_settled,
  RECONCILIATION_FINDING.settled_amount_differs,
] as const;
export type ReconciliationFinding = (typeof RECONCILIATION_FINDINGS)[number];

/** A movement of money: a payment that took it, or a refund that gave it back. */
export const MOVEMENT_KIND = { payment: "payment", refund: "refund" } as const;
export const MOVEMENT_KINDS = [MOVEMENT_KIND.payment, MOVEMENT_KIND.refund] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** The gateways whose settlement file the shop reads (src/server/payments/settlement.ts). */
export const SETTLEMENT_GATEWAYS = ["mercadopago"] as const;
export type SettlementGateway = (typeof SETTLEMENT_GATEWAYS)[number];
/**
 * How long after its capture a gateway's payment must be settled: MercadoPago releases a card payment within 14 days
 * at the longest release term an account may choose in the shop's countries; a week more is left for the file's
 * own delay. A capture older than this before the file's last release, and not in it, is `not_settled`.
 */
export const SETTLEMENT_DAYS = 21;
