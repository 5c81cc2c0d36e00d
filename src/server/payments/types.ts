/**
 * The one interface every payment method speaks. The purchase service
 * calls `start` when it creates the order, `confirmReturn` when the buyer's browser comes back, and
 * `handleWebhook` when a provider notifies the shop server to server. Adapters hold no order state: what they
 * answer is stored by the caller (payments.provider_reference, raw_answers, idempotency_key).
 */
import type { PaymentOutcome } from "../../shared/domain/payment-states";
import type { Locale } from "../../shared/locales";
import type { PaymentCode } from "../../shared/domain/payment-codes";

export { isPaymentCode, PAYMENT_CODES, type PaymentCode } from "../../shared/domain/payment-codes";

/** What a purchase hands a payment method; money in integer minor units of `currency`. */
export interface PaymentStartInput {
  orderId: number;
  amount: number;
  /** ISO 4217 (COP, CLP, EUR ...). */
  currency: string;
  buyerEmail: string;
  /** One line naming what is bought (shown by MercadoPago). */
  description: string;
  /** Where the provider sends the buyer's browser back (Webpay return_url, MercadoPago back_urls). */
  returnUrl: string;
  /** Where the provider notifies the shop server to server (MercadoPago notification_url). */
  notificationUrl: string;
  locale?: Locale;
}

/**
 * The payment response: what the purchase call answers and what step 4 shows.
 * Only the fields of the chosen method are present; prepagado answers an empty object.
 */
import type { PaymentResponse } from "../../shared/schemas/answers/orders";
export type { PaymentResponse };

export interface PaymentStart {
  method: PaymentCode;
  response: PaymentResponse;
  /** Webpay token or MercadoPago preference id: store it as payments.provider_reference. */
  providerReference: string | null;
  /**
   * Identifiers the provider echoes on the way back that are not the provider reference: Webpay's buy_order and
   * session_id come back alone on a timeout, so the caller keeps them to find and check the order then.
   */
  echo: { buyOrder?: string; sessionId?: string };
  /** The provider's answer, for payments.raw_answers. */
  raw: unknown;
}

/** What a gateway answered (PAYMENT_OUTCOMES). */
export type { PaymentOutcome };

export type PaymentOutcomeReason =
  | "authorized"
  | "declined"
  | "aborted_by_buyer"
  | "form_error"
  | "timeout"
  | "left_without_paying"
  | "cancelled_by_provider"
  | "reversed"
  | "in_process"
  | "awaiting_staff"
  | "organiser_funded";

export interface PaymentConfirmation {
  method: PaymentCode;
  outcome: PaymentOutcome;
  reason: PaymentOutcomeReason;
  /** The order the provider names (Webpay buy_order, MercadoPago external_reference); null when it names none. */
  orderId: number | null;
  /** Webpay token or MercadoPago payment id. */
  providerReference: string | null;
  /** Amount the provider reports, in minor units: the caller checks it against the order total. */
  amount: number | null;
  /** What the return carried besides the reference (Webpay buy_order / session_id), to match against `PaymentStart.echo`. */
  echo: { buyOrder?: string; sessionId?: string };
  /**
   * True when the outcome was read from the provider's API with our credentials; false when it rests only on
   * what the browser sent (a Webpay timeout, a MercadoPago buyer leaving), which the caller should accept only
   * for the order's owner and only to cancel, never to mark paid.
   */
  verified: boolean;
  /**
   * Same key for the same provider event however often it arrives (a second commit of a token, a repeated
   * webhook): record it in payments.idempotency_key so the order is confirmed and mailed once.
   */
  idempotencyKey: string;
  /** This event was confirmed before (the provider said so, or the ledger had the key): do not mail again. */
  alreadyConfirmed: boolean;
  raw: unknown;
}

export type WebhookResult =
  | { kind: "confirmation"; confirmation: PaymentConfirmation }
  /** A genuine notification about something the shop does not act on (merchant orders, other topics). */
  | { kind: "ignored"; reason: string };

/** Return parameters from the query string and the form body, merged (providers use GET or POST). */
export type ReturnParams = Record<string, string | undefined>;

/** Giving a settled payment back, in full or in part (some tickets, a cancellation with a part kept). */
export interface RefundInput {
  orderId: number;
  /** Webpay token or MercadoPago payment id, as stored on the payment row. */
  providerReference: string;
  /** Minor units of `currency`: what goes back now. */
  amount: number;
  currency: string;
  /** Same key for the same refund however often it is asked for (a retried outbox row). */
  idempotencyKey: string;
  /** What the payment took, in minor units; absent: `amount` is all of it. */
  paymentAmount?: number;
  /**
   * Money of this payment the shop already saw go back (earlier refunds): a gateway without idempotency keys
   * (Webpay) is asked first how much it gave back, so a refund that went through before a crash is not paid twice.
   */
  refundedBefore?: number;
}

export interface RefundResult {
  /** The provider had already given this money back (an earlier try got through before a crash). */
  alreadyRefunded: boolean;
  raw: unknown;
}

export interface PaymentAdapter {
  readonly code: PaymentCode;
  start(input: PaymentStartInput): Promise<PaymentStart>;
  /** The buyer's browser came back to `returnUrl` with these parameters. */
  confirmReturn(params: ReturnParams): Promise<PaymentConfirmation>;
  /** A provider's server-to-server notification, exactly as received (query string, headers, body). */
  handleWebhook(request: Request): Promise<WebhookResult>;
  /** Gateways that took the money can give it back; a transfer is refunded by staff, by hand. */
  refund?(input: RefundInput): Promise<RefundResult>;
}

/**
 * Remembers which confirmations were already handled. The default lives in memory (lost on restart); the
 * purchase service can pass one backed by payments.idempotency_key (insert ... on conflict do nothing).
 */
export interface ConfirmationLedger {
  /** Records the key; answers true the first time and false for every repeat. */
  record(key: string): Promise<boolean>;
}
