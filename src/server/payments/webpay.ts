/**
 * webpay: Transbank Webpay Plus REST. start creates the transaction (the browser then posts
 * token_ws to the answered url); confirmReturn reads how the buyer came back and commits, or asks the status;
 * approved only when response_code is 0 and status is AUTHORIZED. Webpay sends no webhooks.
 */
import { randomBytes } from "node:crypto";
import { ShopError } from "../../shared/domain/shop-error";
import { settlesCurrency } from "./currencies";
import type { PaymentSettings } from "./config";
import { callGateway, gatewayRefused, gatewayUnreadable, type GatewayTransport } from "./gateway-http";
import type { ConfirmationLedger, PaymentAdapter, PaymentConfirmation, PaymentStart, RefundInput, RefundResult, ReturnParams } from "./types";
import {
  WEBPAY_TRANSACTIONS_PATH,
  buyOrderFor,
  classifyWebpayReturn,
  REFUNDED_STATUSES,
  createTransactionAnswerSchema,
  refundAnswerSchema,
  orderIdFromBuyOrder,
  transactionAnswerSchema,
  type TransactionAnswer,
} from "./webpay-protocol";
import { PAYMENT_CODE } from "../../shared/domain/payment-codes";
import { PAYMENT_OUTCOME } from "../../shared/domain/payment-states";

export interface WebpayDeps {
  settings: PaymentSettings[typeof PAYMENT_CODE.webpay];
  transport: GatewayTransport;
  ledger: ConfirmationLedger;
}

/** Webpay's decision rule (Transbank reference, "Confirmar una transacción"). */
export function isAuthorized(answer: Pick<TransactionAnswer, "response_code" | "status">): boolean {
  return answer.response_code === 0 && answer.status === "AUTHORIZED";
}

