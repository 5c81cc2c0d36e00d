/**
 * The providers' official Node SDKs (transbank-sdk, mercadopago) drive the shop's payment simulators through every
 * call the shop's adapters make: Webpay create, commit, status and refund; MercadoPago preference create and get,
 * payment get and refund. The SDKs are pointed at the simulators the way each allows: Transbank's `Options` takes the
 * environment's base URL; MercadoPago's SDK has no per-client host, so its one base URL (`AppConfig.BASE_URL`, read
 * on every call) is set to the simulator for this file. What the simulators answer is what the real services
 * answer as far as the SDKs can tell; the buyer's decision is posted to the simulators' pages as a browser would.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Options, WebpayPlus } from "transbank-sdk";
import { MercadoPagoConfig, Payment, PaymentRefund, Preference, WebhookSignatureValidator } from "mercadopago";
import { AppConfig } from "mercadopago/dist/utils/config";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET } from "../../src/server/payments/simulator-credentials";
import { postForm, redirectParams } from "../helpers/browser";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let hooks: Server;
let hookUrl = "";
const notifications: { url: string; headers: IncomingHttpHeaders }[] = [];
/** Declared read-only in the SDK's types; a plain static the SDK reads on every call at run time. */
const sdkConfig = AppConfig as { BASE_URL: string };
const officialBaseUrl = sdkConfig.BASE_URL;

