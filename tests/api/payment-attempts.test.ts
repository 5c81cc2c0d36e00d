/**
 * One payment at a time: a share (an order of one ticket) has at most one open payment attempt. Ten payments of
 * one share started at once leave one payment row and one gateway preference; a second start answers the same
 * attempt, or 409 `payment_in_progress` for another method. A capture that still arrives for a share already paid
 * (a second preference, opened elsewhere) is recorded as a duplicate, given back whole through the same gateway by an
 * outbox job, and shown on the order desk; the order stays paid once. Through the payment simulators, on PGlite and
 * on PostgreSQL with DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../../src/server/db/schema";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN } from "../../src/server/payments/config";
import { postForm } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let countyId: number;
let staff: { token: string };

interface Started {
  orderId: number;
  state: string;
  preference_id?: string;
  preference_init_point?: string;
}

const MP = "/payments-sim/mercadopago";

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  countyId = await countyOf(shop.db, variant.provinceId);
});
afterAll(() => shop?.close());

/** A purchase shared with `friends` friends; answers each friend's share token (from their mail). */
async function sharedPurchase(friends: number): Promise<string[]> {
  const buyer = await shop.buyer();
  const stamp = Math.random().toString(36).slice(2, 8);
  const people = [
    { name: "Yo Comprador", email: buyer.email, phone: "3009998877", passengerAddress: "Calle 1 # 2-3" },
    ...Array.from({ length: friends }, (_, index) => ({ name: `Amigo ${index}`, email: `amigo${index}.${stamp}@example.com`, phone: "3001112233", passengerAddress: "Calle 2 # 3-4" })),
  ];
  const body = purchaseBody(festival, people.map(() => variantId), countyId, { shares: true });
  body.tickets = body.tickets.map((ticket, index) => ({ ...ticket, passengers: [people[index]!] }));
  const answer = await shop.call<Started>("POST", "/shop-api/init-payment", body, { token: buyer.token });
  expect(answer.status).toBe(201);
  const tokens: string[] = [];
  for (const friend of people.slice(1)) {
    const link = (await shop.mailsTo(friend.email)).flatMap((mail) => mail.links).find((href) => href.includes("/share?token="));
    tokens.push(new URL(link!).searchParams.get("token")!);
  }
  return tokens;
}

const pay = (token: string, paymentCode: string) => shop.call<Started>("POST", `/shop-api/shares/${token}/pay`, { paymentCode });
const paymentsOf = (orderId: number) => shop.db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.id);

