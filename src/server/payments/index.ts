/**
 * The payment methods behind one interface (docs/architecture.md "Payments"). The purchase service asks
 * `deps.payments.get(order.paymentCode)` (one set per running app, so the in-memory ledger is shared by its
 * requests) and calls start / confirmReturn / handleWebhook; see
 * docs/api.md "Payments" for the flow and the idempotency contract.
 */
import { ShopError } from "../../shared/domain/shop-error";
import type { Env } from "../env";
import { paymentSettings, type PaymentSettings } from "./config";
import { fetchTransport, nodeTransport, type FetchLike } from "./gateway-http";
import { memoryLedger } from "./ledger";
import { mercadoPagoAdapter } from "./mercadopago";
import { prepagadoAdapter } from "./prepagado";
import { transferenciaAdapter } from "./transferencia";
import { isPaymentCode, type ConfirmationLedger, type PaymentAdapter, type PaymentCode } from "./types";
import { webpayAdapter } from "./webpay";

export * from "./types";
export { paymentSettings, type PaymentSettings } from "./config";
export { memoryLedger } from "./ledger";

export interface PaymentAdapterOptions {
  /** How adapters reach the providers; tests may pass `(url, init) => app.request(url, init)`. */
  fetch?: FetchLike;
  ledger?: ConfirmationLedger;
  now?: () => Date;
}

export interface PaymentAdapters {
  settings: PaymentSettings;
  /** The adapter for a payment code; an unknown code is the caller's mistake (422 payment_method_unavailable). */
  get(code: string): PaymentAdapter;
  all: Record<PaymentCode, PaymentAdapter>;
}

export function createPaymentAdapters(env: Env, options: PaymentAdapterOptions = {}): PaymentAdapters {
  const settings = paymentSettings(env);
  const transport = options.fetch ? fetchTransport(options.fetch) : nodeTransport;
  const ledger = options.ledger ?? memoryLedger();
  const now = options.now ?? (() => new Date());
  const all: Record<PaymentCode, PaymentAdapter> = {
    webpay: webpayAdapter({ settings: settings.webpay, transport, ledger }),
    mercadopago: mercadoPagoAdapter({ settings: settings.mercadopago, timeoutMinutes: settings.timeoutMinutes, transport, ledger, now }),
    transferencia: transferenciaAdapter(settings.transfer),
    prepagado: prepagadoAdapter(),
  };
  return {
    settings,
    all,
    get(code) {
      if (!isPaymentCode(code)) throw new ShopError("payment_method_unavailable");
      return all[code];
    },
  };
}
