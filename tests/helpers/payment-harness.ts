/**
 * The payment adapters' own test bench, mounted in front of a listening test shop: a stand-in webhook route
 * that hands MercadoPago's notification straight to the adapter and records what it decided, plus adapters the
 * test drives directly (and can restart, which empties the simulators' in-memory ledger).
 */
import { Hono } from "hono";
import type { createApp } from "../../src/server/app";
import type { Env } from "../../src/server/env";
import { ShopError } from "../../src/shared/domain/shop-error";
import { statusOf } from "../../src/server/http/error-statuses";
import { createPaymentAdapters, type PaymentAdapters, type PaymentStartInput, type WebhookResult } from "../../src/server/payments";

export const WEBHOOK_PATH = "/test-hooks/mercadopago";

export interface WebhookCall {
  status: number;
  result?: WebhookResult;
  code?: string;
}

export interface PaymentHarness {
  adapters: PaymentAdapters;
  webhooks: WebhookCall[];
  /** Fresh adapters with an empty ledger: the shop after a restart. */
  restartedAdapters(): PaymentAdapters;
  /** What the purchase hands an adapter to start a payment, returning to this shop. */
  input(overrides?: Partial<PaymentStartInput>): PaymentStartInput;
}

export function mountPaymentHarness(shop: ReturnType<typeof createApp>, env: Env, origin: string, now?: () => Date) {
  const adapters = createPaymentAdapters(env, { now });
  const webhooks: WebhookCall[] = [];
  const outer = new Hono();
  outer.post(WEBHOOK_PATH, async (c) => {
    try {
      const result = await adapters.get("mercadopago").handleWebhook(c.req.raw);
      webhooks.push({ status: 200, result });
      return c.json({ success: true, data: result });
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      webhooks.push({ status: statusOf(error.code), code: error.code });
      return c.json({ success: false, code: error.code }, statusOf(error.code));
    }
  });
  outer.all("*", (c) => shop.fetch(c.req.raw, c.env));
  const harness: PaymentHarness = {
    adapters,
    webhooks,
    restartedAdapters: () => createPaymentAdapters(env, { now }),
    input: (overrides = {}) => ({
      orderId: 42,
      amount: 120_000,
      currency: "COP",
      buyerEmail: "ana@example.com",
      description: "Rodamos: traslado Estéreo Picnic (2 tickets)",
      returnUrl: `${origin}/order-detail/42`,
      notificationUrl: `${origin}${WEBHOOK_PATH}`,
      ...overrides,
    }),
  };
  return { ...harness, fetch: (request: Request, bindings?: object) => outer.fetch(request, bindings) };
}
