/**
 * mercadopago: Checkout Pro. start creates a preference (the buyer follows init_point);
 * the webhook is trusted only with a valid, fresh x-signature, and even then the payment is read back from
 * GET /v1/payments/{id}: neither the notification body nor the back_url query is taken at its word.
 */
import { ShopError } from "../../shared/domain/shop-error";
import { toMajorUnits, toMinorUnits } from "./amounts";
import type { PaymentSettings } from "./config";
import { callGateway, gatewayRefused, gatewayUnreadable, type GatewayTransport } from "./gateway-http";
import {
  PAYMENTS_PATH,
  PREFERENCES_PATH,
  paymentAnswerSchema,
  preferenceAnswerSchema,
  refundAnswerSchema,
  presentParam,
  type CreatePreferenceRequest,
  type PaymentAnswer,
} from "./mercadopago-protocol";
import { verifySignature } from "./mercadopago-signature";
import { settlesCurrency } from "./currencies";
import type { ConfirmationLedger, PaymentAdapter, PaymentConfirmation, PaymentStart, RefundInput, RefundResult, ReturnParams, WebhookResult } from "./types";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";
import { PAYMENT_OUTCOME } from "../../shared/domain/payment-states";

export interface MercadoPagoDeps {
  settings: PaymentSettings[typeof PAYMENT_CODE.mercadopago];
  timeoutMinutes: number;
  transport: GatewayTransport;
  ledger: ConfirmationLedger;
  now: () => Date;
}

/** Payment status -> the shop's outcome. approved is the only paid state; refunds and charge-backs undo a sale. */
export function outcomeOfPayment(status: string): Pick<PaymentConfirmation, "outcome" | "reason"> {
  switch (status) {
    case "approved":
      return { outcome: PAYMENT_OUTCOME.approved, reason: "authorized" };
    case "rejected":
      return { outcome: PAYMENT_OUTCOME.rejected, reason: "declined" };
    case "cancelled":
      return { outcome: PAYMENT_OUTCOME.cancelled, reason: "cancelled_by_provider" };
    case "refunded":
    case "charged_back":
      return { outcome: PAYMENT_OUTCOME.cancelled, reason: "reversed" };
    default:
      // pending, in_process, authorized (not yet captured), in_mediation
      return { outcome: PAYMENT_OUTCOME.pending, reason: "in_process" };
  }
}

function orderIdOf(reference: string | null | undefined): number | null {
  return reference && /^\d+$/.test(reference) ? Number(reference) : null;
}

