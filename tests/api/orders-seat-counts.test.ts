/**
 * The purchase after its redesign (one write on a trigger-kept seat count, migration 0005): seats never go past
 * the stock with buyers at once, a failed payment gives back exactly its own seats, run-out holds give theirs
 * back, the count always equals a recount of the tickets, and a guest's concurrent bookings stay within the
 * seats their invitation gives. On PGlite, and on PostgreSQL with DATABASE_URL.
 */
import { SEAT_HOLDING_STATES } from "../../src/shared/domain/order-states";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, guests, orders, productVariants, seatCounts, tickets } from "../../src/server/db/schema";
import { liveStock } from "../../src/server/services/catalogue";
import { cancelOrder } from "../../src/server/services/holds/end-unpaid-orders";
import { byGateway } from "../../src/server/services/order-life/order-life";
import { countyOf, eventOffer, insertGuestList, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

const HOLDING = [...SEAT_HOLDING_STATES];
const MINUTE = 60_000;
/** No gateway to reach: the order holds its seats while the transfer is awaited. */
const transfer = { paymentCode: "transferencia" } as const;

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop?.close());

/** The seat count's rows that differ from a recount of the holding orders' tickets (should be none). */
async function countDrift(): Promise<unknown[]> {
  const result = await shop.db.execute(sql`
    select s.product_variant_id, s.event_date_id, s.taken, r.taken as recount from ${seatCounts} s
    full join (select t.product_variant_id as v, o.event_date_id as d, count(*)::int as taken
               from ${tickets} t join ${orders} o on o.id = t.order_id
               where o.state in ('paid', 'awaiting_payment', 'awaiting_transfer_payment') and o.event_date_id is not null
               group by 1, 2) r on r.v = s.product_variant_id and r.d = s.event_date_id
    where coalesce(s.taken, 0) <> coalesce(r.taken, 0)`);
  return Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
}

async function heldOf(variantId: number, eventDateId: number): Promise<number> {
  const rows = await shop.db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(tickets.productVariantId, variantId), eq(orders.eventDateId, eventDateId), inArray(orders.state, HOLDING)));
  return rows.length;
}

describe(`seats (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("never sells past the stock with buyers at once, two-ticket orders included, and the count matches the tickets", { timeout: 120_000 }, async () => {
    const offer = await eventOffer(shop.db, "rock-al-parque");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await shop.db.update(productVariants).set({ stock: 7 }).where(eq(productVariants.id, variant.id));
    const buyers = await Promise.all(Array.from({ length: 12 }, () => shop.buyer()));
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, index % 3 === 0 ? [variant.id, variant.id] : [variant.id], county, { paymentCode: "transferencia" }), {
          token: buyer.token,
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 201 || answer.body.code === "stock_exhausted")).toBe(true);
    const held = await heldOf(variant.id, offer.eventDateId);
    expect(held).toBeLessThanOrEqual(7);
    // Refusals only once fewer seats were left than the order wanted.
    expect(held).toBeGreaterThanOrEqual(6);
    expect((await liveStock(shop.db, { eventId: offer.event.id, eventDateId: offer.eventDateId, variantIds: [variant.id], now: shop.now() })).get(variant.id)).toBe(7 - held);
    expect(await countDrift()).toEqual([]);
  });

  it("a failed payment gives back exactly its own seats, and they sell again", async () => {
    const offer = await eventOffer(shop.db, "feria-de-cali-salsodromo");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await shop.db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, variant.id));
    const [a, b, c, d] = await Promise.all([shop.buyer(), shop.buyer(), shop.buyer(), shop.buyer()]);
    const two = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id, variant.id], county, transfer), { token: a!.token });
    const one = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: b!.token });
    expect([two.status, one.status]).toEqual([201, 201]);
    expect((await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: c!.token })).body.code).toBe("stock_exhausted");

    // The two-seat order's payment is refused: its two seats come back, the other order keeps its own.
    expect(await cancelOrder(shop.db, two.body.data.orderId, byGateway("transferencia"))).toBe(true);
    expect(await cancelOrder(shop.db, two.body.data.orderId, byGateway("transferencia"))).toBe(false);
    expect(await heldOf(variant.id, offer.eventDateId)).toBe(1);
    expect((await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id, variant.id], county, transfer), { token: c!.token })).status).toBe(201);
    expect((await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: d!.token })).body.code).toBe("stock_exhausted");
    expect(await countDrift()).toEqual([]);
  });

  it("a hold that ran out gives its seat to the next buyer, who is not refused while the sweeper has not run", async () => {
    const offer = await eventOffer(shop.db, "noche-vallenata-el-campin");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    await shop.db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variant.id));
    const [first, second] = await Promise.all([shop.buyer(), shop.buyer()]);
    const held = await shop.call<{ orderId: number; holdExpiresAt: string }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: first!.token });
    expect(held.status).toBe(201);
    expect((await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: second!.token })).body.code).toBe("stock_exhausted");

    shop.clock.offset = new Date(held.body.data.holdExpiresAt).getTime() - Date.now() + MINUTE;
    try {
      const next = await shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, transfer), { token: second!.token });
      expect(next.status).toBe(201);
      const [lapsed] = await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, held.body.data.orderId));
      expect(lapsed!.state).toBe("expired");
      expect(await heldOf(variant.id, offer.eventDateId)).toBe(1);
      expect(await countDrift()).toEqual([]);
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("a guest booking at once from several tabs gets only the seats the invitation gives", { timeout: 60_000 }, async () => {
    const offer = await eventOffer(shop.db, "boda-camila-y-andres-q7k3vx9m");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    // Organiser-funded, as an approved private event publishes it: guests book free with prepagado.
    await shop.db.update(events).set({ paymentType: 2 }).where(eq(events.id, offer.event.id));
    await shop.db.update(productVariants).set({ stock: 50, price: 0 }).where(eq(productVariants.id, variant.id));
    const [owner, guest] = await Promise.all([shop.buyer(), shop.buyer()]);
    const privateEventId = await insertGuestList(shop.db, offer.event.id, owner!.id, [guest!.email]);
    await shop.db.update(guests).set({ seats: 2 }).where(eq(guests.privateEventId, privateEventId));

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => shop.call("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], county, { paymentCode: "prepagado" }), { token: guest!.token })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(answers.filter((answer) => answer.status !== 201).map((answer) => answer.body.code)).toEqual(Array(4).fill("guest_seats_exceeded"));
    expect(await heldOf(variant.id, offer.eventDateId)).toBe(2);
  });
});
