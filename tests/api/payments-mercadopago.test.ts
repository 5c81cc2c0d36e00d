/**
 * MercadoPago Checkout Pro end to end against the shop's own simulator: preference -> init_point page ->
 * approve / reject / cancel -> signed webhook verified -> payment read back; forged, missing and stale
 * signatures refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET } from "../../src/server/payments/config";
import { signatureHeader } from "../../src/server/payments/mercadopago-signature";
import { postForm, redirectParams } from "../helpers/browser";
import { WEBHOOK_PATH, type PaymentHarness } from "../helpers/payment-harness";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let payments: PaymentHarness;

beforeAll(async () => {
  shop = await openTestShop({ seed: false, paymentHarness: true });
  payments = shop.payments!;
});
afterAll(async () => {
  await shop.close();
});

const mercadopago = () => payments.adapters.get("mercadopago");
const auth = { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` };

async function checkout(orderId: number, action: "approve" | "reject" | "cancel") {
  const returnUrl = `${shop.origin}/order-detail/${orderId}`;
  const start = await mercadopago().start(payments.input({ orderId, returnUrl, amount: 95_500 }));
  const page = await fetch(start.response.preference_init_point!);
  const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: start.response.preference_id!, action });
  return { start, page, decided, params: redirectParams(decided, returnUrl) };
}

/** A webhook as MercadoPago sends it, signed with `secret` at `ts` (seconds). */
function webhook(dataId: string, options: { secret?: string; ts?: number; signature?: string | null; signedId?: string } = {}) {
  const requestId = crypto.randomUUID();
  const ts = String(options.ts ?? Math.floor(Date.now() / 1000));
  const headers: Record<string, string> = { "content-type": "application/json", "x-request-id": requestId };
  const signature =
    options.signature === undefined
      ? signatureHeader(options.secret ?? SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET, options.signedId ?? dataId, requestId, ts)
      : options.signature;
  if (signature !== null) headers["x-signature"] = signature;
  return fetch(`${shop.origin}${WEBHOOK_PATH}?data.id=${dataId}&type=payment`, {
    method: "POST",
    headers,
    body: JSON.stringify({ action: "payment.updated", type: "payment", data: { id: dataId } }),
  });
}

describe("mercadopago preference", () => {
  it("answers the spec's preference_id and preference_init_point, and the init_point is a labelled test page", async () => {
    const start = await mercadopago().start(payments.input());
    expect(start.response).toEqual({ preference_id: expect.any(String), preference_init_point: expect.stringContaining(`${shop.origin}/payments-sim/mercadopago/`) });
    expect(start.providerReference).toBe(start.response.preference_id);
    expect(start.raw).toMatchObject({ external_reference: "42", auto_return: "approved", notification_url: `${shop.origin}${WEBHOOK_PATH}` });
    expect(start.raw).toMatchObject({ items: [{ unit_price: 120_000, quantity: 1, currency_id: "COP" }], back_urls: { success: `${shop.origin}/order-detail/42` } });

    const page = await fetch(start.response.preference_init_point!);
    expect(page.status).toBe(200);
    const text = await page.text();
    expect(text).toContain("Página de pago de prueba");
    expect(text).toContain("Simulador de Mercado Pago");
    expect(text).toContain("COP 120.000");
    expect(text).not.toMatch(/(src|href)="https?:\/\/(?!localhost)/);
  });

  it("the simulator refuses a wrong access token", async () => {
    const response = await fetch(`${shop.origin}/payments-sim/mercadopago/checkout/preferences`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: "Bearer APP_USR-wrong" },
      body: JSON.stringify({ items: [{ title: "x", quantity: 1, unit_price: 10, currency_id: "COP" }] }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "unauthorized", status: 401 });
  });
});

