/**
 * transferencia: the buyer pays by bank transfer to the account in the settings; step 4 shows these details and
 * the order waits (awaiting_transfer_payment) until staff confirm the transfer, within 24 h.
 * Nothing comes back from a bank, so a return only says the order is still waiting.
 */
import { ShopError } from "../../shared/domain/shop-error";
import type { PaymentSettings } from "./config";
import type { PaymentAdapter, PaymentConfirmation } from "./types";

export function transferenciaAdapter(bank: PaymentSettings["transfer"]): PaymentAdapter {
  return {
    code: "transferencia",
    async start(input) {
      return {
        method: "transferencia",
        response: { bankName: bank.bankName, accountId: bank.accountId, accountType: bank.accountType, dni: bank.dni, email: bank.email },
        providerReference: null,
        echo: {},
        raw: { bank, orderId: input.orderId },
      };
    },
    async confirmReturn(params): Promise<PaymentConfirmation> {
      const orderId = params.orderId && /^\d+$/.test(params.orderId) ? Number(params.orderId) : null;
      return {
        method: "transferencia",
        outcome: "pending",
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
