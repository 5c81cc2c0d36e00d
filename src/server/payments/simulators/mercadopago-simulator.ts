/**
 * A local MercadoPago Checkout Pro: preferences (Bearer token checked), the init_point page with approve,
 * reject and cancel, back_url returns with the query Checkout Pro sends, the signed webhook to notification_url
 * (`?data.id=…&type=payment`, x-signature over `id:…;request-id:…;ts:…;`), GET /v1/payments/{id} and
 * POST /v1/payments/{id}/refunds.
 * State lives in memory, per app instance, and is lost on restart.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { html } from "hono/html";
import { formatMoney } from "../../../shared/format/money";
import type { AppEnv } from "../../http/context";
import { currencyDecimals, toMinorUnits } from "../amounts";
import type { PaymentSettings } from "../config";
import {
  CHECKOUT_REDIRECT_PATH,
  PAYMENTS_PATH,
  PREFERENCES_PATH,
  createPreferenceSchema,
  refundRequestSchema,
  type BackUrlParams,
  type CreatePreferenceRequest,
} from "../mercadopago-protocol";
import { signatureHeader } from "../mercadopago-signature";
import { messagePage, renderPage, translator } from "./page";
import { withParams } from "./return-url";

const PROVIDER = "Mercado Pago";
/** How long the simulator waits for the shop to take a webhook (MercadoPago allows 22 s). */
const WEBHOOK_TIMEOUT_MS = 5_000;
const COLLECTOR_ID = 1_234_567_890;
/** The simulated seller account is Colombian (MercadoPago's MCO site): items without a currency are in pesos. */
const ACCOUNT_CURRENCY = "COP";

interface SimulatedPreference {
  id: string;
  request: CreatePreferenceRequest;
  createdAt: Date;
  paymentId: number | null;
}

interface SimulatedPayment {
  id: number;
  status: "approved" | "rejected" | "refunded";
  status_detail: string;
  external_reference: string | null;
  transaction_amount: number;
  currency_id: string;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  description: string;
  payer: { email: string | null };
  payment_method_id: string;
  payment_type_id: string;
  order: { id: number; type: "mercadopago" };
  collector_id: number;
  live_mode: false;
  metadata: { preference_id: string };
}

export interface WebhookDelivery {
  at: string;
  url: string;
  requestId: string;
  status: number | null;
  error: string | null;
}

