/**
 * A refusal of the shop's rules, said in the shop's words: a stable code (the client translates it with the
 * `errors.<code>` catalogue key), the fields it concerns and the values for the message's placeholders.
 * What HTTP status each code answers with is the HTTP layer's business (src/server/http/error-statuses.ts).
 */
export const SHOP_ERROR_CODES = [
  // Anything the caller may not see, or that is not there.
  "not_found",
  "validation_failed",
  // Accounts and sign-in.
  "unauthorized",
  "login_error",
  "account_not_verified",
  "account_already_verified",
  "email_already_registered",
  "email_not_registered",
  "too_many_attempts",
  "token_invalid",
  "token_used",
  "token_expired",
  "wrong_password",
  "email_unchanged",
  "email_change_needs_password",
  // The catalogue and the purchase checks.
  "event_gone",
  "event_not_invited",
  "unknown_event_date",
  "unknown_province",
  "unknown_county",
  "variant_not_in_event",
  "variant_not_in_province",
  "place_not_in_event",
  "over_capacity",
  "too_many_addresses",
  "approach_invalid",
  "prepaid_only",
  "stock_exhausted",
  "hold_limit_reached",
  // Discounts.
  "discount_invalid",
  "discount_expired",
  "discount_used_up",
  "discount_not_applicable",
  "discount_customer_limit",
  // Payments.
  "payment_method_unavailable",
  "payment_currency_unsupported",
  "payment_return_invalid",
  "payment_signature_invalid",
  "payment_gateway_unavailable",
  "payment_gateway_refused",
  "order_not_awaiting_transfer",
  "transfer_too_late",
  // The order desk and refunds.
  "order_not_refundable",
  "already_refunded",
  "order_not_resendable",
  "order_not_cancellable",
  "refund_splits_ticket",
  "refund_too_large",
  "refund_not_manual",
  "cancellation_closed",
  // The waiting list.
  "waiting_list_seats_on_sale",
  "waiting_list_already_joined",
  // Private events: the request (the contract's codes say `request_`), uploads, review and invitations.
  "request_not_editable",
  "request_not_reviewable",
  "request_not_repeatable",
  "request_incomplete",
  "request_date_past",
  "upload_missing",
  "settlement_file_unreadable",
  "image_unreadable",
  "image_too_many_pixels",
  "guest_list_unreadable",
  "guest_list_too_long",
  "guest_list_too_complex",
  "guest_list_empty",
  "guest_seats_exceeded",
  "invitation_expired",
  // The van door's ticket check.
  "ticket_invalid",
  "ticket_other_order",
  "ticket_not_paid",
  "ticket_cancelled",
  "ticket_expired",
  "ticket_refunded",
  "ticket_wrong_leg",
  "wrong_date",
  // The back office.
  "admin_duplicate",
  "admin_in_use",
  "admin_reference_missing",
  "admin_date_has_orders",
  "event_cancel_needs_confirmation",
  "stock_below_sold",
  "pool_below_sold",
  "pool_variant_invalid",
  "admin_own_role",
  // Dispatch: plans, their edits and the driver's phone.
  "dispatch_version_stale",
  "dispatch_not_planned",
  "dispatch_target_invalid",
  "dispatch_over_capacity",
  "dispatch_clash",
  "driver_action_invalid",
  // Groups: quotes, the organiser's guest list, shared purchases.
  "quote_invalid",
  "quote_not_payable",
  "quote_expired",
  "guest_seats_over_quote",
  "guest_already_listed",
  "invitations_not_sent",
  "shares_unavailable",
  "share_not_payable",
  // The day, live: a passenger's tracking link.
  "tracking_link_invalid",
  "tracking_link_expired",
  // How the day went: a passenger's rating link.
  "rating_link_invalid",
  "rating_link_expired",
  "rating_not_open",
  "rating_already_given",
  // Payments: one open attempt per order at a time.
  "payment_in_progress",
  // A request sent again with its Idempotency-Key: another body under the same key, or the first send still running.
  "idempotency_key_reused",
  "idempotency_key_in_use",
  // The driver's phone: positions and no-shows.
  "positions_not_your_run",
  "positions_outside_window",
  "no_show_too_early",
  "no_show_far_from_stop",
  "passenger_aboard",
  "passenger_aboard_no_show",
  "passenger_not_on_run",
  "passenger_other_run",
  "driver_time_future",
  "driver_time_before_run",
  "driver_time_before_previous",
  "position_outside_country",
  "position_null_island",
  "position_inaccurate",
  "position_too_fast",
  "positions_too_many",
  // Dispatch rules: an edit that breaks a ride limit or a driver's shift (unless overridden); no van for a late booking.
  "ride_limit_exceeded",
  "shift_limit_exceeded",
  "dispatch_not_waiting",
  "dispatch_passenger_boarded",
  "dispatch_date_past",
  "dispatch_replan_needed",
  "dispatch_shift_out_of_bounds",
  "dispatch_needs_unmet",
  // Dispatch: a vehicle registered in another country than the event's.
  "dispatch_vehicle_other_country",
] as const;

export type ShopErrorCode = (typeof SHOP_ERROR_CODES)[number];

/**
 * The HTTP layer's own refusals (src/server/http): a body too large or unreadable, a caller without the role,
 * a country the shop does not serve, a failure of the server itself. Services never throw them.
 */
export const HTTP_ERROR_CODES = ["forbidden", "invalid_json", "unsupported_media_type", "payload_too_large", "unknown_country", "internal_error", "not_ready", "purchase_queue_full", "database_unavailable", "too_many_requests", "too_many_streams", "outcome_unknown"] as const;
export type HttpErrorCode = (typeof HTTP_ERROR_CODES)[number];

/** Every code an API refusal may carry: what the contract declares, the client translates and the tests check. */
export const ERROR_CODES = [...SHOP_ERROR_CODES, ...HTTP_ERROR_CODES] as const;
export type ErrorCode = ShopErrorCode | HttpErrorCode;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && (ERROR_CODES as readonly string[]).includes(value);
}

export class ShopError extends Error {
  constructor(
    readonly code: ShopErrorCode,
    /** Field name -> message key, for form errors. */
    readonly fields?: Record<string, string>,
    /** Values for placeholders in the translated message ({minutes} ...). */
    readonly params?: Record<string, string | number>,
  ) {
    super(code);
    this.name = "ShopError";
  }
}
