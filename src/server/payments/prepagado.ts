/**
 * prepagado: organiser-funded events (paymentType 2): no payment at all; the order is paid when created and
 * the purchase answers an empty payment response.
 */
import { ShopError } from "../../shared/domain/shop-error";
import type { PaymentAdapter, PaymentConfirmation } from "./types";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";
import { PAYMENT_OUTCOME } from "../../shared/domain/payment-states";

export function prepagadoAdapter(): PaymentAdapter {
  return {
    code: PAYMENT_CODE.prepagado,
    async start(input) {
      return { method: PAYMENT_CODE.prepagado, response: {}, providerReference: null, echo: {}, raw: { orderId: input.orderId } };
    },
    async confirmReturn(params): Promise<PaymentConfirmation> {
      const orderId = params.orderId && /^\d+$/.test(params.orderId) ? Number(params.orderId) : null;
      return {
        method: PAYMENT_CODE.prepagado,
        outcome: PAYMENT_OUTCOME.approved,
        reason: "organiser_funded",
        orderId,
        providerReference: null,
        amount: null,
        echo: {},
        verified: false,
        idempotencyKey: `prepagado:${orderId ?? "unknown"}`,
        alreadyConfirmed: true,
        raw: params,
      };
    },
    async handleWebhook(): Promise<never> {
      throw new ShopError("not_found");
    },
  };
}