export function mercadoPagoSimulator(settings: PaymentSettings, now: () => Date) {
  const app = new Hono<AppEnv>();
  // Paths with or without a trailing slash are the same call, as on MercadoPago's API (the SDK adds one to some,
  // e.g. PaymentRefund.list); the shop mounts this app under a strict router, so each route names both.
  const both = (path: string) => [path, `${path}/`];
  const preferences = new Map<string, SimulatedPreference>();
  const payments = new Map<number, SimulatedPayment>();
  const deliveries = new Map<number, WebhookDelivery[]>();
  const refundsByKey = new Map<string, { id: number; payment_id: number; amount: number; status: string }>();
  const refundsOf = new Map<number, { id: number; payment_id: number; amount: number; status: string }[]>();
  let nextRefundId = 5_000_000_000 + Math.floor(Math.random() * 1_000_000);
  const base = `${settings.publicUrl}/payments-sim/mercadopago`;
  let nextPaymentId = 1_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;
  let nextOrderId = 20_000_000_000 + Math.floor(Math.random() * 1_000_000) * 1000;

  const refuse = (c: Context<AppEnv>, status: 400 | 401 | 404, error: string, message: string) =>
    c.json({ message, error, status, cause: [{ code: status, description: message }] }, status);

  const requireToken: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (c.req.header("authorization") !== `Bearer ${settings.mercadopago.accessToken}`) {
      return refuse(c, 401, "unauthorized", "invalid access token");
    }
    await next();
  };
  app.use(PREFERENCES_PATH, requireToken);
  app.use(`${PREFERENCES_PATH}/*`, requireToken);
  app.use(`${PAYMENTS_PATH}/*`, requireToken);

  // The official SDK posts to the path with a trailing slash, which MercadoPago takes as the same call.
  app.on("POST", both(PREFERENCES_PATH), async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return refuse(c, 400, "bad_request", "invalid JSON body");
    }
    const parsed = createPreferenceSchema.safeParse(body);
    if (!parsed.success) {
      return refuse(c, 400, "bad_request", `invalid ${parsed.error.issues[0]?.path.join(".") || "body"}`);
    }
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const request = { ...parsed.data, items: parsed.data.items.map((item) => ({ ...item, currency_id: item.currency_id ?? ACCOUNT_CURRENCY })) };
    const preference: SimulatedPreference = { id, request, createdAt: now(), paymentId: null };
    preferences.set(id, preference);
    return c.json(preferenceAnswer(preference, base), 201);
  });

  app.on("GET", both(`${PREFERENCES_PATH}/:id`), (c) => {
    const preference = preferences.get(c.req.param("id") ?? "");
    if (!preference) return refuse(c, 404, "not_found", "preference not found");
    return c.json(preferenceAnswer(preference, base));
  });

  app.on("GET", both(`${PAYMENTS_PATH}/:id`), (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    if (!payment) return refuse(c, 404, "not_found", "Payment not found");
    return c.json(payment);
  });

  // A refund of the whole payment (no amount) or of a part; a repeated X-Idempotency-Key answers the first refund
  // again. A payment partly refunded stays approved ("partially_refunded") until nothing is left of it.
  app.on("POST", both(`${PAYMENTS_PATH}/:id/refunds`), async (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    if (!payment) return refuse(c, 404, "not_found", "Payment not found");
    let body: unknown = {};
    const text = await c.req.text();
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(c, 400, "bad_request", "invalid JSON body");
      }
    }
    const parsed = refundRequestSchema.safeParse(body);
    if (!parsed.success) return refuse(c, 400, "bad_request", "invalid amount");
    const key = c.req.header("x-idempotency-key");
    const earlier = key ? refundsByKey.get(key) : undefined;
    if (earlier) return c.json(earlier, 201);
    if (payment.status !== "approved") return refuse(c, 400, "bad_request", `Payment status ${payment.status} cannot be refunded`);
    const given = (refundsOf.get(payment.id) ?? []).reduce((sum, refund) => sum + refund.amount, 0);
    const left = Math.round((payment.transaction_amount - given) * 100) / 100;
    const amount = parsed.data.amount ?? left;
    if (amount > left) return refuse(c, 400, "bad_request", "The amount to refund exceeds what is left of the payment");
    const at = now().toISOString();
    const refund = { id: nextRefundId++, payment_id: payment.id, amount, status: "approved", date_created: at, source: { type: "collector" } };
    refundsOf.set(payment.id, [...(refundsOf.get(payment.id) ?? []), refund]);
    payment.status = amount === left ? "refunded" : "approved";
    payment.status_detail = amount === left ? "refunded" : "partially_refunded";
    payment.date_last_updated = at;
    if (key) refundsByKey.set(key, refund);
    return c.json(refund, 201);
  });

  // The refunds of a payment, as MercadoPago lists them.
  app.on("GET", both(`${PAYMENTS_PATH}/:id/refunds`), (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    if (!payment) return refuse(c, 404, "not_found", "Payment not found");
    return c.json(refundsOf.get(payment.id) ?? []);
  });

  /** Simulator only: MercadoPago repeats a notification it thinks was missed; this sends it again on demand. */
  app.on("POST", both(`${PAYMENTS_PATH}/:id/notify`), async (c) => {
    const payment = payments.get(Number(c.req.param("id")));
    const preference = payment ? preferences.get(payment.metadata.preference_id) : undefined;
    if (!payment || !preference) return refuse(c, 404, "not_found", "Payment not found");
    return c.json(await notify(payment, preference));
  });

  /** Simulator only: what happened to each webhook sent for a payment. */
  app.on("GET", both(`${PAYMENTS_PATH}/:id/notifications`), (c) => c.json(deliveries.get(Number(c.req.param("id"))) ?? []));

  app.on("GET", both(CHECKOUT_REDIRECT_PATH), (c) => {
    const preference = preferences.get(c.req.query("pref_id") ?? "");
    if (!preference || expired(preference, now())) return messagePage(c, PROVIDER, "unknown");
    if (preference.paymentId !== null) return messagePage(c, PROVIDER, "done", preference.request.back_urls?.success);
    const t = translator(c);
    const request = preference.request;
    const currency = request.items[0]?.currency_id ?? "COP";
    const total = request.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0);
    return renderPage(c, {
      title: t("payments.sim.title_mercadopago"),
      provider: PROVIDER,
      body: html`<dl>
          <dt>${t("payments.sim.description")}</dt>
          <dd>${request.items.map((item) => item.title).join(", ")}</dd>
          <dt>${t("payments.sim.order")}</dt>
          <dd>${request.external_reference ?? preference.id}</dd>
          <dt>${t("payments.sim.amount")}</dt>
          <dd>${formatMoney(toMinorUnits(total, currency), currency, currencyDecimals(currency), c.get("locale"))}</dd>
        </dl>
        <form method="post" action="${base}/checkout/v1/decide">
          <input type="hidden" name="pref_id" value="${preference.id}" />
          <fieldset>
            <legend>${t("payments.sim.choose")}</legend>
            <button type="submit" name="action" value="approve" class="approve">${t("payments.sim.approve")}</button>
            <button type="submit" name="action" value="reject" class="reject">${t("payments.sim.reject")}</button>
            <button type="submit" name="action" value="cancel" class="cancel">${t("payments.sim.cancel")}</button>
          </fieldset>
        </form>`,
    });
  });

  app.on("POST", both("/checkout/v1/decide"), async (c) => {
    const form = await c.req.parseBody();
    const preference = typeof form.pref_id === "string" ? preferences.get(form.pref_id) : undefined;
    if (!preference || expired(preference, now())) return messagePage(c, PROVIDER, "unknown");
    if (preference.paymentId !== null) return messagePage(c, PROVIDER, "done", preference.request.back_urls?.success);
    const backUrls = preference.request.back_urls ?? {};
    if (form.action === "cancel") {
      // Leaving without paying creates no payment: Checkout Pro returns to failure with "null" everywhere.
      const back = backUrls.failure ?? backUrls.pending ?? backUrls.success;
      if (!back) return messagePage(c, PROVIDER, "done");
      return c.redirect(withParams(back, backUrlParams(preference, null)), 303);
    }
    if (form.action !== "approve" && form.action !== "reject") return c.redirect(`${base}${CHECKOUT_REDIRECT_PATH}?pref_id=${encodeURIComponent(preference.id)}`, 303);
    const payment = createPayment(preference, form.action === "approve");
    // Checkout Pro notifies the shop about the new payment while the buyer is on the result page.
    await notify(payment, preference);
    const back = payment.status === "approved" ? backUrls.success : backUrls.failure;
    if (!back) return messagePage(c, PROVIDER, "done");
    return c.redirect(withParams(back, backUrlParams(preference, payment)), 303);
  });

  function createPayment(preference: SimulatedPreference, approved: boolean): SimulatedPayment {
    const at = now().toISOString();
    const request = preference.request;
    const payment: SimulatedPayment = {
      id: nextPaymentId++,
      status: approved ? "approved" : "rejected",
      status_detail: approved ? "accredited" : "cc_rejected_other_reason",
      external_reference: request.external_reference ?? null,
      transaction_amount: request.items.reduce((sum, item) => sum + item.unit_price * item.quantity, 0),
      currency_id: request.items[0]?.currency_id ?? "COP",
      date_created: at,
      date_approved: approved ? at : null,
      date_last_updated: at,
      description: request.items[0]?.title ?? "",
      payer: { email: request.payer?.email ?? null },
      payment_method_id: "visa",
      payment_type_id: "credit_card",
      order: { id: nextOrderId++, type: "mercadopago" },
      collector_id: COLLECTOR_ID,
      live_mode: false,
      metadata: { preference_id: preference.id },
    };
    payments.set(payment.id, payment);
    // A rejected card may be retried in real Checkout Pro; the simulator keeps one decision per preference.
    preference.paymentId = payment.id;
    return payment;
  }

  async function notify(payment: SimulatedPayment, preference: SimulatedPreference): Promise<WebhookDelivery | null> {
    const target = preference.request.notification_url;
    if (!target) return null;
    const dataId = String(payment.id);
    const requestId = randomUUID();
    const ts = String(Math.floor(now().getTime() / 1000));
    // The shop notifying itself goes over loopback, like the adapters' calls to the simulators.
    const local = target.startsWith(`${settings.publicUrl}/`) ? settings.internalUrl + target.slice(settings.publicUrl.length) : target;
    const url = withParams(local, { "data.id": dataId, type: "payment" });
    const delivery: WebhookDelivery = { at: now().toISOString(), url, requestId, status: null, error: null };
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-signature": signatureHeader(settings.mercadopago.webhookSecret, dataId, requestId, ts),
          "x-request-id": requestId,
        },
        body: JSON.stringify({
          action: "payment.created",
          api_version: "v1",
          data: { id: dataId },
          date_created: payment.date_created,
          id: Number.parseInt(randomBytes(5).toString("hex"), 16),
          live_mode: false,
          type: "payment",
          user_id: String(COLLECTOR_ID),
        }),
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      });
      delivery.status = response.status;
      await response.body?.cancel();
    } catch (error) {
      // An unreachable shop must not stop the buyer from returning; the delivery record tells what happened.
      delivery.error = error instanceof Error ? error.message : String(error);
      console.warn(`payment simulator: webhook to ${url} failed: ${delivery.error}`);
    }
    deliveries.set(payment.id, [...(deliveries.get(payment.id) ?? []), delivery]);
    return delivery;
  }

  return app;
}

