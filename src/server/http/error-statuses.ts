/**
 * The one table from a refusal's code to its HTTP status (after pretix's single `error_messages` table).
 * Services throw `ShopError(code)`; `app.onError` answers it with the status here and the `errors.<code>` message.
 */
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ShopErrorCode } from "../../shared/domain/shop-error";

export const STATUS_OF = {
  not_found: 404,
  validation_failed: 422,

  unauthorized: 401,
  login_error: 401,
  account_not_verified: 403,
  account_already_verified: 409,
  email_already_registered: 409,
  email_not_registered: 404,
  too_many_attempts: 429,
  token_invalid: 400,
  token_used: 410,
  token_expired: 410,
  wrong_password: 403,
  email_unchanged: 422,
  email_change_needs_password: 422,

  event_gone: 410,
  event_not_invited: 403,
  unknown_event_date: 422,
  unknown_province: 422,
  unknown_county: 422,
  variant_not_in_event: 422,
  variant_not_in_province: 422,
  place_not_in_event: 422,
  over_capacity: 422,
  too_many_addresses: 422,
  approach_invalid: 422,
  prepaid_only: 422,
  stock_exhausted: 409,

  discount_invalid: 422,
  discount_expired: 422,
  discount_used_up: 409,
  discount_not_applicable: 422,

  payment_method_unavailable: 422,
  payment_currency_unsupported: 422,
  payment_return_invalid: 400,
  payment_signature_invalid: 401,
  // The provider failed us, not the caller: a bad gateway.
  payment_gateway_unavailable: 502,
  payment_gateway_refused: 502,
  order_not_awaiting_transfer: 409,

  request_not_editable: 409,
  request_not_reviewable: 409,
  request_not_repeatable: 409,
  request_incomplete: 422,
  request_date_past: 422,
  upload_missing: 422,
  image_unreadable: 422,
  image_too_many_pixels: 422,
  guest_list_unreadable: 422,
  guest_list_too_long: 422,
  guest_list_empty: 422,
  guest_seats_exceeded: 422,
  invitation_expired: 410,
  ticket_invalid: 422,
  ticket_other_order: 422,
  ticket_not_paid: 409,
  ticket_cancelled: 409,
  ticket_expired: 409,

  admin_duplicate: 409,
  admin_in_use: 409,
  admin_reference_missing: 422,
  admin_date_has_orders: 409,
  event_cancel_needs_confirmation: 409,
  stock_below_sold: 409,

  quote_invalid: 422,
  quote_not_payable: 409,
  quote_expired: 410,
  guest_seats_over_quote: 409,
  guest_already_listed: 409,
  invitations_not_sent: 409,
  shares_unavailable: 422,
  share_not_payable: 409,
} as const satisfies Record<ShopErrorCode, ContentfulStatusCode>;

export function statusOf(code: ShopErrorCode): ContentfulStatusCode {
  return STATUS_OF[code];
}
