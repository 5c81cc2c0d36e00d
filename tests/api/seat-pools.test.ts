/**
 * Seats that follow the vans: a subcategory's stock set per event date, and seat pools that several subcategories
 * of one date and province draw on. Buyers at once never pass a pool's seats (the one seat-count write per
 * purchase guards it); cancellations and expiries give seats back to their pool; the public offer follows the pool;
 * the back office shows sold, held and left per date and pool; only admins write. On PGlite, and on PostgreSQL
 * with DATABASE_URL.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Category } from "../../src/shared/types/catalogue";
import { auditLog, eventDates, orders, productVariants, seatPools } from "../../src/server/db/schema";
import { cancelOrder, expireHolds } from "../../src/server/services/holds/end-unpaid-orders";
import { byGateway } from "../../src/server/services/order-life/order-life";
import { ORDER_STATE } from "../../src/shared/domain/order-states";
import { countyOf, eventOffer, insertOrder, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

type Offer = Awaited<ReturnType<typeof eventOffer>>;
interface PoolItem {
  id: number;
  name: string;
  seats: number;
  sold: number;
  held: number;
  left: number;
  variantIds: number[];
}
interface Seats {
  dates: { eventDateId: number; variants: { id: number; dateStock: number | null; sold: number; held: number; left: number; poolId: number | null }[]; pools: PoolItem[] }[];
}

let shop: TestShop;
let admin: { id: number; token: string };
let staff: { token: string };
let customer: { id: number; token: string };
let offer: Offer;

beforeAll(async () => {
  shop = await openTestShop();
  [admin, staff, customer] = await Promise.all([shop.buyer("admin"), shop.buyer("staff"), shop.buyer()]);
  offer = await eventOffer(shop.db, "rock-al-parque");
});
afterAll(() => shop?.close());

/** A province of the offer with at least two typed subcategories, and those subcategories. */
function twoVariants() {
  for (const variant of offer.variants) {
    const typed = offer.typed(variant.provinceId);
    if (typed.length >= 2) return { provinceId: variant.provinceId, variants: typed.slice(0, 2) };
  }
  throw new Error("no province with two typed subcategories");
}