export function mercadoPagoAdapter({ settings, timeoutMinutes, transport, ledger, now }: MercadoPagoDeps): PaymentAdapter {
  const headers = { authorization: `Bearer ${settings.accessToken}` };

  async function readPayment(paymentId: string): Promise<PaymentAnswer | null> {
    const answer = await callGateway(transport, `${settings.baseUrl}${PAYMENTS_PATH}/${encodeURIComponent(paymentId)}`, { method: "GET", headers });
    if (answer.status === 404) return null;
    if (answer.status !== 200) gatewayRefused("the payment", answer);
    const parsed = paymentAnswerSchema.safeParse(answer.body);
    if (!parsed.success) gatewayUnreadable("payment", answer.body);
    return parsed.data;
  }

  async function confirmationOf(payment: PaymentAnswer): Promise<PaymentConfirmation> {
    // One key per payment and status: pending -> approved is a new event, the same status again is a repeat.
    const key = `mercadopago:${payment.id}:${payment.status}`;
    const repeat = !(await ledger.record(key));
    return {
      method: PAYMENT_CODE.mercadopago,
      ...outcomeOfPayment(payment.status),
      orderId: orderIdOf(payment.external_reference),
      providerReference: String(payment.id),
      amount: toMinorUnits(payment.transaction_amount, payment.currency_id),
      echo: {},
      verified: true,
      idempotencyKey: key,
      alreadyConfirmed: repeat,
      raw: payment,
    };
  }

  return {
    code: PAYMENT_CODE.mercadopago,

    async start(input): Promise<PaymentStart> {
      if (!settlesCurrency(PAYMENT_CODE.mercadopago, input.currency)) throw new ShopError("payment_currency_unsupported");
      const created = now();
      const body: CreatePreferenceRequest = {
        items: [
          {
            id: `order-${input.orderId}`,
            title: input.description,
            quantity: 1,
            unit_price: toMajorUnits(input.amount, input.currency),
            currency_id: input.currency.toUpperCase(),
          },
        ],
        payer: { email: input.buyerEmail },
        back_urls: { success: input.returnUrl, failure: input.returnUrl, pending: input.returnUrl },
        auto_return: "approved",
        notification_url: input.notificationUrl,
        external_reference: String(input.orderId),
        // The preference dies with the seat hold, so nobody pays for seats that went back on sale.
        expires: true,
        expiration_date_from: created.toISOString(),
        expiration_date_to: new Date(created.getTime() + timeoutMinutes * 60_000).toISOString(),
      };
      const answer = await callGateway(transport, `${settings.baseUrl}${PREFERENCES_PATH}`, { method: "POST", headers, body });
      if (answer.status !== 200 && answer.status !== 201) gatewayRefused("the preference", answer);
      const parsed = preferenceAnswerSchema.safeParse(answer.body);
      if (!parsed.success) gatewayUnreadable("preference", answer.body);
      return {
        method: PAYMENT_CODE.mercadopago,
        response: { preference_id: parsed.data.id, preference_init_point: parsed.data.init_point },
        providerReference: parsed.data.id,
        echo: {},
        raw: answer.body,
      };
    },

    async confirmReturn(params: ReturnParams): Promise<PaymentConfirmation> {
      const paymentId = presentParam(params.payment_id) ?? presentParam(params.collection_id);
      if (paymentId) {
        const payment = await readPayment(paymentId);
        if (!payment) throw new ShopError("payment_return_invalid");
        return confirmationOf(payment);
      }
      // The buyer came back without paying ("null" everywhere): nothing to ask MercadoPago about.
      const preferenceId = presentParam(params.preference_id);
      const reference = presentParam(params.external_reference);
      if (!preferenceId && !reference) throw new ShopError("payment_return_invalid");
      const key = `mercadopago:left:${preferenceId ?? reference}`;
      const repeat = !(await ledger.record(key));
      return {
        method: PAYMENT_CODE.mercadopago,
        outcome: PAYMENT_OUTCOME.cancelled,
        reason: "left_without_paying",
        orderId: orderIdOf(reference),
        providerReference: preferenceId ?? null,
        amount: null,
        echo: {},
        verified: false,
        idempotencyKey: key,
        alreadyConfirmed: repeat,
        raw: params,
      };
    },

    async handleWebhook(request: Request): Promise<WebhookResult> {
      const url = new URL(request.url);
      const type = url.searchParams.get("type") ?? url.searchParams.get("topic");
      // Webhooks name the payment as `data.id`; IPN notifications (`?id=…&topic=payment`) as `id`.
      const dataId = url.searchParams.get("data.id") ?? url.searchParams.get("id") ?? undefined;
      // Other topics (merchant_order) change nothing here, so they need no trust.
      if (type !== "payment") return { kind: "ignored", reason: `topic ${type ?? "missing"}` };
      if (!dataId || !/^\d{1,20}$/.test(dataId)) throw new ShopError("payment_return_invalid");
      // IPN is not signed: its word is only "look at payment {id}", which is read back from MercadoPago below
      // with the shop's own credentials, so a forged one changes nothing the provider did not say.
      const ipn = !url.searchParams.has("data.id");
      const verdict = ipn ? "valid" : verifySignature({
        secret: settings.webhookSecret,
        header: request.headers.get("x-signature"),
        requestId: request.headers.get("x-request-id"),
        dataId,
        now: now(),
        toleranceSeconds: settings.toleranceSeconds,
      });
      if (verdict !== "valid") {
        console.warn(`mercadopago webhook refused: signature ${verdict} (data.id ${dataId})`);
        throw new ShopError("payment_signature_invalid");
      }
      const payment = await readPayment(dataId);
      if (!payment) throw new ShopError("not_found");
      return { kind: "confirmation", confirmation: await confirmationOf(payment) };
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (!settlesCurrency(PAYMENT_CODE.mercadopago, input.currency)) throw new ShopError("payment_currency_unsupported");
      const url = `${settings.baseUrl}${PAYMENTS_PATH}/${encodeURIComponent(input.providerReference)}/refunds`;
      // MercadoPago answers a repeated idempotency key with the first refund instead of refunding twice.
      // No amount refunds the whole payment; a part names its amount in major units.
      const partial = input.paymentAmount !== undefined && input.amount < input.paymentAmount;
      const body = partial ? { amount: toMajorUnits(input.amount, input.currency) } : {};
      const answer = await callGateway(transport, url, { method: "POST", headers: { ...headers, "x-idempotency-key": input.idempotencyKey }, body });
      if (answer.status === 200 || answer.status === 201) {
        const parsed = refundAnswerSchema.safeParse(answer.body);
        if (!parsed.success) gatewayUnreadable("refund", answer.body);
        return { alreadyRefunded: false, raw: parsed.data };
      }
      const payment = await readPayment(input.providerReference);
      if (payment?.status === "refunded" && !partial) return { alreadyRefunded: true, raw: payment };
      gatewayRefused("the refund", answer);
    },
  };
}
