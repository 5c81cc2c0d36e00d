/**
 * Every payment method end to end through the shop's simulators: the purchase, the
 * buyer's way back, the webhook, staff confirmation; idempotent confirmation (one mail however often the
 * provider repeats itself); order status and detail with the signed QR code for the owner only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTicketKey } from "../../src/server/auth/ticket-key";
import { orders, payments, productVariants } from "../../src/server/db/schema";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN } from "../../src/server/payments/config";
import { readTicketQr } from "../../src/server/services/tickets/ticket-qr";
import { autoPostForm, postForm, visit } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let chileanFestival: Awaited<ReturnType<typeof eventOffer>>;
let chileanVariantId: number;
let chileanCountyId: number;
let variantId: number;
let countyId: number;

interface Started {
  orderId: number;
  state: string;
  webpay_token?: string;
  webpay_url?: string;
  preference_id?: string;
  preference_init_point?: string;
  bankName?: string;
  accountId?: string;
  accountType?: string;
  dni?: string;
  email?: string;
}

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  countyId = await countyOf(shop.db, variant.provinceId);
  // Webpay settles Chilean pesos: its purchases are of a Chilean event.
  chileanFestival = await eventOffer(shop.db, "festival-parque-ohiggins");
  const chileanVariant = chileanFestival.typed(chileanFestival.variants[0]!.provinceId)[0]!;
  chileanVariantId = chileanVariant.id;
  chileanCountyId = await countyOf(shop.db, chileanVariant.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

async function buy(paymentCode: "webpay" | "mercadopago" | "transferencia", url?: string) {
  const me = await shop.buyer();
  const chilean = paymentCode === "webpay";
  const offer = chilean ? chileanFestival : festival;
  const variant = chilean ? chileanVariantId : variantId;
  const body = purchaseBody(offer, [variant, variant], chilean ? chileanCountyId : countyId, { paymentCode, url: url ?? `/event/${offer.event.slug}` });
  const answer = await shop.call<Started>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  return { me, started: answer.body.data };
}

const stateOf = async (orderId: number) => (await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.state;

/** The buyer on the Webpay form chooses `action`; answers where the simulator sends the browser. */
async function decideWebpay(started: Started, action: "approve" | "reject" | "cancel" | "timeout"): Promise<Response> {
  const form = await postForm(started.webpay_url!, { token_ws: started.webpay_token! });
  expect(form.status).toBe(200);
  return postForm(`${shop.origin}/payments-sim/webpay/webpayserver/decide`, { token_ws: started.webpay_token!, action });
}

/** Follows the provider's way back into the shop (GET redirect or auto-posted form); answers the shop's redirect. */
async function comeBack(fromProvider: Response): Promise<Response> {
  if (fromProvider.status === 303) return visit(fromProvider.headers.get("location")!);
  const { action, fields } = autoPostForm(await fromProvider.text());
  return postForm(action, fields);
}

/** Where the shop sends the browser back: the order page, with the return link's key (checked here, left out). */
function orderPage(response: Response) {
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  const url = new URL(location, shop.origin);
  const { key, ...query } = Object.fromEntries(url.searchParams);
  expect(key).toMatch(/^[\w-]{43}$/);
  return { path: url.pathname, query, key: key! };
}

