/**
 * The demo catalogue a new user sees after `npm start`: what it must contain, that it is
 * the same on every run, and that every image it names is shipped in public/ and small.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  additionalStops,
  categories,
  communityPosts,
  discountPrices,
  discounts,
  eventDates,
  events,
  landingSlides,
  partners,
  productVariants,
  provinces,
} from "../../src/server/db/schema";
import { LOCALES } from "../../src/shared/locales";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

describe("demo data", () => {
  it("has at least 25 Colombian events across the three types and periodicities", async () => {
    const rows = await shop.db.select().from(events).where(eq(events.countryCode, "CO"));
    expect(rows.length).toBeGreaterThanOrEqual(25);
    expect(new Set(rows.map((row) => row.type))).toEqual(new Set([1, 2, 3]));
    expect(new Set(rows.map((row) => row.periodicityType))).toEqual(new Set([1, 2, 3]));
    expect(rows.filter((row) => row.paymentType === 2)).toHaveLength(1);
    expect(rows.filter((row) => row.requiresLogin && row.type === 2)).toHaveLength(1);
    expect(rows.filter((row) => row.cancelled)).toHaveLength(1);
  });

  it("has calendar rows for every event, one per day for free-range events, and exactly one all-past event", async () => {
    const db = shop.db;
    const perEvent = await db
      .select({
        id: events.id,
        periodicity: events.periodicityType,
        start: events.startDate,
        end: events.endDate,
        dates: sql<number>`count(${eventDates.id})::int`,
        upcoming: sql<number>`count(*) filter (where ${eventDates.startDate} > now())::int`,
      })
      .from(events)
      .leftJoin(eventDates, eq(eventDates.eventId, events.id))
      .groupBy(events.id);
    const daily = perEvent.filter((row) => row.periodicity === 2);
    const oneOff = perEvent.filter((row) => row.periodicity === 1);
    expect(daily.length, "events running on several days").toBeGreaterThan(0);
    expect(oneOff.length, "one-day events").toBeGreaterThan(0);
    expect(perEvent.every((row) => row.dates >= 1)).toBe(true);
    for (const row of daily) {
      const days = Math.round((new Date(row.end).getTime() - new Date(row.start).getTime()) / 86_400_000);
      expect(row.dates).toBe(days + 1);
    }
    expect(oneOff.every((row) => row.dates === 1)).toBe(true);
    expect(perEvent.filter((row) => row.upcoming === 0)).toHaveLength(1);
  });

  it("translates events, categories and subcategories into all six locales", async () => {
    const db = shop.db;
    const translated = [
      ...(await db.select({ t: events.translations }).from(events)),
      ...(await db.select({ t: categories.translations }).from(categories)),
      ...(await db.select({ t: productVariants.translations }).from(productVariants)),
    ];
    expect(translated.length).toBeGreaterThan(0);
    for (const { t } of translated) {
      expect(Object.keys(t).sort()).toEqual([...LOCALES].sort());
      expect(Object.values(t).every((text) => text.name.trim().length > 0)).toBe(true);
    }
    const festival = (await db.select().from(events).where(eq(events.slug, "festival-sonidos-de-la-sabana")))[0]!;
    expect(festival.translations.en_US!.name).not.toBe(festival.translations.es_CO!.name);
  });

  it("prices subcategories in whole COP with capacity, stops and stock, some with fixed pick-ups", async () => {
    const rows = await shop.db
      .select({ variant: productVariants })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .innerJoin(events, eq(events.id, categories.eventId))
      .where(eq(events.countryCode, "CO"));
    expect(rows.every(({ variant }) => Number.isInteger(variant.price) && variant.price >= 10_000 && variant.price % 1000 === 0)).toBe(true);
    expect(rows.every(({ variant }) => variant.capacity >= 1 && variant.stops >= 1 && variant.stock >= 1)).toBe(true);
    expect(rows.some(({ variant }) => variant.approaches.length > 0)).toBe(true);
  });

  it("has the five Colombian departments of the demo, and other countries' own provinces", async () => {
    const rows = await shop.db.select().from(provinces);
    const colombian = rows.filter((row) => row.countryCode === "CO").map((row) => row.name);
    expect(colombian).toEqual(expect.arrayContaining(["Bogotá D.C.", "Antioquia", "Valle del Cauca", "Atlántico", "Cundinamarca"]));
    for (const country of ["CL", "ES", "PE", "MX"]) expect(rows.some((row) => row.countryCode === country)).toBe(true);
  });

  it("has extra stops, discount codes with per-variant prices, and landing content", async () => {
    const db = shop.db;
    expect((await db.select().from(additionalStops)).length).toBeGreaterThanOrEqual(4);
    const codes = await db.select().from(discounts);
    expect(codes.map((code) => code.code)).toEqual(expect.arrayContaining(["RODAMOS10", "AMIGOS15"]));
    const prices = await db.select().from(discountPrices);
    const rodamos = codes.find((code) => code.code === "RODAMOS10")!;
    const variantPrices = new Map((await db.select().from(productVariants)).map((variant) => [variant.id, variant.price]));
    const rodamosPrices = prices.filter((row) => row.discountId === rodamos.id);
    expect(rodamosPrices.length).toBeGreaterThan(0);
    for (const price of rodamosPrices) {
      expect(price.discountPrice).toBe(Math.round(variantPrices.get(price.productVariantId)! * 0.9));
    }
    expect((await db.select().from(landingSlides)).length).toBeGreaterThanOrEqual(4);
    expect((await db.select().from(communityPosts)).length).toBeGreaterThanOrEqual(6);
    expect((await db.select().from(partners)).length).toBeGreaterThanOrEqual(6);
  });

  it("names only local images that exist in public/, each under 40 KB, under 2.5 MB in all", async () => {
    const db = shop.db;
    const paths = new Set<string>();
    for (const { t } of await db.select({ t: events.translations }).from(events)) {
      for (const text of Object.values(t)) {
        paths.add(text.imagePath!);
        paths.add(text.cardImagePath!);
      }
    }
    for (const row of await db.select({ p: landingSlides.imagePath }).from(landingSlides)) paths.add(row.p);
    for (const row of await db.select({ p: communityPosts.imagePath }).from(communityPosts)) paths.add(row.p);
    for (const row of await db.select({ p: partners.imagePath }).from(partners)) paths.add(row.p);
    expect(paths.size).toBeGreaterThanOrEqual(10);
    for (const path of paths) {
      expect(path, path).toMatch(/^\/demo\/[a-z]+\/[a-z0-9-]+\.webp$/);
      const file = join(process.cwd(), "public", path);
      expect(existsSync(file), path).toBe(true);
      expect(statSync(file).size, path).toBeLessThan(40 * 1024);
    }
    let total = 0;
    for (const folder of readdirSync(join(process.cwd(), "public", "demo"))) {
      for (const name of readdirSync(join(process.cwd(), "public", "demo", folder))) total += statSync(join(process.cwd(), "public", "demo", folder, name)).size;
    }
    expect(total).toBeLessThan(2.5 * 1024 * 1024);
  });

  it("is deterministic: a second seed of the same day gives the same catalogue", async () => {
    const other = await openTestShop();
    try {
      const snapshot = async (db: TestShop["db"]) =>
        (await db.select({ slug: events.slug, start: events.startDate, translations: events.translations }).from(events).orderBy(events.id)).map(
          (row) => ({ ...row, start: new Date(row.start).toISOString().slice(0, 10) }),
        );
      expect(await snapshot(other.db)).toEqual(await snapshot(shop.db));
      const prices = async (db: TestShop["db"]) =>
        (await db.select({ id: productVariants.id, price: productVariants.price }).from(productVariants).orderBy(productVariants.id)).map((row) => row.price);
      expect(await prices(other.db)).toEqual(await prices(shop.db));
    } finally {
      await other.close();
    }
  });
});