export function webpayAdapter({ settings, transport, ledger }: WebpayDeps): PaymentAdapter {
  const headers = { "Tbk-Api-Key-Id": settings.commerceCode, "Tbk-Api-Key-Secret": settings.apiKey };
  const transactionUrl = (token: string) => `${settings.baseUrl}${WEBPAY_TRANSACTIONS_PATH}/${encodeURIComponent(token)}`;

  async function status(token: string) {
    const answer = await callGateway(transport, transactionUrl(token), { method: "GET", headers });
    if (answer.status === 404 || answer.status === 422 || answer.status === 400) return null;
    if (answer.status !== 200) gatewayRefused("the transaction status", answer);
    const parsed = transactionAnswerSchema.safeParse(answer.body);
    if (!parsed.success) gatewayUnreadable("transaction status", answer.body);
    return parsed.data;
  }

  function confirmation(
    answer: TransactionAnswer,
    token: string,
    fields: Pick<PaymentConfirmation, "outcome" | "reason" | "alreadyConfirmed">,
  ): PaymentConfirmation {
    return {
      method: PAYMENT_CODE.webpay,
      ...fields,
      orderId: orderIdFromBuyOrder(answer.buy_order),
      providerReference: token,
      // Webpay amounts are whole units (start refuses currencies with decimals), so major = minor.
      amount: answer.amount,
      echo: { buyOrder: answer.buy_order, sessionId: answer.session_id },
      verified: true,
      idempotencyKey: `webpay:${token}`,
      raw: answer,
    };
  }

  return {
    code: PAYMENT_CODE.webpay,

    async start(input): Promise<PaymentStart> {
      // Transbank settles Chilean pesos only: any other amount would be charged as that many CLP.
      if (!settlesCurrency(PAYMENT_CODE.webpay, input.currency)) throw new ShopError("payment_currency_unsupported");
      // One draw of the system's random source for both: 4 bytes for the buy order, 16 for the session id.
      const random = randomBytes(20).toString("hex");
      const buyOrder = buyOrderFor(input.orderId, random.slice(0, 8));
      const sessionId = random.slice(8);
      const body = { buy_order: buyOrder, session_id: sessionId, amount: input.amount, return_url: input.returnUrl };
      const answer = await callGateway(transport, `${settings.baseUrl}${WEBPAY_TRANSACTIONS_PATH}`, { method: "POST", headers, body });
      if (answer.status !== 200) gatewayRefused("the transaction", answer);
      const parsed = createTransactionAnswerSchema.safeParse(answer.body);
      if (!parsed.success) gatewayUnreadable("transaction", answer.body);
      return {
        method: PAYMENT_CODE.webpay,
        response: { webpay_token: parsed.data.token, webpay_url: parsed.data.url },
        providerReference: parsed.data.token,
        echo: { buyOrder, sessionId },
        raw: parsed.data,
      };
    },

    async confirmReturn(params: ReturnParams): Promise<PaymentConfirmation> {
      const back = classifyWebpayReturn(params);
      switch (back.kind) {
        case "normal": {
          const key = `webpay:${back.token}`;
          const answer = await callGateway(transport, transactionUrl(back.token), { method: "PUT", headers, body: {} });
          if (answer.status === 200) {
            const parsed = transactionAnswerSchema.safeParse(answer.body);
            if (!parsed.success) gatewayUnreadable("commit", answer.body);
            const repeat = !(await ledger.record(key));
            return confirmation(parsed.data, back.token, decide(parsed.data, repeat));
          }
          // Transbank refuses a second commit (422): the status call tells what the first one decided.
          const known = await status(back.token);
          if (!known) throw new ShopError("payment_return_invalid");
          if (known.status === "INITIALIZED") {
            // Not decided yet (or the commit was refused for a reason the status does not show): keep waiting.
            return confirmation(known, back.token, { outcome: PAYMENT_OUTCOME.pending, reason: "in_process", alreadyConfirmed: false });
          }
          await ledger.record(key);
          return confirmation(known, back.token, decide(known, true));
        }
        case "aborted":
        case "form_error": {
          // Transbank: with TBK_TOKEN the shop asks the status to validate it; there is nothing to commit.
          const known = await status(back.token);
          if (!known) throw new ShopError("payment_return_invalid");
          if (known.buy_order !== back.buyOrder || known.session_id !== back.sessionId) {
            throw new ShopError("payment_return_invalid");
          }
          const repeat = !(await ledger.record(`webpay:${back.token}`));
          if (isAuthorized(known)) return confirmation(known, back.token, decide(known, repeat));
          const reason = back.kind === "aborted" ? "aborted_by_buyer" : "form_error";
          return confirmation(known, back.token, { outcome: PAYMENT_OUTCOME.cancelled, reason, alreadyConfirmed: repeat });
        }
        case "timeout": {
          // No token comes back, so Webpay cannot be asked: the caller must match buy_order and session_id
          // against what start answered before it cancels the order.
          const key = `webpay:timeout:${back.buyOrder}`;
          const repeat = !(await ledger.record(key));
          return {
            method: PAYMENT_CODE.webpay,
            outcome: PAYMENT_OUTCOME.cancelled,
            reason: "timeout",
            orderId: orderIdFromBuyOrder(back.buyOrder),
            providerReference: null,
            amount: null,
            echo: { buyOrder: back.buyOrder, sessionId: back.sessionId },
            verified: false,
            idempotencyKey: key,
            alreadyConfirmed: repeat,
            raw: { TBK_ORDEN_COMPRA: back.buyOrder, TBK_ID_SESION: back.sessionId },
          };
        }
        case "invalid":
          throw new ShopError("payment_return_invalid");
      }
    },

    async handleWebhook(): Promise<never> {
      throw new ShopError("not_found");
    },

    async refund(input: RefundInput): Promise<RefundResult> {
      if (!settlesCurrency(PAYMENT_CODE.webpay, input.currency)) throw new ShopError("payment_currency_unsupported");
      // Transbank takes no idempotency key: what it already gave back (amount minus balance) says whether this
      // refund went through on an earlier try, before the shop could note it.
      const before = await status(input.providerReference);
      if (before && before.balance !== undefined && before.amount - before.balance >= (input.refundedBefore ?? 0) + input.amount) {
        return { alreadyRefunded: true, raw: before };
      }
      const answer = await callGateway(transport, `${transactionUrl(input.providerReference)}/refunds`, { method: "POST", headers, body: { amount: input.amount } });
      if (answer.status === 200) {
        const parsed = refundAnswerSchema.safeParse(answer.body);
        if (!parsed.success) gatewayUnreadable("refund", answer.body);
        return { alreadyRefunded: false, raw: parsed.data };
      }
      // Refused: an earlier try may have gone through before the shop could note it; the status tells.
      const known = await status(input.providerReference);
      const givenBack = known && known.balance !== undefined ? known.amount - known.balance : null;
      if (known && REFUNDED_STATUSES.includes(known.status) && (givenBack === null || givenBack >= (input.refundedBefore ?? 0) + input.amount)) {
        return { alreadyRefunded: true, raw: known };
      }
      gatewayRefused("the refund", answer);
    },
  };
}

function decide(answer: TransactionAnswer, alreadyConfirmed: boolean): Pick<PaymentConfirmation, "outcome" | "reason" | "alreadyConfirmed"> {
  return isAuthorized(answer)
    ? { outcome: PAYMENT_OUTCOME.approved, reason: "authorized", alreadyConfirmed }
    : { outcome: PAYMENT_OUTCOME.rejected, reason: "declined", alreadyConfirmed };
}