describe("webpay", () => {
  it("approve: the return commits, the order is paid, the browser lands on order-detail, one confirmation mail", async () => {
    const { me, started } = await buy("webpay");
    expect(started.webpay_url).toBe(`${shop.origin}/payments-sim/webpay/webpayserver/initTransaction`);
    expect(started.webpay_token).toMatch(/^[0-9a-f]{64}$/);
    const fromWebpay = await decideWebpay(started, "approve");
    const landing = orderPage(await comeBack(fromWebpay));
    expect(landing).toMatchObject({ path: `/order-detail/${started.orderId}`, query: { state: "paid" } });
    expect(await stateOf(started.orderId)).toBe("paid");
    const status = await shop.call<{ order: { id: number; paymentState: string } }>("GET", `/shop-api/order-status/${started.orderId}?token_ws=x`, undefined, { token: me.token });
    expect(status.body.data).toEqual({ order: { id: started.orderId, paymentState: "paid" } });

    // A browser without the buyer's session (paying on a second device) reads the state with the page's key alone,
    // and nothing else; a key of another order reads nothing.
    const anonymous = await shop.call<{ order: { id: number; paymentState: string } }>("GET", `/shop-api/order-status/${started.orderId}?state=paid&key=${landing.key}`);
    expect(anonymous.body.data).toEqual({ order: { id: started.orderId, paymentState: "paid" } });
    expect((await shop.call("GET", `/shop-api/order-detail/${started.orderId}?key=${landing.key}`)).status).toBe(401);
    const other = await buy("webpay");
    expect((await shop.call("GET", `/shop-api/order-status/${other.started.orderId}?key=${landing.key}`)).status).toBe(401);

    // The browser comes back a second time (reload, back button): nothing changes, no second mail.
    const again = orderPage(await visit(fromWebpay.headers.get("location")!));
    expect(again.query).toEqual({ state: "paid" });
    const mails = await shop.mailsTo(me.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Tus tickets para Festival del Parque O'Higgins");
    expect(mails[0]!.html).toContain('src="data:image/png;base64,');
    expect(readTicketQr(loadTicketKey(shop.env), /\{"orderId":\d+,"kid":"[^"]+","sig":"[^"]+"\}/.exec(mails[0]!.text)![0])).toBe(started.orderId);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment).toMatchObject({ state: "approved", idempotencyKey: `webpay:${started.webpay_token}` });
  });

  it("reject: the order is cancelled and its seats return", async () => {
    const { me, started } = await buy("webpay");
    const landing = orderPage(await comeBack(await decideWebpay(started, "reject")));
    expect(landing.query).toEqual({ state: "cancelled" });
    expect(await stateOf(started.orderId)).toBe("cancelled");
    expect(await shop.mailsTo(me.email)).toHaveLength(0);
    const status = await shop.call<{ order: { paymentState: string } }>("GET", `/shop-api/order-status/${started.orderId}`, undefined, { token: me.token });
    expect(status.body.data.order.paymentState).toBe("cancelled");
  });

  it("cancel on the form (TBK_TOKEN posted back) and timeout (no token) cancel the order", async () => {
    const cancelled = await buy("webpay");
    const fromCancel = await decideWebpay(cancelled.started, "cancel");
    expect(fromCancel.status).toBe(200); // the auto-submitted POST form
    expect(orderPage(await comeBack(fromCancel)).query).toEqual({ state: "cancelled" });

    const timedOut = await buy("webpay");
    expect(orderPage(await comeBack(await decideWebpay(timedOut.started, "timeout"))).query).toEqual({ state: "cancelled" });
    expect(await stateOf(timedOut.started.orderId)).toBe("cancelled");
  });

  it("keeps the site prefix of the page the purchase came from", async () => {
    const { started } = await buy("webpay", `https://evil.example/cl/es-cl/event/${chileanFestival.event.slug}`);
    const landing = orderPage(await comeBack(await decideWebpay(started, "approve")));
    expect(landing.path).toBe(`/cl/es-cl/order-detail/${started.orderId}`);
  });

  it("does not accept a timeout the buyer did not get back from Webpay (wrong session) nor a forged return link", async () => {
    const { started } = await buy("webpay");
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    const buyOrder = (payment!.rawAnswers[0] as { echo: { buyOrder: string } }).echo.buyOrder;
    const returnLink = (await decideWebpay(started, "timeout")).headers.get("location")!;
    const forgedSession = new URL(returnLink);
    forgedSession.searchParams.set("TBK_ID_SESION", "0".repeat(32));
    expect(forgedSession.searchParams.get("TBK_ORDEN_COMPRA")).toBe(buyOrder);
    orderPage(await visit(forgedSession.toString()));
    expect(await stateOf(started.orderId)).toBe("awaiting_payment");

    const forgedKey = new URL(returnLink);
    forgedKey.pathname = forgedKey.pathname.replace(/[^/]+$/, "not-the-signature");
    expect((await visit(forgedKey.toString())).status).toBe(404);
    expect(await stateOf(started.orderId)).toBe("awaiting_payment");
  });
});

