/**
 * Selling seats and changing how many there are never slip past each other (src/server/db/seat-stock-lock.ts): a
 * purchase that reaches the seat count while the back office is changing that subcategory's stock waits and is
 * counted against the new stock; a back-office change waits for a purchase in flight. Needs two connections at once,
 * so PostgreSQL only (DATABASE_URL); on PGlite every statement runs one after another anyway.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants, seatCounts } from "../../src/server/db/schema";
import { lockSeatStock, shareSeatStock } from "../../src/server/db/seat-stock-lock";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let offer: Awaited<ReturnType<typeof eventOffer>>;
let admin: { token: string };

const settled = <T>(promise: Promise<T>, ms = 600) => Promise.race([promise.then(() => "answered" as const), new Promise<"waiting">((done) => setTimeout(() => done("waiting"), ms))]);

describe.skipIf(!process.env.DATABASE_URL)("seat stock: purchases and back-office changes take turns (PostgreSQL)", () => {
  beforeAll(async () => {
    shop = await openTestShop();
    offer = await eventOffer(shop.db, "rock-al-parque");
    admin = await shop.buyer("admin");
  });
  afterAll(() => shop?.close());

  it("a purchase that arrives while the stock is being lowered waits, and is refused against the new stock", async () => {
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const buyer = await shop.buyer();
    const pending = await shop.db.transaction(async (tx) => {
      await lockSeatStock(tx, [variant.id]);
      const purchase = shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" }), { token: buyer.token });
      expect(await settled(purchase)).toBe("waiting");
      // The back office's change: no seat left beyond those already taken.
      const [count] = await tx
        .select({ taken: seatCounts.taken })
        .from(seatCounts)
        .where(and(eq(seatCounts.productVariantId, variant.id), eq(seatCounts.eventDateId, offer.eventDateId)));
      await tx.update(productVariants).set({ stock: count?.taken ?? 0 }).where(eq(productVariants.id, variant.id));
      return { purchase };
    });
    const answer = await pending.purchase;
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe("stock_exhausted");
  });

  it("a back-office stock change waits for a purchase in flight, then goes through", async () => {
    const variant = offer.typed(offer.variants[0]!.provinceId)[1] ?? offer.variants[1]!;
    let change: Promise<{ status: number }> | undefined;
    await shop.db.transaction(async (tx) => {
      // A purchase in flight holds the shared lock until it commits.
      await shareSeatStock(tx, variant.id);
      change = shop.call("PUT", `/shop-api/admin/variants/${variant.id}/date-stock`, { eventDateId: offer.eventDateId, stock: 40 }, { token: admin.token });
      expect(await settled(change)).toBe("waiting");
    });
    expect((await change!).status).toBe(200);
  });
});