async function seats(eventDateId: number) {
  const answer = await shop.call<Seats>("GET", `/shop-api/admin/seats?eventId=${offer.event.id}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data.dates.find((date) => date.eventDateId === eventDateId)!;
}

async function publicStock(eventDateId: number, variantId: number): Promise<number> {
  const answer = await shop.call<Category[]>("GET", `/api/events/${offer.event.id}/product-variant?eventDateId=${eventDateId}`);
  expect(answer.status).toBe(200);
  return answer.body.data.flatMap((category) => category.subCategories).find((sub) => sub.productVariantId === variantId)!.stock;
}

function buy(variantId: number, eventDateId: number, countyId: number, token: string) {
  return shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", { ...purchaseBody(offer, [variantId], countyId, { paymentCode: "transferencia" }), eventDateId }, { token });
}

describe(`seat pools (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("only admins set a date's stock or a pool; staff read the figures; customers are refused", async () => {
    const variant = offer.variants[0]!;
    const pool = { eventDateId: offer.eventDateId, provinceId: variant.provinceId, name: "Vans", seats: 10, variantIds: [variant.id] };
    expect((await shop.call("POST", "/shop-api/admin/seat-pools", pool, { token: staff.token })).status).toBe(403);
    expect((await shop.call("PUT", `/shop-api/admin/variants/${variant.id}/date-stock`, { eventDateId: offer.eventDateId, stock: 3 }, { token: staff.token })).status).toBe(403);
    expect((await shop.call("GET", `/shop-api/admin/seats?eventId=${offer.event.id}`, undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/seat-pools", undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/admin/seat-pools", undefined, { token: staff.token })).status).toBe(200);
  });

  it("a date's own stock limits that date only, is never set below what it sold and held, and can be dropped again", async () => {
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const [other] = await shop.db
      .insert(eventDates)
      .values({ eventId: offer.event.id, startDate: new Date(offer.dates[0]!.startDate.getTime() + 86_400_000 * 3) })
      .returning({ id: eventDates.id });
    const set = await shop.call<{ dates: { eventDateId: number; dateStock: number | null; available: number }[] }>(
      "PUT",
      `/shop-api/admin/variants/${variant.id}/date-stock`,
      { eventDateId: other!.id, stock: 1 },
      { token: admin.token },
    );
    expect(set.status).toBe(200);
    expect(set.body.data.dates.find((date) => date.eventDateId === other!.id)).toMatchObject({ dateStock: 1, available: 1 });
    expect(await publicStock(other!.id, variant.id)).toBe(1);
    expect(await publicStock(offer.eventDateId, variant.id)).toBe(variant.stock);

    const buyers = await Promise.all([shop.buyer(), shop.buyer()]);
    expect((await buy(variant.id, other!.id, county, buyers[0]!.token)).status).toBe(201);
    const refused = await buy(variant.id, other!.id, county, buyers[1]!.token);
    expect(refused.body.code).toBe("stock_exhausted");
    // The usual stock still applies on the other date.
    expect((await buy(variant.id, offer.eventDateId, county, buyers[1]!.token)).status).toBe(201);

    const below = await shop.call("PUT", `/shop-api/admin/variants/${variant.id}/date-stock`, { eventDateId: other!.id, stock: 0 }, { token: admin.token });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe("stock_below_sold");
    const dropped = await shop.call("PUT", `/shop-api/admin/variants/${variant.id}/date-stock`, { eventDateId: other!.id, stock: null }, { token: admin.token });
    expect(dropped.status).toBe(200);
    expect(await publicStock(other!.id, variant.id)).toBe(variant.stock - 1);
    const audited = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "date-stock"), eq(auditLog.resourceId, variant.id)));
    expect(audited).toHaveLength(2);
  });

  it("buyers at once never pass the pool's seats; the figures, the offer and the counter agree; cancelled and expired seats go back", { timeout: 120_000 }, async () => {
    const { provinceId, variants } = twoVariants();
    const [a, b] = variants as [Offer["variants"][number], Offer["variants"][number]];
    const county = await countyOf(shop.db, provinceId);
    const eventDateId = offer.eventDateId;
    // A pair and a single: the pair takes two of the vans' seats.
    await shop.db.update(productVariants).set({ capacity: 2, stock: 50 }).where(eq(productVariants.id, a.id));
    await shop.db.update(productVariants).set({ capacity: 1, stock: 50 }).where(eq(productVariants.id, b.id));

    const created = await shop.call<{ id: number; item: { variantIds: number[] } }>(
      "POST",
      "/shop-api/admin/seat-pools",
      { eventDateId, provinceId, name: "Van compartida", seats: 7, variantIds: [b.id, a.id] },
      { token: admin.token },
    );
    expect(created.status).toBe(201);
    expect(created.body.data.item.variantIds).toEqual([a.id, b.id].sort((x, y) => x - y));
    const poolId = created.body.data.id;

    const buyers = await Promise.all(Array.from({ length: 12 }, () => shop.buyer()));
    const answers = await Promise.all(buyers.map((buyer, index) => buy(index % 2 === 0 ? a.id : b.id, eventDateId, county, buyer.token)));
    expect(answers.every((answer) => answer.status === 201 || answer.body.code === "stock_exhausted")).toBe(true);
    const placed = answers.filter((answer) => answer.status === 201).map((answer) => answer.body.data.orderId);
    const capacityOf = new Map([
      [a.id, 2],
      [b.id, 1],
    ]);
    const seatsTaken = async () => {
      const rows = await shop.db.execute(sql`
        select coalesce(sum(v.capacity), 0)::int as seats from tickets t join orders o on o.id = t.order_id join product_variants v on v.id = t.product_variant_id
        where o.event_date_id = ${eventDateId} and t.product_variant_id in (${a.id}, ${b.id}) and o.state in ('paid', 'awaiting_payment', 'awaiting_transfer_payment')`);
      return Number(((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows)[0] as { seats: number }).seats);
    };
    const taken = await seatsTaken();
    expect(taken).toBeLessThanOrEqual(7);
    // Refusals only once fewer seats were left than a ticket needed.
    expect(taken).toBeGreaterThanOrEqual(6);
    const [counter] = await shop.db.select({ taken: seatPools.taken }).from(seatPools).where(eq(seatPools.id, poolId));
    expect(counter!.taken).toBe(taken);

    let date = await seats(eventDateId);
    expect(date.pools.find((pool) => pool.id === poolId)).toMatchObject({ seats: 7, sold: 0, held: taken, left: 7 - taken });
    expect(date.variants.find((variant) => variant.id === a.id)!.left).toBe(Math.floor((7 - taken) / 2));
    expect(await publicStock(eventDateId, a.id)).toBe(Math.floor((7 - taken) / 2));
    expect(await publicStock(eventDateId, b.id)).toBe(7 - taken);

    // A cancelled order gives its seats back to the pool, and they sell again.
    const [cancelled] = await shop.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, placed)).limit(1);
    const [{ variant: cancelledVariant }] = (await shop.db.execute(sql`select product_variant_id as variant from tickets where order_id = ${cancelled!.id}`).then((rows) =>
      Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows,
    )) as [{ variant: number }];
    expect(await cancelOrder(shop.db, cancelled!.id, byGateway("webpay"))).toBe(true);
    expect(await seatsTaken()).toBe(taken - capacityOf.get(Number(cancelledVariant))!);
    const [afterCancel] = await shop.db.select({ taken: seatPools.taken }).from(seatPools).where(eq(seatPools.id, poolId));
    expect(afterCancel!.taken).toBe(taken - capacityOf.get(Number(cancelledVariant))!);

    // A paid order counts as sold; an expired hold gives its seats back.
    const paid = await insertOrder(shop.db, { userId: customer.id, eventId: offer.event.id, eventDateId, provinceId, state: ORDER_STATE.paid, ticketVariants: [b.id] });
    expect(paid).toBeGreaterThan(0);
    await shop.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(and(eq(orders.eventDateId, eventDateId), inArray(orders.state, [ORDER_STATE.awaiting_payment, ORDER_STATE.awaiting_transfer_payment])));
    await expireHolds(shop.db, new Date(), { eventId: offer.event.id });
    const [afterExpiry] = await shop.db.select({ taken: seatPools.taken }).from(seatPools).where(eq(seatPools.id, poolId));
    expect(afterExpiry!.taken).toBe(1);
    date = await seats(eventDateId);
    expect(date.pools.find((pool) => pool.id === poolId)).toMatchObject({ sold: 1, held: 0, left: 6 });

    // Never below what is sold and held; subcategories of another province or already pooled are refused.
    const below = await shop.call("PUT", `/shop-api/admin/seat-pools/${poolId}`, { eventDateId, provinceId, name: "Van compartida", seats: 0, variantIds: [a.id, b.id] }, { token: admin.token });
    expect(below.status).toBe(409);
    expect(below.body.code).toBe("pool_below_sold");
    const foreign = offer.variants.find((variant) => variant.provinceId !== provinceId)!;
    const wrong = await shop.call("POST", "/shop-api/admin/seat-pools", { eventDateId, provinceId, name: "Otra", seats: 5, variantIds: [foreign.id] }, { token: admin.token });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe("pool_variant_invalid");
    const twice = await shop.call("POST", "/shop-api/admin/seat-pools", { eventDateId, provinceId, name: "Otra", seats: 5, variantIds: [a.id] }, { token: admin.token });
    expect(twice.body.code).toBe("pool_variant_invalid");

    const list = await shop.call<{ items: PoolItem[] }>("GET", `/shop-api/admin/seat-pools?eventId=${offer.event.id}`, undefined, { token: staff.token });
    expect(list.body.data.items.find((pool) => pool.id === poolId)).toMatchObject({ name: "Van compartida", sold: 1, held: 0, left: 6 });

    // Without the pool, the subcategories' own stock applies again.
    expect((await shop.call("DELETE", `/shop-api/admin/seat-pools/${poolId}`, undefined, { token: admin.token })).status).toBe(200);
    expect(await publicStock(eventDateId, b.id)).toBe(50 - 1);
  });
});