describe("mercadopago preference validation", () => {
  it("the simulator refuses a preference without items, as MercadoPago does", async () => {
    const response = await fetch(`${shop.origin}/payments-sim/mercadopago/checkout/preferences`, {
      method: "POST",
      headers: { "content-type": "application/json", ...auth },
      body: JSON.stringify({ items: [], external_reference: "1" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "bad_request", status: 400 });
  });

  it("the preference expires with the seat hold, and an expired one can no longer be paid", async () => {
    let clock = new Date("2026-11-21T15:00:00Z");
    const timed = await openTestShop({ seed: false, paymentHarness: true, now: () => clock });
    try {
      const start = await timed.payments!.adapters.get("mercadopago").start(timed.payments!.input({ orderId: 75 }));
      // PAYMENT_TIMEOUT_MINUTES, 20 by default.
      expect(start.raw).toMatchObject({ expires: true, expiration_date_to: "2026-11-21T15:20:00.000Z" });
      expect((await fetch(start.response.preference_init_point!)).status).toBe(200);
      clock = new Date("2026-11-21T15:21:00Z");
      const late = await fetch(start.response.preference_init_point!);
      expect(late.status).toBe(404);
      const decided = await postForm(`${timed.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: start.response.preference_id!, action: "approve" });
      expect(decided.status).toBe(404);
    } finally {
      await timed.close();
    }
  });
});

describe("mercadopago payment", () => {
  it("approve -> signed webhook verified -> payment read back approved; the back_url carries Checkout Pro's query", async () => {
    const before = payments.webhooks.length;
    const { params, page } = await checkout(70, "approve");
    expect(page.status).toBe(200);
    expect(params).toMatchObject({
      collection_status: "approved",
      status: "approved",
      external_reference: "70",
      preference_id: expect.any(String),
      payment_id: expect.stringMatching(/^\d+$/),
      merchant_order_id: expect.stringMatching(/^\d+$/),
      site_id: "MCO",
    });
    expect(params.collection_id).toBe(params.payment_id);

    // The webhook reached the shop before the buyer came back.
    expect(payments.webhooks.slice(before)).toHaveLength(1);
    const [call] = payments.webhooks.slice(before);
    expect(call?.status).toBe(200);
    expect(call?.result).toMatchObject({
      kind: "confirmation",
      confirmation: { method: "mercadopago", outcome: "approved", orderId: 70, amount: 95_500, providerReference: params.payment_id, verified: true, alreadyConfirmed: false },
    });

    // The return after the webhook is the same event: already confirmed, so the order is mailed once.
    const back = await mercadopago().confirmReturn(params);
    expect(back).toMatchObject({ outcome: "approved", orderId: 70, alreadyConfirmed: true });
    if (call?.result?.kind !== "confirmation") throw new Error("the webhook was not read as a confirmation");
    expect(back.idempotencyKey).toBe(call.result.confirmation.idempotencyKey);

    const deliveries = await (await fetch(`${shop.origin}/payments-sim/mercadopago/v1/payments/${params.payment_id}/notifications`, { headers: auth })).json();
    // The shop notifies itself over loopback, not through the public name.
    expect(deliveries).toEqual([
      expect.objectContaining({ status: 200, error: null, url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/test-hooks\/mercadopago\?data\.id=\d+&type=payment$/) }),
    ]);
  });

  it("the same webhook again gives the same answer, reported as already confirmed", async () => {
    const { params } = await checkout(71, "approve");
    const before = payments.webhooks.length;
    const resent = await fetch(`${shop.origin}/payments-sim/mercadopago/v1/payments/${params.payment_id}/notify`, { method: "POST", headers: auth });
    expect(resent.status).toBe(200);
    const [call] = payments.webhooks.slice(before);
    expect(call?.result).toMatchObject({ kind: "confirmation", confirmation: { outcome: "approved", orderId: 71, alreadyConfirmed: true } });
  });

  it("reject -> failure back_url with status rejected; the webhook confirms a rejection", async () => {
    const before = payments.webhooks.length;
    const { params } = await checkout(72, "reject");
    expect(params).toMatchObject({ status: "rejected", collection_status: "rejected", external_reference: "72" });
    expect(payments.webhooks.slice(before)[0]?.result).toMatchObject({ confirmation: { outcome: "rejected", reason: "declined", orderId: 72 } });
    expect(await mercadopago().confirmReturn(params)).toMatchObject({ outcome: "rejected", alreadyConfirmed: true });
  });

  it("cancel -> back with null statuses, no payment and no webhook -> cancelled, unverified", async () => {
    const before = payments.webhooks.length;
    const { params } = await checkout(73, "cancel");
    expect(params).toMatchObject({ payment_id: "null", collection_status: "null", status: "null", external_reference: "73" });
    expect(payments.webhooks.length).toBe(before);
    const confirmation = await mercadopago().confirmReturn(params);
    expect(confirmation).toMatchObject({ outcome: "cancelled", reason: "left_without_paying", orderId: 73, verified: false });
  });

  it("a return naming a payment is read back from MercadoPago, not believed", async () => {
    const { params } = await checkout(74, "reject");
    // A buyer who edits the query to say approved still gets the payment's real status.
    const tampered = await mercadopago().confirmReturn({ ...params, status: "approved", collection_status: "approved" });
    expect(tampered.outcome).toBe("rejected");
    await expect(mercadopago().confirmReturn({ ...params, payment_id: "999", collection_id: "999" })).rejects.toMatchObject({ code: "payment_return_invalid" });
  });
});

describe("mercadopago webhook signature", () => {
  let paymentId: string;
  beforeAll(async () => {
    paymentId = (await checkout(80, "approve")).params.payment_id!;
  });

  it("accepts a correctly signed, fresh notification (the control for the refusals below)", async () => {
    const response = await webhook(paymentId);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true, data: { kind: "confirmation", confirmation: { orderId: 80, outcome: "approved" } } });
  });

  it("refuses a forged signature", async () => {
    const response = await webhook(paymentId, { secret: "someone-elses-secret-value" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "payment_signature_invalid" });
  });

  it("refuses a signature made for another payment", async () => {
    expect((await webhook(paymentId, { signedId: "123456" })).status).toBe(401);
  });

  it("refuses a missing or malformed signature", async () => {
    expect((await webhook(paymentId, { signature: null })).status).toBe(401);
    expect((await webhook(paymentId, { signature: "ts=123" })).status).toBe(401);
    expect((await webhook(paymentId, { signature: `ts=${Math.floor(Date.now() / 1000)},v1=nothex` })).status).toBe(401);
  });

  it("refuses a stale signature, even a genuine one", async () => {
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    expect((await webhook(paymentId, { ts: tenMinutesAgo })).status).toBe(401);
    const tenMinutesAhead = Math.floor(Date.now() / 1000) + 600;
    expect((await webhook(paymentId, { ts: tenMinutesAhead })).status).toBe(401);
  });

  it("ignores topics the shop does not act on", async () => {
    const response = await fetch(`${shop.origin}${WEBHOOK_PATH}?id=123&topic=merchant_order`, { method: "POST", body: "{}" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ data: { kind: "ignored" } });
  });
});
