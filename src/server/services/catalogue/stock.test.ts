/**
 * The seat counter and live stock on a migrated in-memory database: a date's own stock limits that date only,
 * and no sequence of ticket writes takes a pool past its seats (each refused write leaves the counts as they
 * were), while the live stock answers what the counter would still accept.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { openDatabase, type Database } from "../../db/client";
import { categories, eventDates, events, orders, productVariants, seatCounts, seatPools, seatPoolVariants, tickets, users } from "../../db/schema";
import { seedDemoData } from "../../seed";
import { migratedArchive } from "../../../../tests/helpers/test-database";
import { poolFigures, ticketsLeft } from "../admin/seat-pools";
import { liveStock } from "./stock";

let database: Database;
let userId: number;
let eventId: number;
let dateIds: number[];
let variants: { id: number; provinceId: number }[];

beforeAll(async () => {
  // From the migrated database's archive the API tests share (made once per version of the migrations).
  database = await openDatabase({ archive: await migratedArchive() });
  await seedDemoData(database.db);
  const db = database.db;
  [{ id: userId }] = (await db.select({ id: users.id }).from(users).limit(1)) as [{ id: number }];
  // An event with two subcategories of one province.
  const rows = await db
    .select({ eventId: categories.eventId, id: productVariants.id, provinceId: productVariants.provinceId })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .innerJoin(events, eq(events.id, categories.eventId))
    .orderBy(asc(categories.eventId), asc(productVariants.provinceId), asc(productVariants.id));
  const pair = rows.find((row, index) => rows[index + 1]?.eventId === row.eventId && rows[index + 1]?.provinceId === row.provinceId)!;
  eventId = pair.eventId;
  variants = rows.filter((row) => row.eventId === eventId && row.provinceId === pair.provinceId).slice(0, 2);
  const [first] = await db.select().from(eventDates).where(eq(eventDates.eventId, eventId)).orderBy(asc(eventDates.startDate));
  const later = await db
    .insert(eventDates)
    .values([{ eventId, startDate: new Date(Date.now() + 40 * 86_400_000) }, { eventId, startDate: new Date(Date.now() + 41 * 86_400_000) }])
    .returning({ id: eventDates.id });
  dateIds = later.map((row) => row.id);
  expect(first).toBeDefined();
  await db.update(productVariants).set({ stock: 10, capacity: 2 }).where(eq(productVariants.id, variants[0]!.id));
  await db.update(productVariants).set({ stock: 10, capacity: 1 }).where(eq(productVariants.id, variants[1]!.id));
}, 120_000);
afterAll(() => database?.close());

/** One paid order of one ticket; answers whether the seat counter let it in. */
async function sell(variantId: number, eventDateId: number): Promise<boolean> {
  try {
    await database.db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({ userId, eventId, eventDateId, provinceId: variants[0]!.provinceId, paymentCode: "webpay", state: ORDER_STATE.paid, currency: "COP", subtotal: 0, total: 0 })
        .returning({ id: orders.id });
      await tx.insert(tickets).values({ orderId: order!.id, productVariantId: variantId, price: 0 });
    });
    return true;
  } catch (error) {
    if (String((error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message).includes("stock_exhausted")) return false;
    throw error;
  }
}

describe("per-date stock", () => {
  it("a date's own stock limits that date, the other keeps the subcategory's", async () => {
    const [date, other] = dateIds as [number, number];
    const variant = variants[1]!.id;
    await database.db.insert(seatCounts).values({ productVariantId: variant, eventDateId: date, taken: 0, stock: 2 });
    const now = new Date();
    expect((await liveStock(database.db, { eventId, eventDateId: date, variantIds: [variant], now })).get(variant)).toBe(2);
    expect((await liveStock(database.db, { eventId, eventDateId: other, variantIds: [variant], now })).get(variant)).toBe(10);
    expect([await sell(variant, date), await sell(variant, date), await sell(variant, date)]).toEqual([true, true, false]);
    expect(await sell(variant, other)).toBe(true);
    expect((await liveStock(database.db, { eventId, eventDateId: date, variantIds: [variant], now })).get(variant)).toBe(0);
    // Without a date asked: the lowest over the upcoming dates.
    expect((await liveStock(database.db, { eventId, variantIds: [variant], now })).get(variant)).toBe(0);
  });
});

describe("seat pools", () => {
  it("no sequence of sales takes a pool past its seats, and live stock says what it still accepts", async () => {
    const [, date] = dateIds as [number, number];
    const [pair, single] = variants.map((variant) => variant.id) as [number, number];
    const [pool] = await database.db.insert(seatPools).values({ eventDateId: date, provinceId: variants[0]!.provinceId, name: "Vans", seats: 7 }).returning({ id: seatPools.id });
    await database.db.insert(seatPoolVariants).values([
      { poolId: pool!.id, productVariantId: pair, eventDateId: date },
      { poolId: pool!.id, productVariantId: single, eventDateId: date },
    ]);
    // The single sold on this date before the pool existed (the test above) is counted into the pool.
    const [count] = await database.db.select().from(seatCounts).where(and(eq(seatCounts.productVariantId, single), eq(seatCounts.eventDateId, date)));
    await database.db.update(seatPools).set({ taken: count?.taken ?? 0 }).where(eq(seatPools.id, pool!.id));

    const order = [pair, single, pair, pair, single, pair, single, single, pair];
    for (const variant of order) {
      const now = new Date();
      const stock = await liveStock(database.db, { eventId, eventDateId: date, variantIds: [pair, single], now });
      const accepted = await sell(variant, date);
      expect(accepted).toBe((stock.get(variant) ?? 0) > 0);
      const [row] = await database.db.select().from(seatPools).where(eq(seatPools.id, pool!.id));
      expect(row!.taken).toBeLessThanOrEqual(row!.seats);
    }
    const [row] = await database.db.select().from(seatPools).where(eq(seatPools.id, pool!.id));
    expect(row!.taken).toBeGreaterThanOrEqual(6);
  });
});

describe("figures", () => {
  it("a pool counts seats, a subcategory's tickets left never pass what the pool can carry", () => {
    const figures = poolFigures(45, [
      { capacity: 1, cell: { sold: 10, held: 2 } },
      { capacity: 2, cell: { sold: 5, held: 1 } },
      { capacity: 4, cell: undefined },
    ]);
    expect(figures).toEqual({ sold: 20, held: 4, left: 21 });
    expect(ticketsLeft(100, { sold: 0, held: 0 }, { left: 21 }, 4)).toBe(5);
    expect(ticketsLeft(3, { sold: 1, held: 0 }, { left: 21 }, 1)).toBe(2);
    expect(ticketsLeft(3, { sold: 4, held: 0 }, null, 1)).toBe(0);
    expect(ticketsLeft(10, undefined, { left: 1 }, 2)).toBe(0);
  });
});
