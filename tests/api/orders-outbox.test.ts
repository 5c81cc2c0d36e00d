/**
 * Side effects of orders leave through the outbox: the mail is written in the order's own transaction and
 * delivered afterwards, retried with backoff when it cannot be sent; a payment that arrives after its seats were
 * sold again is refunded through the gateway and the buyer told; MercadoPago's IPN form is taken like its webhook.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, outbox, payments, productVariants } from "../../src/server/db/schema";
import { paymentSettings } from "../../src/server/payments/config";
import { WEBPAY_TRANSACTIONS_PATH } from "../../src/server/payments/webpay-protocol";
import { postForm, visit } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
});
afterAll(async () => {
  await shop?.close();
});

interface Started {
  orderId: number;
  webpay_token?: string;
  webpay_url?: string;
  preference_id?: string;
}

async function offerOf(slug: string) {
  const offer = await eventOffer(shop.db, slug);
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  return { offer, variant, county: await countyOf(shop.db, variant.provinceId) };
}

async function buy(slug: string, paymentCode: "webpay" | "mercadopago" | "transferencia") {
  const { offer, variant, county } = await offerOf(slug);
  const me = await shop.buyer();
  const answer = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode }), { token: me.token });
  expect(answer.status).toBe(201);
  return { me, started: answer.body.data, variant };
}

const rowsOf = (orderId: number) =>
  shop.db
    .select()
    .from(outbox)
    .then((rows) => rows.filter((row) => (row.payload as { orderId?: number }).orderId === orderId));

describe("the outbox", () => {
  it("writes an order's mail in the order's transaction and sends it once when delivered", async () => {
    const { me, started } = await buy("festival-sonidos-de-la-sabana", "transferencia");
    // Committed with the order, not yet sent.
    const [queued] = await rowsOf(started.orderId);
    expect(queued).toMatchObject({ kind: "order.notice", payload: { orderId: started.orderId, notice: "transfer_instructions" }, doneAt: null });
    expect(await shop.mailsTo(me.email)).toHaveLength(1);
    expect((await rowsOf(started.orderId))[0]!.doneAt).not.toBeNull();
    expect(await shop.app.outbox.drain()).toBe(0);
    expect(await shop.mailsTo(me.email)).toHaveLength(1);
  });

  it("keeps a mail that could not be sent, with its error, and sends it after the backoff", async () => {
    const { me, started } = await buy("festival-sonidos-de-la-sabana", "transferencia");
    // A shop whose mail server is down takes the row first.
    const down = shop.otherApp({ env: { SMTP_URL: "smtp://127.0.0.1:1", JWT_SECRET: shop.env.JWT_SECRET } });
    expect(await down.outbox.drain()).toBeGreaterThanOrEqual(1);
    const [failed] = await rowsOf(started.orderId);
    expect(failed).toMatchObject({ attempts: 1, doneAt: null });
    expect(failed!.lastError).toBeTruthy();
    // Not due again until the first backoff (5 s) has passed.
    expect(await shop.app.outbox.drain()).toBe(0);
    shop.clock.offset += 6_000;
    expect(await shop.mailsTo(me.email)).toHaveLength(1);
    expect((await rowsOf(started.orderId))[0]).toMatchObject({ attempts: 2, lastError: null });
  });
});

describe("a payment that arrives after its seats were sold again", () => {
  it("is refunded through Webpay, its payment row says so, and the buyer gets a refund mail", async () => {
    const { offer, variant, county } = await offerOf("festival-parque-ohiggins");
    await shop.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant.id));
    const late = await shop.buyer();
    const started = (await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "webpay" }), { token: late.token })).body.data;
    // Its hold ran out (as the sweep marks it) and someone else bought the seat.
    await shop.db.update(orders).set({ state: "expired", holdExpiresAt: null }).where(eq(orders.id, started.orderId));
    const other = await shop.buyer();
    const resold = await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" }), { token: other.token });
    expect(resold.status).toBe(201);

    // Now the first buyer pays on Webpay.
    await postForm(started.webpay_url!, { token_ws: started.webpay_token! });
    const fromWebpay = await postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: started.webpay_token!, action: "approve" });
    await visit(fromWebpay.headers.get("location")!);
    expect((await shop.db.select().from(payments).where(eq(payments.orderId, started.orderId)))[0]!.state).toBe("refund_due");

    const mails = await shop.mailsTo(late.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Te devolvimos tu pago: pedido N.º ${started.orderId}`]);
    expect(mails[0]!.text).toContain("CLP");
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment!.state).toBe("refunded");
    // The order's history shows the late payment and the shop's own refund of it.
    const history = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "orders"), eq(auditLog.resourceId, started.orderId)));
    expect(history.find((row) => row.action === "payment")?.after).toMatchObject({ state: "expired", outcome: "seats_resold" });
    expect(history.find((row) => row.action === "refund")?.after).toMatchObject({ amount: payment!.amount, reason: "seats_resold", automatic: true });
    const status = await fetch(`${shop.origin}/payments-sim/webpay${WEBPAY_TRANSACTIONS_PATH}/${started.webpay_token}`, {
      headers: { "tbk-api-key-id": paymentSettings(shop.env).webpay.commerceCode, "tbk-api-key-secret": paymentSettings(shop.env).webpay.apiKey },
    });
    expect(await status.json()).toMatchObject({ status: "NULLIFIED", balance: 0 });
    // Delivered once: draining again refunds nothing more and mails nothing more.
    await shop.app.outbox.drain();
    expect(await shop.mailsTo(late.email)).toHaveLength(1);
    expect(await shop.db.select().from(outbox).where(eq(outbox.kind, "order.refund"))).toHaveLength(1);
  });
});

describe("MercadoPago IPN", () => {
  it("takes `?id=…&topic=payment` like the webhook's data.id, reading the payment back from MercadoPago", async () => {
    const { started } = await buy("festival-sonidos-de-la-sabana", "mercadopago");
    const fromMercadoPago = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: started.preference_id!, action: "approve" });
    const paymentId = new URL(fromMercadoPago.headers.get("location")!).searchParams.get("payment_id")!;
    const ipn = await fetch(`${shop.origin}/shop-api/payments/mercadopago/webhook?id=${paymentId}&topic=payment`, { method: "POST" });
    expect(ipn.status).toBe(200);
    expect(await ipn.json()).toMatchObject({ success: true, data: { received: true, applied: false, state: "paid" } });
    // An IPN naming a payment MercadoPago does not know changes nothing.
    expect((await fetch(`${shop.origin}/shop-api/payments/mercadopago/webhook?id=999&topic=payment`, { method: "POST" })).status).toBe(404);
  });
});