describe("mercadopago", () => {
  it("approve: the signed webhook pays the order, the return and repeated webhooks change nothing, one mail", async () => {
    const { me, started } = await buy("mercadopago");
    expect(started.preference_init_point).toContain("/payments-sim/mercadopago/checkout/v1/redirect?pref_id=");
    const page = await visit(started.preference_init_point!);
    expect(page.status).toBe(200);
    const fromMercadoPago = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: started.preference_id!, action: "approve" });
    expect(fromMercadoPago.status).toBe(303);
    // The webhook arrived before the buyer's browser: the order is already paid.
    expect(await stateOf(started.orderId)).toBe("paid");
    const back = new URL(fromMercadoPago.headers.get("location")!);
    const paymentId = back.searchParams.get("payment_id")!;
    const simulator = `${shop.origin}/payments-sim/mercadopago/v1/payments/${paymentId}`;
    const auth = { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` };
    const notifications = async () => (await fetch(`${simulator}/notifications`, { headers: auth })).json();
    expect(await notifications()).toEqual([expect.objectContaining({ status: 200 })]);

    expect(orderPage(await comeBack(fromMercadoPago)).query).toEqual({ state: "paid" });
    // MercadoPago retries its notification: still paid, still one mail.
    for (let retry = 0; retry < 2; retry += 1) expect((await fetch(`${simulator}/notify`, { method: "POST", headers: auth })).status).toBe(200);
    expect((await notifications()).map((delivery: { status: number }) => delivery.status)).toEqual([200, 200, 200]);
    expect(await stateOf(started.orderId)).toBe("paid");
    expect(await shop.mailsTo(me.email)).toHaveLength(1);
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, started.orderId));
    expect(payment).toMatchObject({ state: "approved", providerReference: paymentId });
  });

  it("reject cancels the order; leaving without paying cancels it on the buyer's own return", async () => {
    const rejected = await buy("mercadopago");
    const fromReject = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: rejected.started.preference_id!, action: "reject" });
    expect(await stateOf(rejected.started.orderId)).toBe("cancelled");
    expect(orderPage(await comeBack(fromReject)).query).toEqual({ state: "cancelled" });

    const left = await buy("mercadopago");
    const fromCancel = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: left.started.preference_id!, action: "cancel" });
    expect(await stateOf(left.started.orderId)).toBe("awaiting_payment");
    expect(orderPage(await comeBack(fromCancel)).query).toEqual({ state: "cancelled" });
  });

  it("refuses a webhook without a valid signature", async () => {
    const response = await fetch(`${shop.origin}/shop-api/payments/mercadopago/webhook?data.id=1&type=payment`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-signature": "ts=1,v1=forged", "x-request-id": "abc" },
      body: "{}",
    });
    expect(response.status).toBe(401);
  });
});

describe("transferencia", () => {
  it("answers the bank details, mails the instructions, waits for staff, then is paid with one 'payment received' mail", async () => {
    const { me, started } = await buy("transferencia");
    expect(started).toMatchObject({ state: "awaiting_transfer_payment", bankName: "Bancolombia", accountId: "000-000000-00", accountType: "Ahorros", dni: "900.000.000-0", email: "pagos@rodamos.example" });
    const instructions = await shop.mailsTo(me.email);
    expect(instructions.map((mail) => mail.subject)).toEqual([`Datos para tu transferencia: pedido N.º ${started.orderId}`]);
    expect(instructions[0]!.text).toContain("Bancolombia");
    expect(instructions[0]!.text).toContain("24 horas");

    const customer = await shop.buyer();
    const refused = await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: customer.token });
    expect(refused.status).toBe(403);
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`)).status).toBe(401);
    expect(await stateOf(started.orderId)).toBe("awaiting_transfer_payment");

    const staff = await shop.buyer("staff");
    const confirmed = await shop.call<{ paymentState: string; changed: boolean }>("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ paymentState: "paid", changed: true });
    const twice = await shop.call<{ changed: boolean }>("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token });
    expect(twice.body.data.changed).toBe(false);
    const mails = await shop.mailsTo(me.email);
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`Datos para tu transferencia: pedido N.º ${started.orderId}`, `Recibimos tu pago: pedido N.º ${started.orderId}`].sort());
  });

  it("still confirms a transfer whose hold ran out while its seats are free, and refuses once they were sold again", async () => {
    const vallenato = await eventOffer(shop.db, "clasico-paisa-nacional-medellin");
    const variant = vallenato.typed(vallenato.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await shop.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant.id));
    const staff = await shop.buyer("staff");
    const late = await shop.buyer();
    const first = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(vallenato, [variant.id], county, { paymentCode: "transferencia" }), { token: late.token });
    expect(first.status).toBe(201);

    shop.clock.offset = 49 * 3_600_000;
    try {
      expect((await shop.call<{ order: { paymentState: string } }>("GET", `/shop-api/order-status/${first.body.data.orderId}`, undefined, { token: late.token })).body.data.order.paymentState).toBe("expired");
      const revived = await shop.call<{ paymentState: string; changed: boolean }>("POST", `/shop-api/staff/orders/${first.body.data.orderId}/confirm-transfer`, undefined, { token: staff.token });
      expect(revived.body.data).toMatchObject({ paymentState: "paid", changed: true });

      // A second transfer for the same (now sold) seat cannot be sold; its hold runs out, the seat is never freed.
      await shop.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variant.id));
      const second = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(vallenato, [variant.id], county, { paymentCode: "transferencia" }), { token: (await shop.buyer()).token });
      expect(second.status).toBe(201);
      shop.clock.offset += 49 * 3_600_000;
      const third = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(vallenato, [variant.id], county, { paymentCode: "transferencia" }), { token: (await shop.buyer()).token });
      expect(third.status).toBe(201);
      const tooLate = await shop.call("POST", `/shop-api/staff/orders/${second.body.data.orderId}/confirm-transfer`, undefined, { token: staff.token });
      expect(tooLate.status).toBe(409);
      expect(tooLate.body.code).toBe("transfer_too_late");
      expect(await stateOf(second.body.data.orderId)).toBe("expired");
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("refuses to confirm an order that is not a transfer", async () => {
    const { started } = await buy("webpay");
    const staff = await shop.buyer("staff");
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(404);
  });
});

