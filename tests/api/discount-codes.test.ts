/**
 * Discount codes that do what they say: a percentage or a fixed amount off every subcategory of the event (or
 * the chosen ones), priced by the server the same way for the wizard's check and for the purchase; discount
 * prices still override; a per-customer limit holds.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discountPrices, discounts, orders, tickets } from "../../src/server/db/schema";
import type { DiscountAnswer } from "../../src/shared/schemas/purchase";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let offer: Awaited<ReturnType<typeof eventOffer>>;

beforeAll(async () => {
  shop = await openTestShop();
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
});
afterAll(async () => {
  await shop?.close();
});

async function code(values: Partial<typeof discounts.$inferInsert>) {
  const [row] = await shop.db
    .insert(discounts)
    .values({ code: `C${Math.random().toString(36).slice(2, 8)}`, eventId: offer.event.id, variation: "0", ...values })
    .returning();
  return row!;
}
const check = async (codeText: string, token: string) => shop.call<DiscountAnswer>("GET", `/shop-api/discounts/${codeText}/event/${offer.event.id}`, undefined, { token });

describe("percentage and fixed codes on every subcategory", () => {
  it("answers a 10 % code's price for every subcategory of the event, and the purchase charges exactly that", async () => {
    const discount = await code({ variation: "0.10" });
    const me = await shop.buyer();
    const answer = await check(discount.code, me.token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.productVariants.map((row) => row.product_variant_id).sort()).toEqual(offer.variants.map((variant) => variant.id).sort());
    for (const variant of offer.variants) {
      expect(answer.body.data.productVariants).toContainEqual({ product_variant_id: variant.id, discount_price: Math.round(variant.price * 0.9) });
    }
    for (const variant of offer.typed(offer.variants[0]!.provinceId)) {
      const buyer = await shop.buyer();
      const county = await countyOf(shop.db, variant.provinceId);
      const placed = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia", discountCode: discount.code }), { token: buyer.token });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);
      const [order] = await shop.db.select().from(orders).where(eq(orders.id, placed.body.data.orderId));
      expect(order!.total).toBe(Math.round(variant.price * 0.9));
    }
  });

  it("takes a fixed amount off each ticket of every subcategory, never below zero", async () => {
    const discount = await code({ kind: "fixed", amount: 10_000 });
    const me = await shop.buyer();
    const answer = await check(discount.code, me.token);
    for (const variant of offer.variants) {
      expect(answer.body.data.productVariants).toContainEqual({ product_variant_id: variant.id, discount_price: Math.max(variant.price - 10_000, 0) });
    }
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const placed = await shop.call<{ orderId: number }>(
      "POST",
      "/shop-api/init-payment",
      purchaseBody(offer, [variant.id, variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia", discountCode: discount.code }),
      { token: me.token },
    );
    const rows = await shop.db.select().from(tickets).where(eq(tickets.orderId, placed.body.data.orderId));
    expect(rows.map((row) => row.discountPrice)).toEqual([variant.price - 10_000, variant.price - 10_000]);
  });

  it("applies only to the chosen subcategories, and a discount price overrides the computed one", async () => {
    const [first, second] = offer.variants;
    const discount = await code({ variation: "0.5", variantIds: [first!.id, second!.id] });
    await shop.db.insert(discountPrices).values({ discountId: discount.id, productVariantId: second!.id, discountPrice: 1_000 });
    const me = await shop.buyer();
    const answer = await check(discount.code, me.token);
    expect(answer.body.data.productVariants).toEqual(
      [
        { product_variant_id: first!.id, discount_price: Math.round(first!.price * 0.5) },
        { product_variant_id: second!.id, discount_price: 1_000 },
      ].sort((a, b) => a.product_variant_id - b.product_variant_id),
    );
  });
});

describe("limits", () => {
  it("refuses a customer past the code's per-customer limit, in the wizard's check and at the purchase", async () => {
    const discount = await code({ variation: "0.2", perCustomerLimit: 1 });
    const me = await shop.buyer();
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const body = purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia", discountCode: discount.code });
    expect((await shop.call("POST", "/shop-api/init-payment", body, { token: me.token })).status).toBe(201);
    const again = await check(discount.code, me.token);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("discount_customer_limit");
    expect((await shop.call("POST", "/shop-api/init-payment", body, { token: me.token })).body.code).toBe("discount_customer_limit");
    // Another customer still may.
    const other = await shop.buyer();
    expect((await check(discount.code, other.token)).status).toBe(200);
  });

  it("refuses a used-up code at the purchase, which then goes through at full price without it", async () => {
    const discount = await code({ variation: "0.2", usageLimit: 1 });
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const first = await shop.buyer();
    const late = await shop.buyer();
    expect((await check(discount.code, late.token)).status).toBe(200);
    await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia", discountCode: discount.code }), { token: first.token });
    const refused = await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia", discountCode: discount.code }), { token: late.token });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("discount_used_up");
    const full = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" }), { token: late.token });
    expect(full.status).toBe(201);
    expect((await shop.db.select().from(orders).where(eq(orders.id, full.body.data.orderId)))[0]!.total).toBe(variant.price);
  });
});
