/**
 * What an event sells, in the back office: categories, their subcategories (product variants) per province, and
 * discount codes. A subcategory's stock is the tickets on sale on each event date; it is never set below what a
 * date has sold plus what unpaid orders hold, counted under the variant's row lock that purchases also take.
 */
import { DISCOUNT_KIND } from "../../../shared/domain/discount-kinds";
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import { formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import { storedTranslations } from "../../../shared/schemas/admin/common";
import type { AdminCategory, AdminCategoryItem, AdminDiscount, AdminDiscountItem, AdminVariant, AdminVariantItem, VariantStock } from "../../../shared/schemas/admin/products";
import type { Db } from "../../db/client";
import { lockSeatStock } from "../../db/seat-stock-lock";
import { categories, countries, discountPrices, discounts, events, productVariants, provinces, seatPools, seatPoolVariants } from "../../db/schema";
import { iso } from "../catalogue/rows";
import { rowById, tableResource, type AdminResource } from "./crud";
import { runList, totalField } from "./list";
import { eventSeats, recountPools } from "./seat-pools";

const eventName = sql<string>`coalesce(${events.translations}->'es_CO'->>'name', ${events.slug})`;
const categoryName = sql<string>`coalesce(${categories.translations}->'es_CO'->>'name', '')`;
const variantName = sql<string>`coalesce(${productVariants.translations}->'es_CO'->>'name', '')`;

type Texts = AdminCategory["translations"];
const stored = (translations: Texts) => storedTranslations(translations) as Record<string, { name: string }>;

export const categoriesResource = tableResource<AdminCategory, typeof categories>({
  name: "categories",
  area: "events",
  table: categories,
  id: categories.id,
  columns: { eventId: categories.eventId, priority: categories.priority, translations: categories.translations },
  toRow: (body) => ({ ...body, translations: stored(body.translations) }),
  eventIds: async (_db, body) => [body.eventId],
  list: {
    select: (db) =>
      db
        .select({
          id: categories.id,
          name: categoryName,
          priority: categories.priority,
          eventId: categories.eventId,
          eventName,
          variants: sql<number>`(select count(*) from ${productVariants} where ${productVariants.categoryId} = ${categories.id})`.mapWith(Number),
          total: totalField,
        })
        .from(categories)
        .innerJoin(events, eq(events.id, categories.eventId))
        .$dynamic(),
    search: [sql`${categories.translations}::text`, sql`${events.translations}::text`, events.slug],
    sorts: { id: categories.id, priority: categories.priority, name: categoryName, event: eventName },
    defaultSort: "event",
    filters: { eventId: categories.eventId },
    id: categories.id,
    toItem: (row: AdminCategoryItem) => ({ id: row.id, name: row.name, priority: row.priority, eventId: row.eventId, eventName: row.eventName, variants: row.variants }),
  },
});

async function eventOfCategory(db: Db, categoryId: number): Promise<number[]> {
  const [row] = await db.select({ eventId: categories.eventId }).from(categories).where(eq(categories.id, categoryId));
  return row ? [row.eventId] : [];
}

/**
 * Per event date of the variant's event: its own stock that date (if any), tickets sold (paid) and held (unpaid,
 * hold still running), the seat pool it draws on, and what is still on sale (within the pool's seats left).
 */
export async function stockByDate(db: Db, variantId: number, now: Date): Promise<VariantStock | undefined> {
  const [variant] = await db
    .select({ stock: productVariants.stock, eventId: categories.eventId, countryCode: events.countryCode })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .innerJoin(events, eq(events.id, categories.eventId))
    .where(eq(productVariants.id, variantId));
  if (!variant) return undefined;
  const seats = await eventSeats(db, variant.eventId, now);
  return {
    stock: variant.stock,
    timeZone: timeZoneOf(variant.countryCode),
    dates: (seats?.dates ?? []).map((date) => {
      const row = date.variants.find((candidate) => candidate.id === variantId)!;
      const pool = date.pools.find((candidate) => candidate.id === row.poolId);
      return {
        eventDateId: date.eventDateId,
        startDate: date.startDate,
        dateStock: row.dateStock,
        sold: row.sold,
        held: row.held,
        available: row.left,
        pool: pool ? { id: pool.id, name: pool.name, seatsLeft: pool.left } : null,
      };
    }),
  };
}

export const variantsResource = tableResource<AdminVariant, typeof productVariants>({
  name: "variants",
  // A price shows on the static event pages; the stock is read live, but both are the event's offer.
  area: "events",
  table: productVariants,
  id: productVariants.id,
  columns: {
    categoryId: productVariants.categoryId,
    provinceId: productVariants.provinceId,
    price: productVariants.price,
    capacity: productVariants.capacity,
    stops: productVariants.stops,
    stock: productVariants.stock,
    approaches: productVariants.approaches,
    translations: productVariants.translations,
  },
  toRow: (body) => ({ ...body, translations: stored(body.translations) }),
  eventIds: (db, body) => eventOfCategory(db, body.categoryId),
  // The row is locked (crud.ts) and its seat-stock lock taken here, which a purchase takes shared before counting its
  // seats (src/server/db/seat-stock-lock.ts): no sale slips between the recount and the new stock.
  async beforeUpdate(tx, id, body, before, context) {
    await lockSeatStock(tx, [id]);
    // A pool counts seats (tickets x passengers per ticket): new passengers per ticket recount its pools.
    if (body.capacity !== before.capacity) {
      await recountPools(tx, sql`${seatPools.id} in (select ${seatPoolVariants.poolId} from ${seatPoolVariants} where ${seatPoolVariants.productVariantId} = ${id})`, { variantId: id, capacity: body.capacity });
    }
    if (body.stock >= before.stock && body.categoryId === before.categoryId) return;
    const figures = await stockByDate(tx, id, context.now);
    // A date with its own stock keeps it whatever the usual stock becomes.
    const short = figures?.dates.find((date) => date.dateStock === null && date.sold + date.held > body.stock);
    if (figures && short) {
      throw new ShopError(
        "stock_below_sold",
        { stock: "errors.stock_below_sold_field" },
        { date: formatDateTime(short.startDate, figures.timeZone), sold: short.sold, held: short.held, minimum: short.sold + short.held, stock: body.stock },
      );
    }
  },
  list: {
    select: (db) =>
      db
        .select({
          id: productVariants.id,
          name: variantName,
          categoryId: productVariants.categoryId,
          categoryName,
          eventId: categories.eventId,
          eventName,
          provinceName: provinces.name,
          price: productVariants.price,
          currency: countries.currency,
          capacity: productVariants.capacity,
          stock: productVariants.stock,
          total: totalField,
        })
        .from(productVariants)
        .innerJoin(categories, eq(categories.id, productVariants.categoryId))
        .innerJoin(events, eq(events.id, categories.eventId))
        .innerJoin(provinces, eq(provinces.id, productVariants.provinceId))
        .innerJoin(countries, eq(countries.code, events.countryCode))
        .$dynamic(),
    search: [sql`${productVariants.translations}::text`, sql`${categories.translations}::text`, sql`${events.translations}::text`, provinces.name, events.slug],
    sorts: { id: productVariants.id, name: variantName, price: productVariants.price, stock: productVariants.stock, province: provinces.name, event: eventName },
    defaultSort: "event",
    filters: { categoryId: productVariants.categoryId, eventId: categories.eventId },
    id: productVariants.id,
    toItem: (row: AdminVariantItem) => ({
      id: row.id,
      name: row.name,
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      eventId: row.eventId,
      eventName: row.eventName,
      provinceName: row.provinceName,
      price: row.price,
      currency: row.currency,
      capacity: row.capacity,
      stock: row.stock,
    }),
  },
});

async function readDiscount(db: Db, id: number): Promise<AdminDiscount | undefined> {
  const [row] = await db.select().from(discounts).where(eq(discounts.id, id));
  if (!row) return undefined;
  const prices = await db
    .select({ productVariantId: discountPrices.productVariantId, discountPrice: discountPrices.discountPrice })
    .from(discountPrices)
    .where(eq(discountPrices.discountId, id))
    .orderBy(asc(discountPrices.productVariantId));
  return {
    code: row.code,
    eventId: row.eventId,
    variation: Number(row.variation),
    validFrom: row.validFrom ? iso(row.validFrom) : null,
    validUntil: row.validUntil ? iso(row.validUntil) : null,
    usageLimit: row.usageLimit,
    kind: row.kind,
    amount: row.amount,
    perCustomerLimit: row.perCustomerLimit,
    variants: row.variantIds.map((productVariantId) => ({ productVariantId })),
    prices,
  };
}

function discountRow(body: AdminDiscount) {
  return {
    code: body.code,
    eventId: body.eventId,
    variation: String(body.variation),
    validFrom: body.validFrom ? new Date(body.validFrom) : null,
    validUntil: body.validUntil ? new Date(body.validUntil) : null,
    usageLimit: body.usageLimit,
    kind: body.kind ?? DISCOUNT_KIND.percentage,
    amount: body.amount ?? null,
    perCustomerLimit: body.perCustomerLimit ?? null,
    variantIds: [...new Set((body.variants ?? []).map((variant) => variant.productVariantId))],
  };
}

/** Discount prices only for variants of the discount's own event. */
async function writePrices(tx: Db, id: number, body: AdminDiscount) {
  await tx.delete(discountPrices).where(eq(discountPrices.discountId, id));
  const chosen = (body.variants ?? []).map((variant) => variant.productVariantId);
  if (chosen.length) {
    const [mine] = await tx
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(and(inArray(productVariants.id, chosen), eq(categories.eventId, body.eventId)));
    if (Number(mine?.n ?? 0) !== new Set(chosen).size) throw new ShopError("variant_not_in_event", { variants: "errors.variant_not_in_event" });
  }
  if (!body.prices.length) return;
  const variantIds = [...new Set(body.prices.map((price) => price.productVariantId))];
  const [own] = await tx
    .select({ n: count() })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(and(inArray(productVariants.id, variantIds), eq(categories.eventId, body.eventId)));
  if (Number(own?.n ?? 0) !== variantIds.length || variantIds.length !== body.prices.length) {
    throw new ShopError("variant_not_in_event", { prices: "errors.variant_not_in_event" });
  }
  await tx.insert(discountPrices).values(body.prices.map((price) => ({ discountId: id, productVariantId: price.productVariantId, discountPrice: price.discountPrice })));
}

export const discountsResource: AdminResource<AdminDiscount> = {
  name: "discounts",
  area: "events",
  read: readDiscount,
  async insert(tx, body) {
    const [row] = await tx.insert(discounts).values(discountRow(body)).returning({ id: discounts.id });
    await writePrices(tx, row!.id, body);
    return row!.id;
  },
  async update(tx, id, body) {
    await tx.update(discounts).set(discountRow(body)).where(eq(discounts.id, id));
    await writePrices(tx, id, body);
  },
  ...rowById(discounts, discounts.id),
  eventIds: async (_db, body) => [body.eventId],
  list: (db, query) =>
    runList(
      db,
      {
        select: (one) =>
          one
            .select({
              id: discounts.id,
              code: discounts.code,
              eventId: discounts.eventId,
              eventName,
              variation: discounts.variation,
              validFrom: discounts.validFrom,
              validUntil: discounts.validUntil,
              usageLimit: discounts.usageLimit,
              timesUsed: discounts.timesUsed,
              countryCode: events.countryCode,
              total: totalField,
            })
            .from(discounts)
            .innerJoin(events, eq(events.id, discounts.eventId))
            .$dynamic(),
        search: [discounts.code, sql`${events.translations}::text`, events.slug],
        sorts: { id: discounts.id, code: discounts.code, event: eventName, validUntil: discounts.validUntil, timesUsed: discounts.timesUsed },
        defaultSort: "code",
        filters: { eventId: discounts.eventId },
        id: discounts.id,
        toItem: (row: Omit<AdminDiscountItem, "variation" | "validFrom" | "validUntil"> & { variation: string; validFrom: Date | string | null; validUntil: Date | string | null }) => ({
          id: row.id,
          code: row.code,
          eventId: row.eventId,
          eventName: row.eventName,
          variation: Number(row.variation),
          validFrom: row.validFrom ? iso(row.validFrom) : null,
          validUntil: row.validUntil ? iso(row.validUntil) : null,
          usageLimit: row.usageLimit,
          timesUsed: row.timesUsed,
          countryCode: row.countryCode,
        }),
      },
      query,
    ),
};
