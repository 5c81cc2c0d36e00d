/**
 * transferencia: the buyer pays by bank transfer to the account of the country selling (its currency's: each country
 * its own company and bank, src/server/sellers.ts); step 4 shows these details and
 * the order waits (awaiting_transfer_payment) until staff confirm the transfer, within 24 h.
 * Nothing comes back from a bank, so a return only says the order is still waiting.
 */
import { ShopError } from "../../shared/domain/shop-error";
import type { PaymentSettings } from "./config";
import type { PaymentAdapter, PaymentConfirmation } from "./types";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";
import { PAYMENT_OUTCOME } from "../../shared/domain/payment-states";
import { countryOfCurrency } from "../../shared/domain/countries";

export function transferenciaAdapter(bank: PaymentSettings["transfer"]): PaymentAdapter {
  return {
    code: PAYMENT_CODE.transferencia,
    async start(input) {
      const account = bank(countryOfCurrency(input.currency) ?? "CO");
      return {
        method: PAYMENT_CODE.transferencia,
        response: { ...account },
        providerReference: null,
        echo: {},
        raw: { bank: account, orderId: input.orderId },
      };
    },
    async confirmReturn(params): Promise<PaymentConfirmation> {
      const orderId = params.orderId && /^\d+$/.test(params.orderId) ? Number(params.orderId) : null;
      return {
        method: PAYMENT_CODE.transferencia,
        outcome: PAYMENT_OUTCOME.pending,
        reason: "awaiting_staff",
        orderId,
        providerReference: null,
        amount: null,
        echo: {},
        verified: false,
        idempotencyKey: `transferencia:return:${orderId ?? "unknown"}`,
        alreadyConfirmed: false,
        raw: params,
      };
    },
    async handleWebhook(): Promise<never> {
      throw new ShopError("not_found");
    },
  };
}
