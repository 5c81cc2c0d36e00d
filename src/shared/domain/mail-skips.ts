/**
 * Why a mail of the outbox was deliberately not sent (its row is done, nothing went out): the order is gone, it had
 * moved on from the state the mail was for (paid before its transfer instructions left), the refund it was about
 * is gone, or the mail server refused the buyer's address for good. The order desk shows each in words.
 */
export const MAIL_SKIP_REASON = {
  order_gone: "order_gone",
  state_changed: "state_changed",
  refund_gone: "refund_gone",
  address_undeliverable: "address_undeliverable",
} as const;
export const MAIL_SKIP_REASONS = ["order_gone", "state_changed", "refund_gone", "address_undeliverable"] as const;
export type MailSkipReason = (typeof MAIL_SKIP_REASONS)[number];
