/**
 * Webpay Plus end to end against the shop's own simulator: create -> the browser posts token_ws -> approve,
 * reject, cancel or time out -> the return -> commit / status.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WEBPAY_TRANSACTIONS_PATH } from "../../src/server/payments/webpay-protocol";
import { autoPostForm, postForm, redirectParams } from "../helpers/browser";
import type { PaymentHarness } from "../helpers/payment-harness";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let clock = new Date("2026-11-21T15:00:00Z");
let shop: TestShop;
let payments: PaymentHarness;

beforeAll(async () => {
  shop = await openTestShop({ seed: false, paymentHarness: true, now: () => clock });
  payments = shop.payments!;
});
afterAll(async () => {
  await shop.close();
});

const webpay = () => payments.adapters.get("webpay");
/** Webpay charges Chilean pesos: every payment here is one. */
const chilean = (overrides: Parameters<PaymentHarness["input"]>[0] = {}) => payments.input({ currency: "CLP", ...overrides });

async function startAndOpenForm(orderId: number) {
  const start = await webpay().start(chilean({ orderId, returnUrl: `${shop.origin}/order-detail/${orderId}` }));
  const token = start.response.webpay_token!;
  const form = await postForm(start.response.webpay_url!, { token_ws: token });
  return { start, token, form, returnUrl: `${shop.origin}/order-detail/${orderId}` };
}

