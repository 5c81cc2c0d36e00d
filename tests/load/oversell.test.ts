/**
 * Concurrent buyers never oversell: many simultaneous purchases for the last few seats
 * sell exactly that many, over HTTP to a listening shop. On PGlite by default; on PostgreSQL with a real
 * connection pool (20) when DATABASE_URL is set, where the row locks and the recount do the work.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, productVariants, tickets } from "../../src/server/db/schema";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
});
afterAll(async () => {
  await shop?.close();
});

async function soldOf(variantId: number, eventDateId: number): Promise<number> {
  const rows = await shop.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.productVariantId, variantId), eq(orders.eventDateId, eventDateId), inArray(orders.state, ["paid", "awaiting_payment", "awaiting_transfer_payment"])));
  return rows.length;
}

describe(`oversell (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("40 parallel purchases for the last 5 seats sell exactly 5", { timeout: 120_000 }, async () => {
    const offer = await eventOffer(shop.db, "noche-vallenata-el-campin");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await shop.db.update(productVariants).set({ stock: 5 }).where(eq(productVariants.id, variant.id));
    const buyers = await Promise.all(Array.from({ length: 40 }, () => shop.buyer()));

    const answers = await Promise.all(
      buyers.map((buyer) => shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "mercadopago" }), { token: buyer.token })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(answers.filter((answer) => answer.status !== 201).every((answer) => answer.status === 409 && answer.body.code === "stock_exhausted")).toBe(true);
    expect(await soldOf(variant.id, offer.eventDateId)).toBe(5);
  });

  it("buyers taking two subcategories in opposite orders neither deadlock nor oversell", { timeout: 120_000 }, async () => {
    const offer = await eventOffer(shop.db, "feria-de-cali-salsodromo");
    const [a, b] = offer.typed(offer.variants[0]!.provinceId);
    const county = await countyOf(shop.db, a!.provinceId);
    await shop.db.update(productVariants).set({ stock: 4 }).where(inArray(productVariants.id, [a!.id, b!.id]));
    const buyers = await Promise.all(Array.from({ length: 30 }, () => shop.buyer()));

    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, index % 2 ? [a!.id, b!.id] : [b!.id, a!.id], county, { paymentCode: "transferencia" }), { token: buyer.token }),
      ),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(4);
    expect(answers.every((answer) => answer.status === 201 || answer.body.code === "stock_exhausted")).toBe(true);
    expect(await soldOf(a!.id, offer.eventDateId)).toBe(4);
    expect(await soldOf(b!.id, offer.eventDateId)).toBe(4);
  });
});