describe("prepagado (organiser-funded)", () => {
  it("is paid at once with no payment and mailed its QR code", async () => {
    const family = await eventOffer(shop.db, "dia-de-la-familia-andina-seguros");
    const variant = family.typed(family.variants[0]!.provinceId)[0]!;
    const me = await shop.buyer();
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(family, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "prepagado" }), { token: me.token });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ state: "paid", holdExpiresAt: null });
    expect(answer.body.data.webpay_url).toBeUndefined();
    expect(await stateOf(answer.body.data.orderId)).toBe("paid");
    expect((await shop.mailsTo(me.email)).map((mail) => mail.subject)).toEqual(["Tus tickets para Día de la Familia Andina Seguros"]);
  });
});

describe("order detail and ownership", () => {
  it("shows a paid order's tickets, passengers, addresses and a QR code the scanner can verify", async () => {
    const { me, started } = await buy("webpay");
    await comeBack(await decideWebpay(started, "approve"));
    const detail = await shop.call<{
      order: { id: number; paymentState: string; total: number; currency: string; date: string };
      event: { slug: string; translations: Record<string, { name: string }> };
      tickets: { name: string; price: number; productVariantId: number; passengers: { name: string }[]; addresses: { address: string; commune_id: number }[] }[];
      qr: string;
      qrImage: string;
    }>("GET", `/shop-api/order-detail/${started.orderId}`, undefined, { token: me.token });
    expect(detail.status).toBe(200);
    const data = detail.body.data;
    expect(data.order).toMatchObject({ id: started.orderId, paymentState: "paid", currency: "CLP" });
    expect(data.event.slug).toBe(chileanFestival.event.slug);
    expect(data.event.translations.en_US!.name).toBe("O'Higgins Park Festival");
    expect(data.tickets).toHaveLength(2);
    expect(data.tickets[0]).toMatchObject({
      productVariantId: chileanVariantId,
      passengers: [{ name: "Camila Prueba" }],
      addresses: [{ address: "Calle 1 # 2-3", commune_id: chileanCountyId }],
    });
    expect(data.order.total).toBe(data.tickets[0]!.price * 2);
    expect(JSON.parse(data.qr)).toEqual({ orderId: started.orderId, kid: expect.any(String), sig: expect.any(String) });
    expect(readTicketQr(loadTicketKey(shop.env), data.qr)).toBe(started.orderId);
    expect(data.qrImage).toMatch(/^data:image\/png;base64,/);
    // The account's optional suffix reaches the same detail.
    expect((await shop.call("GET", `/shop-api/order-detail/${started.orderId}/tickets`, undefined, { token: me.token })).status).toBe(200);
  });

  it("gives an unpaid order no QR code", async () => {
    const { me, started } = await buy("webpay");
    const detail = await shop.call<{ qr: string | null; order: { paymentState: string } }>("GET", `/shop-api/order-detail/${started.orderId}`, undefined, { token: me.token });
    expect(detail.body.data).toMatchObject({ qr: null, order: { paymentState: "awaiting_payment" } });
  });

  it("answers 404 for another user's order and 401 without a token", async () => {
    const { started } = await buy("webpay");
    const stranger = await shop.buyer();
    for (const path of [`/shop-api/order-detail/${started.orderId}`, `/shop-api/order-status/${started.orderId}`]) {
      const answer = await shop.call("GET", path, undefined, { token: stranger.token });
      expect(answer.status).toBe(404);
      expect(answer.body.code).toBe("not_found");
      expect((await shop.call("GET", path)).status).toBe(401);
    }
    expect((await shop.call("GET", "/shop-api/order-detail/99999999", undefined, { token: stranger.token })).status).toBe(404);
  });

  it("lists the purchases in the payment history, newest first, with their states", async () => {
    const me = await shop.buyer();
    const first = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId, { paymentCode: "transferencia" }), { token: me.token });
    const second = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId), { token: me.token });
    const history = await shop.call<{ id: number; date: string; state: string; total: number; currency: string; regularEvent: { translations: Record<string, { name: string }> } }[]>(
      "GET",
      "/shop-api/payment-history",
      undefined, { token: me.token },
    );
    expect(history.body.data.map((item) => [item.id, item.state])).toEqual([
      [second.body.data.orderId, "awaiting_payment"],
      [first.body.data.orderId, "awaiting_transfer_payment"],
    ]);
    expect(history.body.data[0]).toMatchObject({ currency: "COP", date: expect.stringMatching(/Z$/) });
    expect(history.body.data[0]!.regularEvent.translations.pt_BR!.name).toBe("Festival Sons da Savana");

    // The card payment's 20-minute hold runs out; the transfer's (48 h) does not.
    shop.clock.offset = 25 * 60_000;
    try {
      const later = await shop.call<{ id: number; state: string }[]>("GET", "/shop-api/payment-history", undefined, { token: me.token });
      expect(later.body.data.map((item) => item.state)).toEqual(["expired", "awaiting_transfer_payment"]);
    } finally {
      shop.clock.offset = 0;
    }
  });
});