describe("webpay start", () => {
  it("answers the spec's webpay_token and webpay_url, pointing at the simulator's payment form", async () => {
    const start = await webpay().start(chilean());
    expect(start.response).toEqual({ webpay_token: expect.stringMatching(/^[0-9a-f]{64}$/), webpay_url: `${shop.origin}/payments-sim/webpay/webpayserver/initTransaction` });
    expect(start.providerReference).toBe(start.response.webpay_token);
    expect(start.echo.buyOrder).toMatch(/^R42-/);
  });

  it("shows a labelled, localized test payment page where the browser posts token_ws", async () => {
    const { form } = await startAndOpenForm(50);
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain('<html lang="es-CO">');
    expect(page).toContain("Página de pago de prueba");
    expect(page).toContain("$ 120.000");
    for (const action of ["approve", "reject", "cancel", "timeout"]) expect(page).toContain(`value="${action}"`);

    const start = await webpay().start(chilean({ orderId: 51 }));
    const english = await postForm(start.response.webpay_url!, { token_ws: start.response.webpay_token! }, { "accept-language": "en-US" });
    const englishPage = await english.text();
    expect(englishPage).toContain('<html lang="en-US">');
    expect(englishPage).toContain("Test payment page");
    expect(englishPage).toContain("Approve payment");
  });

  it("refuses an unknown token on the payment form", async () => {
    const response = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/initTransaction`, { token_ws: "0".repeat(64) });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Pago no encontrado");
  });
});

describe("webpay return and commit", () => {
  it("approve -> token_ws back by GET -> commit AUTHORIZED with response_code 0 -> approved", async () => {
    const { token, returnUrl } = await startAndOpenForm(60);
    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "approve" });
    expect(decided.status).toBe(303);
    const params = redirectParams(decided, returnUrl);
    expect(params).toEqual({ token_ws: token });

    const confirmation = await webpay().confirmReturn(params);
    expect(confirmation).toMatchObject({
      method: "webpay",
      outcome: "approved",
      reason: "authorized",
      orderId: 60,
      providerReference: token,
      amount: 120_000,
      verified: true,
      alreadyConfirmed: false,
      idempotencyKey: `webpay:${token}`,
    });
    expect(confirmation.raw).toMatchObject({ status: "AUTHORIZED", response_code: 0 });
  });

  it("commit twice: the same answer, reported as already confirmed (also after a restart, from Transbank's status)", async () => {
    const { token, returnUrl } = await startAndOpenForm(61);
    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "approve" });
    const params = redirectParams(decided, returnUrl);
    const first = await webpay().confirmReturn(params);
    const second = await webpay().confirmReturn(params);
    expect(first.alreadyConfirmed).toBe(false);
    expect(second).toMatchObject({ outcome: "approved", alreadyConfirmed: true, idempotencyKey: first.idempotencyKey, amount: first.amount });

    // A restarted shop has an empty ledger: Transbank refuses the second commit and the status tells the rest.
    const afterRestart = await payments.restartedAdapters().get("webpay").confirmReturn(params);
    expect(afterRestart).toMatchObject({ outcome: "approved", alreadyConfirmed: true, idempotencyKey: first.idempotencyKey });
  });

  it("reject -> commit FAILED -> not approved", async () => {
    const { token, returnUrl } = await startAndOpenForm(62);
    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "reject" });
    const confirmation = await webpay().confirmReturn(redirectParams(decided, returnUrl));
    expect(confirmation).toMatchObject({ outcome: "rejected", reason: "declined", orderId: 62, alreadyConfirmed: false });
    expect(confirmation.raw).toMatchObject({ status: "FAILED", response_code: -1 });
  });

  it("cancel -> TBK_TOKEN, TBK_ORDEN_COMPRA, TBK_ID_SESION posted back -> cancelled, and the token cannot be paid any more", async () => {
    const { start, token, returnUrl } = await startAndOpenForm(63);
    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "cancel" });
    expect(decided.status).toBe(200);
    const { action, fields } = autoPostForm(await decided.text());
    expect(action).toBe(returnUrl);
    expect(fields).toEqual({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: start.echo.buyOrder, TBK_ID_SESION: start.echo.sessionId });

    const confirmation = await webpay().confirmReturn(fields);
    expect(confirmation).toMatchObject({ outcome: "cancelled", reason: "aborted_by_buyer", orderId: 63, verified: true });

    const again = await postForm(start.response.webpay_url!, { token_ws: token });
    expect(again.status).toBe(409);
    // A forged "normal" return for the aborted token is not a payment.
    expect((await webpay().confirmReturn({ token_ws: token })).outcome).not.toBe("approved");
  });

  it("refuses a cancel return whose order or session does not match the token", async () => {
    const { start, token } = await startAndOpenForm(64);
    await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "cancel" });
    await expect(
      webpay().confirmReturn({ TBK_TOKEN: token, TBK_ORDEN_COMPRA: "R999-deadbeef", TBK_ID_SESION: start.echo.sessionId! }),
    ).rejects.toMatchObject({ code: "payment_return_invalid" });
  });

  it("timeout button -> only TBK_ORDEN_COMPRA and TBK_ID_SESION come back -> cancelled (unverified, matched by the caller)", async () => {
    const { start, token, returnUrl } = await startAndOpenForm(65);
    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: token, action: "timeout" });
    const params = redirectParams(decided, returnUrl);
    expect(params).toEqual({ TBK_ORDEN_COMPRA: start.echo.buyOrder, TBK_ID_SESION: start.echo.sessionId });
    const confirmation = await webpay().confirmReturn(params);
    expect(confirmation).toMatchObject({ outcome: "cancelled", reason: "timeout", orderId: 65, verified: false, providerReference: null });
    expect(confirmation.echo).toEqual(start.echo);
  });

  it("the payment form times out by itself after 10 minutes", async () => {
    const start = await webpay().start(chilean({ orderId: 66 }));
    clock = new Date(clock.getTime() + 11 * 60_000);
    const late = await postForm(start.response.webpay_url!, { token_ws: start.response.webpay_token! });
    expect(late.status).toBe(303);
    expect(redirectParams(late, `${shop.origin}/order-detail/42`)).toEqual({ TBK_ORDEN_COMPRA: start.echo.buyOrder, TBK_ID_SESION: start.echo.sessionId });
  });

  it("refuses a return that matches none of Transbank's flows", async () => {
    await expect(webpay().confirmReturn({})).rejects.toMatchObject({ code: "payment_return_invalid" });
    await expect(webpay().confirmReturn({ token_ws: "f".repeat(64) })).rejects.toMatchObject({ code: "payment_return_invalid" });
  });
});

describe("webpay credentials", () => {
  it("the simulator refuses a wrong or missing API key", async () => {
    const body = JSON.stringify({ buy_order: "R1-x", session_id: "s", amount: 1000, return_url: `${shop.origin}/back` });
    const url = `${shop.origin}/payments-sim/webpay${WEBPAY_TRANSACTIONS_PATH}`;
    const wrong = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "Tbk-Api-Key-Id": "597055555532", "Tbk-Api-Key-Secret": "not-the-key" },
      body,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error_message: "Not Authorized" });
    const missing = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(missing.status).toBe(401);
    const right = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "Tbk-Api-Key-Id": shop.env.WEBPAY_COMMERCE_CODE, "Tbk-Api-Key-Secret": shop.env.WEBPAY_API_KEY },
      body,
    });
    expect(right.status).toBe(200);
  });

  it("the simulator refuses a transaction Transbank would refuse, with its error shape", async () => {
    const response = await fetch(`${shop.origin}/payments-sim/webpay${WEBPAY_TRANSACTIONS_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "Tbk-Api-Key-Id": shop.env.WEBPAY_COMMERCE_CODE, "Tbk-Api-Key-Secret": shop.env.WEBPAY_API_KEY },
      body: JSON.stringify({ buy_order: "x".repeat(27), session_id: "s", amount: 1000, return_url: `${shop.origin}/back` }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ error_message: "Invalid value for parameter: buy_order" });
  });

  it("an adapter configured with another key gets a stable payment_gateway_refused", async () => {
    const { createPaymentAdapters } = await import("../../src/server/payments");
    const misconfigured = createPaymentAdapters({ ...shop.env, WEBPAY_API_KEY: "wrong-key" });
    await expect(misconfigured.get("webpay").start(chilean())).rejects.toMatchObject({ code: "payment_gateway_refused" });
  });

  it("refuses every currency but Chilean pesos, which is all Webpay settles", async () => {
    await expect(webpay().start(payments.input({ currency: "EUR", amount: 1250 }))).rejects.toMatchObject({ code: "payment_currency_unsupported" });
    // COP 50,000 would otherwise be charged as CLP 50,000.
    await expect(webpay().start(payments.input({ currency: "COP", amount: 50_000 }))).rejects.toMatchObject({ code: "payment_currency_unsupported" });
  });
});
