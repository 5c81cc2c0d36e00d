/**
 * Friends who pay their own share: a buyer books several seats with `shares: true`, pays their own, and every
 * other passenger is mailed (and texted) a personal link; a paid share is its own order with its own ticket, a
 * webhook repeated counts it once, a refused card leaves it payable, the buyer sees who paid and can pay for a
 * friend, and at the deadline (the shop's clock) the unpaid seats go back on sale and the buyer is told once.
 * A share for a seat that is not there cannot exist.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { OrderDesk } from "../../src/shared/schemas/answers/order-desk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outbox, payments, paymentShares, productVariants, seatCounts } from "../../src/server/db/schema";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN } from "../../src/server/payments/config";
import { readSmsDrop } from "../../src/server/sms/sms-drop";
import { postForm } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let countyId: number;

interface Started {
  orderId: number;
  state: string;
  preference_id?: string;
}

const friends = [
  { name: "Tomás Amigo", email: "tomas.amigo@example.com", phone: "3001112233", passengerAddress: "Calle 2 # 3-4" },
  { name: "Lucía Amiga", email: "lucia.amiga@example.com", phone: "3004445566", passengerAddress: "Calle 5 # 6-7" },
];

function sharedBody(passengers: { name: string; email: string; phone: string; passengerAddress: string }[]) {
  const body = purchaseBody(festival, passengers.map(() => variantId), countyId, { shares: true });
  body.tickets = body.tickets.map((ticket, index) => ({ ...ticket, passengers: [passengers[index]!] }));
  return body;
}

const stateOf = async (orderId: number) => (await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.state;
const taken = async () => (await shop.db.select({ taken: seatCounts.taken }).from(seatCounts).where(and(eq(seatCounts.productVariantId, variantId), eq(seatCounts.eventDateId, festival.eventDateId))))[0]?.taken ?? 0;
const tokenOf = async (email: string) => {
  const link = (await shop.mailsTo(email)).flatMap((mail) => mail.links).find((href) => href.includes("/share?token="));
  return new URL(link!).searchParams.get("token")!;
};

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  countyId = await countyOf(shop.db, variant.provinceId);
  // The deadline (24 h) must fall before the date starts for the clock to pass it here.
  expect(festival.dates[0]!.startDate.getTime()).toBeGreaterThan(Date.now() + 30 * 3_600_000);
});
afterAll(() => shop?.close());

describe("a purchase split three ways", () => {
  let buyer: { id: number; email: string; token: string };
  let started: Started;
  let tomasToken: string;
  let luciaToken: string;

  it("holds every seat, charges the buyer their own, and sends each friend a personal link by mail and text", async () => {
    buyer = await shop.buyer();
    const before = await taken();
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", sharedBody([{ name: "Yo Comprador", email: buyer.email, phone: "3009998877", passengerAddress: "Calle 1 # 2-3" }, ...friends]), { token: buyer.token });
    expect(answer.status).toBe(201);
    started = answer.body.data;
    expect(started.state).toBe("awaiting_payment");
    expect(await taken()).toBe(before + 3);
    const [own] = await shop.db.select().from(orders).where(eq(orders.id, started.orderId));
    const price = festival.variants.find((variant) => variant.id === variantId)!.price;
    expect(own!.total).toBe(price);
    const shares = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, started.orderId)).orderBy(asc(paymentShares.id));
    expect(shares.map((share) => share.email)).toEqual(friends.map((friend) => friend.email));
    // Held until the deadline: 24 hours.
    expect(Math.abs(shares[0]!.deadline.getTime() - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    const mails = await shop.mailsTo(friends[0]!.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/reservó tu cupo para/);
    tomasToken = await tokenOf(friends[0]!.email);
    luciaToken = await tokenOf(friends[1]!.email);
    const texts = await readSmsDrop(shop.env.DATA_DIR);
    expect(texts.some((text) => text.to === "+573001112233" && text.body.includes(`/share?token=${tomasToken}`))).toBe(true);

    const share = await shop.call<{ state: string; amount: number; paymentCodes: string[]; ticketCode: string | null }>("GET", `/shop-api/shares/${tomasToken}`);
    expect(share.status).toBe(200);
    expect(share.body.data).toMatchObject({ state: "pending", amount: price, ticketCode: null });
    expect(share.body.data.paymentCodes).toContain("mercadopago");
    expect((await shop.call("GET", `/shop-api/shares/${"x".repeat(32)}`)).status).toBe(404);
  });

  it("a friend's refused card leaves the share payable", async () => {
    const paying = await shop.call<Started>("POST", `/shop-api/shares/${luciaToken}/pay`, { paymentCode: "mercadopago" });
    expect(paying.status).toBe(201);
    const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id!, action: "reject" });
    expect(decided.status).toBe(303);
    expect((await shop.call<{ state: string }>("GET", `/shop-api/shares/${luciaToken}`)).body.data.state).toBe("pending");
  });

  it("a friend pays their share with MercadoPago: their own paid order and ticket, counted once however often the webhook comes", async () => {
    const paying = await shop.call<Started>("POST", `/shop-api/shares/${tomasToken}/pay`, { paymentCode: "mercadopago" });
    expect(paying.status).toBe(201);
    const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id!, action: "approve" });
    const back = new URL(decided.headers.get("location")!);
    // Back on the friend's own page, not the buyer's order.
    const landing = await fetch(back, { redirect: "manual" });
    expect(landing.status).toBe(303);
    expect(landing.headers.get("location")).toBe(`/share?token=${encodeURIComponent(tomasToken)}&state=paid`);
    const orderId = paying.body.data.orderId;
    expect(await stateOf(orderId)).toBe("paid");
    const paymentId = back.searchParams.get("payment_id")!;
    for (let retry = 0; retry < 2; retry += 1) {
      const resent = await fetch(`${shop.origin}/payments-sim/mercadopago/v1/payments/${paymentId}/notify`, { method: "POST", headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` } });
      expect(resent.status).toBe(200);
    }
    expect((await shop.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.state, "approved"))))).toHaveLength(1);
    const notices = await shop.db.select().from(outbox).where(and(eq(outbox.kind, "order.notice"), sql`(payload->>'orderId')::int = ${orderId}`));
    expect(notices).toHaveLength(1);
    const share = await shop.call<{ state: string; ticketCode: string | null }>("GET", `/shop-api/shares/${tomasToken}`);
    expect(share.body.data.state).toBe("paid");
    expect(JSON.parse(share.body.data.ticketCode!)).toMatchObject({ orderId });
    expect((await shop.call("POST", `/shop-api/shares/${tomasToken}/pay`, { paymentCode: "mercadopago" })).body.code).toBe("share_not_payable");
  });

  it("shows the buyer who has paid; nobody else sees it", async () => {
    const mine = await shop.call<{ email: string; state: string }[]>("GET", `/shop-api/orders/${started.orderId}/shares`, undefined, { token: buyer.token });
    expect(mine.body.data.map((row) => [row.email, row.state])).toEqual([
      [friends[0]!.email, "paid"],
      [friends[1]!.email, "pending"],
    ]);
    const stranger = await shop.buyer();
    expect((await shop.call("GET", `/shop-api/orders/${started.orderId}/shares`, undefined, { token: stranger.token })).status).toBe(404);
  });

  it("releases the unpaid seat at the deadline by the shop's clock and tells the buyer once", async () => {
    const before = await taken();
    await shop.app.outbox.drain();
    expect(await taken()).toBe(before);
    shop.clock.offset = 25 * 3_600_000;
    try {
      await shop.app.outbox.drain();
      const [lucia] = await shop.db.select().from(paymentShares).where(eq(paymentShares.email, friends[1]!.email));
      expect(await stateOf(lucia!.orderId)).toBe("expired");
      expect(lucia!.releasedAt).not.toBeNull();
      // The buyer's own order was never paid either: its card hold ran out long ago; only the share is counted here.
      expect(await taken()).toBeLessThanOrEqual(before - 1);
      const released = (await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith("Cupos liberados"));
      expect(released).toHaveLength(1);
      expect(released[0]!.text).toContain("Lucía Amiga");
      expect(released[0]!.text).not.toContain("Tomás Amigo");
      expect((await shop.call<{ state: string }>("GET", `/shop-api/shares/${luciaToken}`)).body.data.state).toBe("released");
      expect((await shop.call("POST", `/shop-api/shares/${luciaToken}/pay`, { paymentCode: "mercadopago" })).body.code).toBe("share_not_payable");
      // The job delivered again (a process died before marking it done): nothing more, no second mail.
      await shop.db.update(outbox).set({ doneAt: null, runAt: new Date(Date.now() - 1000) }).where(eq(outbox.kind, "share.deadline"));
      await shop.app.outbox.drain();
      expect((await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith("Cupos liberados"))).toHaveLength(1);
      // The share's order desk lists Lucía's link to pay and the buyer's mail of the seats released, once each.
      const staff = await shop.buyer("staff");
      const desk = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${lucia!.orderId}`, undefined, { token: staff.token });
      const shared = desk.body.data.messages.filter((message) => message.what === "share_invite" || message.what === "share_released");
      expect(shared.filter((message) => message.channel === "mail").map((message) => [message.what, message.to])).toEqual([
        ["share_invite", `${lucia!.name} ${lucia!.email}`],
        ["share_released", buyer.email],
      ]);
    } finally {
      shop.clock.offset = 0;
    }
  });
});

describe("a buyer who pays none of the seats", () => {
  const trio = [
    { name: "Marta Compradora", email: "marta.compradora@example.com", phone: "3007776655", passengerAddress: "Calle 9 # 8-7" },
    { name: "Pablo Amigo", email: "pablo.amigo@example.com", phone: "3002223344", passengerAddress: "Calle 3 # 4-5" },
    { name: "Rosa Amiga", email: "rosa.amiga@example.com", phone: "3005556677", passengerAddress: "Calle 6 # 7-8" },
  ];

  it("holds every seat, starts no payment, and sends every passenger their own link", async () => {
    const buyer = await shop.buyer();
    const before = await taken();
    const answer = await shop.call<Started & { sharesOnly?: boolean; holdExpiresAt: string; preference_id?: string }>("POST", "/shop-api/init-payment", { ...sharedBody(trio), buyerPaysNone: true }, { token: buyer.token });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ state: "awaiting_payment", sharesOnly: true });
    expect(answer.body.data.preference_id).toBeUndefined();
    expect(await taken()).toBe(before + 3);
    const ownId = answer.body.data.orderId;
    // Nothing was sent to a gateway: the order's one payment row is still only created.
    expect((await shop.db.select({ state: payments.state }).from(payments).where(eq(payments.orderId, ownId))).map((row) => row.state)).toEqual(["created"]);
    // Every ticket is a share of the purchase, the buyer's first ticket included.
    const shares = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, ownId)).orderBy(asc(paymentShares.id));
    expect(shares.map((share) => share.email)).toEqual(trio.map((one) => one.email));
    expect(shares[0]!.orderId).toBe(ownId);
    expect(new Date(answer.body.data.holdExpiresAt).getTime()).toBe(shares[0]!.deadline.getTime());
    for (const one of trio) expect((await shop.mailsTo(one.email)).flatMap((mail) => mail.links).some((href) => href.includes("/share?token="))).toBe(true);

    // The buyer sees every share pending and pays the first passenger's from the purchase detail.
    const mine = await shop.call<{ id: number; email: string; state: string }[]>("GET", `/shop-api/orders/${ownId}/shares`, undefined, { token: buyer.token });
    expect(mine.body.data.map((row) => [row.email, row.state])).toEqual(trio.map((one) => [one.email, "pending"]));
    const paying = await shop.call<Started>("POST", `/shop-api/orders/${ownId}/shares/${mine.body.data[0]!.id}/pay`, { paymentCode: "mercadopago" }, { token: buyer.token });
    expect(paying.status).toBe(201);
    await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: paying.body.data.preference_id!, action: "approve" });
    expect(await stateOf(ownId)).toBe("paid");

    // A friend pays through their link.
    const pablo = await tokenOf(trio[1]!.email);
    const friendPaying = await shop.call<Started>("POST", `/shop-api/shares/${pablo}/pay`, { paymentCode: "mercadopago" });
    await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: friendPaying.body.data.preference_id!, action: "approve" });
    expect((await shop.call<{ state: string }>("GET", `/shop-api/shares/${pablo}`)).body.data.state).toBe("paid");

    // At the deadline only Rosa's unpaid seat goes back on sale, and the buyer is told.
    shop.clock.offset = 25 * 3_600_000;
    try {
      await shop.app.outbox.drain();
      const rows = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, ownId)).orderBy(asc(paymentShares.id));
      expect(rows.map((row) => row.releasedAt !== null)).toEqual([false, false, true]);
      expect(await Promise.all(rows.map((row) => stateOf(row.orderId)))).toEqual(["paid", "paid", "expired"]);
      const released = (await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith("Cupos liberados"));
      expect(released).toHaveLength(1);
      expect(released[0]!.text).toContain("Rosa Amiga");
      expect(released[0]!.text).not.toContain("Pablo Amigo");
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("is refused without shares", async () => {
    const buyer = await shop.buyer();
    const body = { ...purchaseBody(festival, [variantId], countyId), buyerPaysNone: true };
    const answer = await shop.call("POST", "/shop-api/init-payment", body, { token: buyer.token });
    expect([answer.status, answer.body.code]).toEqual([422, "shares_unavailable"]);
  });
});

describe("the buyer and the seats", () => {
  it("the buyer pays a missing share for a friend", async () => {
    const buyer = await shop.buyer();
    const answer = await shop.call<Started>("POST", "/shop-api/init-payment", sharedBody([{ ...friends[0]!, email: buyer.email }, friends[1]!]), { token: buyer.token });
    expect(answer.status).toBe(201);
    const [share] = await shop.db.select().from(paymentShares).where(eq(paymentShares.buyerOrderId, answer.body.data.orderId));
    const other = await shop.buyer();
    expect((await shop.call("POST", `/shop-api/orders/${answer.body.data.orderId}/shares/${share!.id}/pay`, { paymentCode: "transferencia" }, { token: other.token })).status).toBe(404);
    const paid = await shop.call<Started>("POST", `/shop-api/orders/${answer.body.data.orderId}/shares/${share!.id}/pay`, { paymentCode: "transferencia" }, { token: buyer.token });
    expect(paid.status).toBe(201);
    expect(paid.body.data).toMatchObject({ orderId: share!.orderId, state: "awaiting_transfer_payment" });
  });

  it("a share for a seat that is not there cannot exist: the whole purchase is refused", async () => {
    const buyer = await shop.buyer();
    await shop.db.update(productVariants).set({ stock: (await taken()) + 2 }).where(eq(productVariants.id, variantId));
    const before = await shop.db.select({ id: paymentShares.id }).from(paymentShares);
    const answer = await shop.call("POST", "/shop-api/init-payment", sharedBody([{ ...friends[0]!, email: buyer.email }, ...friends]), { token: buyer.token });
    expect([answer.status, answer.body.code]).toEqual([409, "stock_exhausted"]);
    expect(await shop.db.select({ id: paymentShares.id }).from(paymentShares)).toHaveLength(before.length);
    expect(await shop.db.select().from(orders).where(inArray(orders.userId, [buyer.id]))).toHaveLength(0);
  });

  it("is refused for a single seat", async () => {
    const buyer = await shop.buyer();
    const one = await shop.call("POST", "/shop-api/init-payment", sharedBody([friends[0]!]), { token: buyer.token });
    expect([one.status, one.body.code]).toEqual([422, "shares_unavailable"]);
  });
});