describe(`one payment at a time (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("ten transfer payments of one share at once leave one payment row", async () => {
    const [token] = await sharedPurchase(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(token!, "transferencia")));
    expect(answers.every((answer) => answer.status === 201 || (answer.status === 409 && answer.body.code === "payment_in_progress"))).toBe(true);
    const started = answers.filter((answer) => answer.status === 201);
    expect(started.length).toBeGreaterThan(0);
    const orderId = started[0]!.body.data.orderId;
    expect(await paymentsOf(orderId)).toHaveLength(1);
    // Every answer that went through is the same attempt.
    for (const answer of started) expect(answer.body.data).toEqual(started[0]!.body.data);
  });

  it("ten card payments of one share at once open one preference; a second start answers it again, another method is refused", async () => {
    const [token] = await sharedPurchase(1);
    const answers = await Promise.all(Array.from({ length: 10 }, () => pay(token!, "mercadopago")));
    expect(answers.every((answer) => answer.status === 201 || (answer.status === 409 && answer.body.code === "payment_in_progress"))).toBe(true);
    const started = answers.filter((answer) => answer.status === 201);
    const preferences = new Set(started.map((answer) => answer.body.data.preference_id));
    expect(preferences.size).toBe(1);
    const orderId = started[0]!.body.data.orderId;
    const rows = await paymentsOf(orderId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.providerReference).toBe([...preferences][0]);

    // Later, a double click: the same preference, not a new one.
    const again = await pay(token!, "mercadopago");
    expect(again.status).toBe(201);
    expect(again.body.data.preference_id).toBe([...preferences][0]);
    const other = await pay(token!, "transferencia");
    expect(other.status).toBe(409);
    expect(other.body.code).toBe("payment_in_progress");
    expect(other.body.message).toMatch(/Ya hay un pago de este pedido en curso/);
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it("a refused card ends the attempt: the friend may pay again, with a new preference", async () => {
    const [token] = await sharedPurchase(1);
    const first = await pay(token!, "mercadopago");
    expect(first.status).toBe(201);
    await postForm(`${shop.origin}${MP}/checkout/v1/decide`, { pref_id: first.body.data.preference_id!, action: "reject" });
    const second = await pay(token!, "mercadopago");
    expect(second.status).toBe(201);
    expect(second.body.data.preference_id).not.toBe(first.body.data.preference_id);
    const rows = await paymentsOf(first.body.data.orderId);
    expect(rows.map((row) => [row.state, row.providerReference === first.body.data.preference_id || row.state === "rejected"])).toEqual([
      ["rejected", true],
      ["created", false],
    ]);
  });

  it("an attempt past the payment timeout is over: a new one may start", async () => {
    const [token] = await sharedPurchase(1);
    const first = await pay(token!, "mercadopago");
    shop.clock.offset = 21 * 60_000;
    try {
      const second = await pay(token!, "transferencia");
      expect(second.status).toBe(201);
      expect((await paymentsOf(first.body.data.orderId)).map((row) => row.state)).toEqual(["expired", "created"]);
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("a late second capture of a paid share is recorded, refunded through the gateway and shown on the desk", async () => {
    const [token] = await sharedPurchase(1);
    const paying = await pay(token!, "mercadopago");
    const orderId = paying.body.data.orderId;
    // A second preference for the same share, opened elsewhere (another tab before this guard, another process).
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    const created = await fetch(`${shop.origin}${MP}/checkout/preferences`, {
      method: "POST",
      headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        items: [{ id: `order-${orderId}`, title: "Rodamos", quantity: 1, unit_price: order!.total, currency_id: order!.currency }],
        payer: { email: "amigo@example.com" },
        external_reference: String(orderId),
        notification_url: `${shop.origin}/shop-api/payments/mercadopago/webhook`,
      }),
    });
    expect(created.status).toBe(201);
    const second = (await created.json()) as { id: string };

    // The share's own preference is paid: the order is paid once.
    await postForm(`${shop.origin}${MP}/checkout/v1/decide`, { pref_id: paying.body.data.preference_id!, action: "approve" });
    expect((await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.state).toBe("paid");
    // Then the second is paid too: its capture arrives by webhook.
    await postForm(`${shop.origin}${MP}/checkout/v1/decide`, { pref_id: second.id, action: "approve" });
    await shop.app.outbox.drain();

    const rows = await paymentsOf(orderId);
    expect(rows.map((row) => row.state)).toEqual(["approved", "duplicate_refunded"]);
    const duplicate = rows[1]!;
    expect(duplicate.amount).toBe(order!.total);
    expect(duplicate.providerReference).not.toBe(rows[0]!.providerReference);
    // The gateway gave the second capture back, whole; the first stands.
    const refunds = await fetch(`${shop.origin}${MP}/v1/payments/${duplicate.providerReference}/refunds`, { headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` } });
    const given = (await refunds.json()) as { amount: number }[];
    expect(given).toHaveLength(1);
    const firstRefunds = (await (await fetch(`${shop.origin}${MP}/v1/payments/${rows[0]!.providerReference}/refunds`, { headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` } })).json()) as unknown[];
    expect(firstRefunds).toHaveLength(0);
    // A repeated webhook of the second capture changes nothing.
    const resent = await fetch(`${shop.origin}${MP}/v1/payments/${duplicate.providerReference}/notify`, { method: "POST", headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` } });
    expect(resent.status).toBe(200);
    await shop.app.outbox.drain();
    expect((await paymentsOf(orderId)).map((row) => row.state)).toEqual(["approved", "duplicate_refunded"]);

    // The desk shows both payments, the second as a duplicate given back.
    const desk = await shop.call<{ state: string; payments: { state: string; providerReference: string | null }[] }>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token });
    expect(desk.status).toBe(200);
    expect(desk.body.data.state).toBe("paid");
    expect(desk.body.data.payments.map((payment) => payment.state)).toEqual(["approved", "duplicate_refunded"]);
  });
});
