/**
 * What an audit-log row says was done. The back office's writes are create, update and delete of a resource row;
 * the staff's actions on orders and their money, transfers and private-event reviews have their own words, so
 * an order's history reads as what happened to it (whoever did it: staff, the buyer, a gateway, the sweeper).
 */
export const AUDIT_ACTION = {
  create: "create",
  update: "update",
  delete: "delete",
  passenger_update: "passenger_update",
  resend: "resend",
  note: "note",
  cancel: "cancel",
  refund: "refund",
  refund_paid: "refund_paid",
  transfer_confirm: "transfer_confirm",
  transfer_reject: "transfer_reject",
  request_approve: "request_approve",
  request_reject: "request_reject",
  purchase: "purchase",
  payment: "payment",
  payment_method: "payment_method",
  expire: "expire",
  split: "split",
  dispatch_override: "dispatch_override",
  dispatch_shift: "dispatch_shift",
  dispatch_plan: "dispatch_plan",
  dispatch_publish: "dispatch_publish",
  dispatch_assign: "dispatch_assign",
  dispatch_lock: "dispatch_lock",
  dispatch_move: "dispatch_move",
  dispatch_reorder: "dispatch_reorder",
  dispatch_insert: "dispatch_insert",
  payment_state: "payment_state",
  request_submit: "request_submit",
  request_cancel: "request_cancel",
} as const;
export const AUDIT_ACTIONS = [
  AUDIT_ACTION.create,
  AUDIT_ACTION.update,
  AUDIT_ACTION.delete,
  AUDIT_ACTION.passenger_update,
  AUDIT_ACTION.resend,
  AUDIT_ACTION.note,
  AUDIT_ACTION.cancel,
  AUDIT_ACTION.refund,
  AUDIT_ACTION.refund_paid,
  AUDIT_ACTION.transfer_confirm,
  AUDIT_ACTION.transfer_reject,
  AUDIT_ACTION.request_approve,
  AUDIT_ACTION.request_reject,
  // An order's life as its buyer, the gateways and the sweeper change it (services/order-life/): the purchase, a
  // payment, a share's chosen method, a hold that ran out, and the order a partial refund split off.
  AUDIT_ACTION.purchase,
  AUDIT_ACTION.payment,
  AUDIT_ACTION.payment_method,
  AUDIT_ACTION.expire,
  AUDIT_ACTION.split,
  // Dispatch: an edit kept although it breaks a ride limit or a shift, and every run of a leg moved in time.
  AUDIT_ACTION.dispatch_override,
  AUDIT_ACTION.dispatch_shift,
  // Dispatch: every other change of a plan, with what it was before and after: computed, published, a run's vehicle
  // and driver, its lock, a passenger or a stop moved, a run's stops reordered, a late booking put in.
  AUDIT_ACTION.dispatch_plan,
  AUDIT_ACTION.dispatch_publish,
  AUDIT_ACTION.dispatch_assign,
  AUDIT_ACTION.dispatch_lock,
  AUDIT_ACTION.dispatch_move,
  AUDIT_ACTION.dispatch_reorder,
  AUDIT_ACTION.dispatch_insert,
  // A payment row's life (services/payment-life/): every change of its state, by whoever made it.
  AUDIT_ACTION.payment_state,
  // A private event's owner sending it for review, or withdrawing it before staff decide.
  AUDIT_ACTION.request_submit,
  AUDIT_ACTION.request_cancel,
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The staff's decisions on a bank transfer, kept once per order and action in `staff_actions` (who and why) and,
 * under the same words, in the audit log.
 */
export const STAFF_ACTIONS = [AUDIT_ACTION.transfer_confirm, AUDIT_ACTION.transfer_reject] as const satisfies readonly AuditAction[];
export type StaffAction = (typeof STAFF_ACTIONS)[number];
