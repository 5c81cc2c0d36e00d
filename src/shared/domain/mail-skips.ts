/**
 * Why a mail or text of the outbox was deliberately not sent (its row is done, nothing went out): the order is gone,
 * it had moved on from the state the message was for (paid before its transfer instructions left, refunded before a
 * pick-up notice), the refund it was about is gone, the mail server refused the buyer's address for good, the
 * passenger has no address or number to send it to, the passenger's mail is the buyer's (the buyer's mail carries
 * it), or the passenger boarded after all (a no-show text). The order desk shows each in words.
 */
export const MAIL_SKIP_REASON = {
  order_gone: "order_gone",
  state_changed: "state_changed",
  refund_gone: "refund_gone",
  address_undeliverable: "address_undeliverable",
  no_contact: "no_contact",
  buyer_copy: "buyer_copy",
  boarded: "boarded",
} as const;
export const MAIL_SKIP_REASONS = ["order_gone", "state_changed", "refund_gone", "address_undeliverable", "no_contact", "buyer_copy", "boarded"] as const;
export type MailSkipReason = (typeof MAIL_SKIP_REASONS)[number];