function expired(preference: SimulatedPreference, at: Date): boolean {
  const until = preference.request.expiration_date_to;
  return Boolean(preference.request.expires && until && Date.parse(until) < at.getTime());
}

function preferenceAnswer(preference: SimulatedPreference, base: string) {
  const initPoint = `${base}${CHECKOUT_REDIRECT_PATH}?pref_id=${encodeURIComponent(preference.id)}`;
  return {
    ...preference.request,
    id: preference.id,
    collector_id: COLLECTOR_ID,
    client_id: "rodamos-simulator",
    date_created: preference.createdAt.toISOString(),
    operation_type: "regular_payment",
    init_point: initPoint,
    sandbox_init_point: initPoint,
  };
}

/** What Checkout Pro appends to a back_url; a buyer who left without paying gets "null" values. */
function backUrlParams(preference: SimulatedPreference, payment: SimulatedPayment | null): Record<string, string> {
  const id = payment ? String(payment.id) : "null";
  const status = payment ? payment.status : "null";
  const params: BackUrlParams = {
    collection_id: id,
    collection_status: status,
    payment_id: id,
    status,
    external_reference: preference.request.external_reference ?? "null",
    payment_type: payment ? payment.payment_type_id : "null",
    merchant_order_id: payment ? String(payment.order.id) : "null",
    preference_id: preference.id,
    site_id: "MCO",
    processing_mode: "aggregator",
    merchant_account_id: "null",
  };
  return { ...params };
}
