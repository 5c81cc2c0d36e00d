/**
 * A purchase sent twice is one order: POST /shop-api/init-payment and a share's payment under one `Idempotency-Key`
 * make one order and one payment start however often, and however concurrently, they are sent; every repeat within
 * 24 hours is answered as the first; the same key with another body is refused; a key is the buyer's own.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments } from "../../src/server/db/schema";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let otherVariantId: number;
let countyId: number;

interface Started {
  orderId: number;
  state: string;
  preference_id?: string;
  init_point?: string;
}

const keyed = (key: string, token?: string) => ({ token, headers: { "Idempotency-Key": key } });
const ordersOf = async (userId: number) => shop.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId));
const paymentsOf = async (orderId: number) => shop.db.select({ id: payments.id }).from(payments).where(eq(payments.orderId, orderId));

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const [first, second] = festival.typed(festival.variants[0]!.provinceId);
  variantId = first!.id;
  otherVariantId = second!.id;
  countyId = await countyOf(shop.db, first!.provinceId);
});
afterAll(() => shop?.close());

describe("a purchase sent again under its key", () => {
  it("answers a repeat with the first answer: the same order and the same payment start, one order in all", async () => {
    const buyer = await shop.buyer();
    const body = purchaseBody(festival, [variantId], countyId);
    const first = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("first-purchase-key-1", buyer.token));
    expect(first.status).toBe(201);
    expect(first.body.data.preference_id).toBeTruthy();
    const again = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("first-purchase-key-1", buyer.token));
    expect(again.status).toBe(201);
    expect(again.body.data).toEqual(first.body.data);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
    expect(await paymentsOf(first.body.data.orderId)).toHaveLength(1);
  });

  it("makes one order of five identical sends at once", async () => {
    const buyer = await shop.buyer();
    const body = purchaseBody(festival, [variantId], countyId);
    const answers = await Promise.all(Array.from({ length: 5 }, () => shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("rush-key-0000001", buyer.token))));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.data.orderId)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.body.data.preference_id)).size).toBe(1);
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("refuses the same key with another body (422 idempotency_key_reused) and makes nothing", async () => {
    const buyer = await shop.buyer();
    const first = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId), keyed("changed-body-key", buyer.token));
    expect(first.status).toBe(201);
    const other = await shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, [otherVariantId], countyId), keyed("changed-body-key", buyer.token));
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency_key_reused");
    expect(await ordersOf(buyer.id)).toHaveLength(1);
  });

  it("keeps each buyer's keys their own", async () => {
    const [ana, ben] = [await shop.buyer(), await shop.buyer()];
    const body = purchaseBody(festival, [variantId], countyId);
    const forAna = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("same-key-two-people", ana.token));
    const forBen = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("same-key-two-people", ben.token));
    expect(forBen.status).toBe(201);
    expect(forBen.body.data.orderId).not.toBe(forAna.body.data.orderId);
  });

  it("buys again after the 24 hours a key lasts", async () => {
    const buyer = await shop.buyer();
    const body = purchaseBody(festival, [variantId], countyId);
    const first = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("day-old-key-0001", buyer.token));
    shop.clock.offset += 25 * 3_600_000;
    try {
      const later = await shop.call<Started>("POST", "/shop-api/init-payment", body, keyed("day-old-key-0001", buyer.token));
      expect(later.status).toBe(201);
      expect(later.body.data.orderId).not.toBe(first.body.data.orderId);
    } finally {
      shop.clock.offset -= 25 * 3_600_000;
    }
  });

  it("lets a refused purchase be sent again under its key, and keeps two orders for two sends without one", async () => {
    const buyer = await shop.buyer();
    const refused = await shop.call("POST", "/shop-api/init-payment", { ...purchaseBody(festival, [variantId], countyId), paymentCode: "webpay" }, keyed("refused-then-right", buyer.token));
    expect(refused.body.code).toBe("payment_method_unavailable");
    expect(await ordersOf(buyer.id)).toHaveLength(0);
    const body = purchaseBody(festival, [variantId], countyId);
    // Nothing was made under the refused key: the same request, corrected, is a new purchase under it.
    expect((await shop.call("POST", "/shop-api/init-payment", body, keyed("refused-then-right", buyer.token))).status).toBe(201);
    const plain = await Promise.all([1, 2].map(() => shop.call<Started>("POST", "/shop-api/init-payment", body, { token: buyer.token })));
    expect(plain.map((answer) => answer.status)).toEqual([201, 201]);
    expect(await ordersOf(buyer.id)).toHaveLength(3);
  });

  it("refuses a key that is not visible text of 8 to 255 characters", async () => {
    const buyer = await shop.buyer();
    const answer = await shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId), keyed("short", buyer.token));
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("validation_failed");
    expect(await ordersOf(buyer.id)).toHaveLength(0);
  });

  it("is documented as a header of the purchase and of a share's payment", async () => {
    const document = (await shop.call<unknown>("GET", "/api/openapi.json")).body as unknown as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
    };
    const headerOf = (path: string) => document.paths[path]?.post?.parameters?.find((parameter) => parameter.in === "header");
    expect(headerOf("/shop-api/init-payment")?.name).toBe("Idempotency-Key");
    expect(headerOf("/shop-api/shares/{token}/pay")?.name).toBe("Idempotency-Key");
    expect(headerOf("/shop-api/orders/{id}/shares/{shareId}/pay")?.name).toBe("Idempotency-Key");
  });
});

describe("a share's payment sent again under its key", () => {
  it("starts one payment, answered alike to every repeat, where a second send without it would be refused", async () => {
    const buyer = await shop.buyer();
    const friend = { name: "Tomás Amigo", email: `tomas.${Date.now()}@example.com`, phone: "3001112233", passengerAddress: "Calle 2 # 3-4" };
    const body = purchaseBody(festival, [variantId, variantId], countyId, { shares: true });
    body.tickets = body.tickets.map((ticket, index) => ({
      ...ticket,
      passengers: [index === 0 ? { name: "Yo Comprador", email: buyer.email, phone: "3009998877", passengerAddress: "Calle 1 # 2-3" } : friend],
    }));
    expect((await shop.call("POST", "/shop-api/init-payment", body, { token: buyer.token })).status).toBe(201);
    const link = (await shop.mailsTo(friend.email)).flatMap((mail) => mail.links).find((href) => href.includes("/share?token="));
    const token = new URL(link!).searchParams.get("token")!;
    const answers = await Promise.all([1, 2, 3].map(() => shop.call<Started>("POST", `/shop-api/shares/${token}/pay`, { paymentCode: "mercadopago" }, keyed("share-pay-key-01"))));
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.body.data.preference_id)).size).toBe(1);
    expect(await paymentsOf(answers[0]!.body.data.orderId)).toHaveLength(1);
    const other = await shop.call("POST", `/shop-api/shares/${token}/pay`, { paymentCode: "webpay" }, keyed("share-pay-key-01"));
    expect(other.body.code).toBe("idempotency_key_reused");
  });
});
