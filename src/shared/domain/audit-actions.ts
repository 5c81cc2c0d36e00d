/**
 * What an audit-log row says was done. The back office's writes are create, update and delete of a resource row;
 * the staff's actions on orders and their money, transfers and private-event reviews have their own words, so
 * an order's history reads as what happened to it.
 */
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "passenger_update",
  "resend",
  "note",
  "cancel",
  "refund",
  "refund_paid",
  "transfer_confirm",
  "transfer_reject",
  "request_approve",
  "request_reject",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