beforeAll(async () => {
  shop = await openTestShop({ seed: false, listen: true });
  // Where the simulator posts its signed notification: a stand-in for the shop's webhook that keeps what arrived.
  hooks = createServer((request, response) => {
    notifications.push({ url: request.url ?? "", headers: request.headers });
    response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/webhook`;
  sdkConfig.BASE_URL = `${shop.origin}/payments-sim/mercadopago`;
});
afterAll(async () => {
  sdkConfig.BASE_URL = officialBaseUrl;
  await new Promise((resolve) => hooks.close(resolve));
  await shop.close();
});

describe("transbank-sdk against the Webpay simulator", () => {
  const transaction = () => new WebpayPlus.Transaction(new Options(shop.env.WEBPAY_COMMERCE_CODE, shop.env.WEBPAY_API_KEY, `${shop.origin}/payments-sim/webpay`));

  it("creates, is paid on the form, commits, answers its status and refunds", async () => {
    const returnUrl = `${shop.origin}/order-detail/7`;
    const created = await transaction().create("R7-sdk", "session-7", 24_000, returnUrl);
    expect(created).toEqual({ token: expect.stringMatching(/^[0-9a-f]{64}$/), url: `${shop.origin}/payments-sim/webpay/webpayserver/initTransaction` });

    const decided = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: created.token, action: "approve" });
    expect(redirectParams(decided, returnUrl)).toEqual({ token_ws: created.token });

    const committed = await transaction().commit(created.token);
    expect(committed).toMatchObject({ status: "AUTHORIZED", response_code: 0, amount: 24_000, buy_order: "R7-sdk", session_id: "session-7" });
    expect(await transaction().status(created.token)).toMatchObject({ status: "AUTHORIZED", amount: 24_000 });

    const refund = await transaction().refund(created.token, 24_000);
    expect(["REVERSED", "NULLIFIED"]).toContain(refund.type);
    expect((await transaction().status(created.token)).status).toMatch(/REVERSED|NULLIFIED/);
  });

  it("is refused with Transbank's own error for a wrong secret", async () => {
    const wrong = new WebpayPlus.Transaction(new Options(shop.env.WEBPAY_COMMERCE_CODE, "not-the-secret", `${shop.origin}/payments-sim/webpay`));
    await expect(wrong.create("R8-sdk", "session-8", 1_000, `${shop.origin}/order-detail/8`)).rejects.toThrow(/Not Authorized/);
  });
});

describe("mercadopago SDK against the MercadoPago simulator", () => {
  const client = () => new MercadoPagoConfig({ accessToken: SIMULATOR_MERCADOPAGO_ACCESS_TOKEN, options: { timeout: 5_000, retries: 0 } as never });

  it("creates and reads a preference, the buyer pays, reads and refunds the payment; the notification's signature checks", async () => {
    const returnUrl = `${shop.origin}/order-detail/9`;
    const preference = await new Preference(client()).create({
      body: {
        items: [{ id: "9", title: "Rodamos: traslado (2 tickets)", quantity: 1, unit_price: 95_500, currency_id: "COP" }],
        payer: { email: "ana@example.com" },
        back_urls: { success: returnUrl, failure: returnUrl, pending: returnUrl },
        notification_url: hookUrl,
        external_reference: "9",
      },
    });
    expect(preference.id).toEqual(expect.any(String));
    expect(preference.init_point).toContain(`${shop.origin}/payments-sim/mercadopago/`);
    expect(await new Preference(client()).get({ preferenceId: preference.id! })).toMatchObject({ id: preference.id, external_reference: "9" });

    const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: preference.id!, action: "approve" });
    const paymentId = redirectParams(decided, returnUrl).payment_id!;
    const payment = await new Payment(client()).get({ id: paymentId });
    expect(payment).toMatchObject({ status: "approved", transaction_amount: 95_500, currency_id: "COP", external_reference: "9" });

    const notified = notifications.find((n) => n.url.includes(`data.id=${paymentId}`));
    expect(notified).toBeDefined();
    expect(() =>
      WebhookSignatureValidator.validate({
        xSignature: notified!.headers["x-signature"],
        xRequestId: notified!.headers["x-request-id"],
        dataId: paymentId,
        secret: SIMULATOR_MERCADOPAGO_WEBHOOK_SECRET,
        // The simulator runs on the test's clock, not the wall's.
        toleranceSeconds: 10 ** 9,
      } as Parameters<typeof WebhookSignatureValidator.validate>[0]),
    ).not.toThrow();

    const refund = await new PaymentRefund(client()).create({ payment_id: paymentId, body: {} });
    expect(refund).toMatchObject({ payment_id: Number(paymentId), amount: 95_500 });
    expect((await new Payment(client()).get({ id: paymentId })).status).toBe("refunded");
  });

  it("takes a preference without currency_id (the account's currency) and lists refunds at the SDK's trailing-slash path", async () => {
    const returnUrl = `${shop.origin}/order-detail/10`;
    // MercadoPago's own Node example: no currency_id.
    const preference = await new Preference(client()).create({
      body: { items: [{ id: "10", title: "Mi producto", quantity: 1, unit_price: 2000 }], back_urls: { success: returnUrl, failure: returnUrl, pending: returnUrl }, external_reference: "10" },
    });
    expect(preference.id).toEqual(expect.any(String));
    expect(preference.items?.[0]).toMatchObject({ currency_id: "COP" });
    const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: preference.id!, action: "approve" });
    const paymentId = redirectParams(decided, returnUrl).payment_id!;
    expect(await new Payment(client()).get({ id: paymentId })).toMatchObject({ currency_id: "COP", transaction_amount: 2000 });
    expect([...(await new PaymentRefund(client()).list({ payment_id: paymentId }))]).toEqual([]);
    await new PaymentRefund(client()).create({ payment_id: paymentId, body: { amount: 500 } });
    expect([...(await new PaymentRefund(client()).list({ payment_id: paymentId }))]).toEqual([expect.objectContaining({ payment_id: Number(paymentId), amount: 500 })]);
  });

  it("is refused with MercadoPago's own error for a wrong access token", async () => {
    const wrong = new MercadoPagoConfig({ accessToken: "TEST-wrong", options: { retries: 0 } as never });
    await expect(new Preference(wrong).get({ preferenceId: "1" })).rejects.toMatchObject({ status: 401 });
  });
});
