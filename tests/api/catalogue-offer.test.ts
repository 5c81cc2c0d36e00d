/**
 * What an event sells: categories and subcategories with live stock (`/events/{id}/product-variant`) and the
 * provinces it picks people up in (`/provinces/by-event/{id}`).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productVariants } from "../../src/server/db/schema";
import { liveStock } from "../../src/server/services/catalogue";
import type { Category, ProvinceOption } from "../../src/shared/types/catalogue";
import { openTestShop, type AnswerBody, type TestShop } from "../helpers/test-shop";
import { eventBySlug, insertOrder, insertUser } from "../helpers/fixtures";


let shop: TestShop;
const get = <T>(path: string) => shop.call<T>("GET", path);
const data = <T>(answer: AnswerBody<T>): T => {
  if (!answer.success) throw new Error(`refused: ${answer.code}`);
  return answer.data;
};
const HOUR = 3_600_000;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

describe("GET /api/events/{id}/product-variant", () => {
  it("answers categories by priority, the one with priority = count recommended", async () => {
    const { event } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    const { status, body } = await get<Category[]>(`/api/events/${event.id}/product-variant`);
    expect(status).toBe(200);
    const categories = data(body);
    expect(categories.map((category) => category.priority)).toEqual([3, 2, 1]);
    expect(categories.map((category) => category.recommended)).toEqual([true, false, false]);
    expect(categories.map((category) => category.translations.es_CO?.name)).toEqual(["Van compartida", "Van privada", "Bus ejecutivo"]);
    expect(categories[0]!.translations.en_US?.name).toBe("Shared van");
    expect(categories[0]!.translations.es_ES?.name).toBe("Furgoneta compartida");
  });

  it("answers subcategories of every province sorted by price, then name, with the venue as place", async () => {
    const { event } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    const categories = data((await get<Category[]>(`/api/events/${event.id}/product-variant`)).body);
    const shared = categories[0]!.subCategories;
    expect(new Set(shared.map((sub) => sub.provinceId)).size).toBe(2);
    const prices = shared.map((sub) => sub.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const single = shared[0]!;
    expect(single).toMatchObject({ price: 65000, capacity: 1, stops: 1, stock: 40, approach: [], placeAddress: "Calle 63 # 59A-06, Bogotá" });
    expect(single.placeId).toBe(event.placeId);
    expect(single.translations.es_CO?.name).toBe("Puesto individual");
    expect(shared.every((sub) => Number.isInteger(sub.price))).toBe(true);
  });

  it("gives coach tickets fixed pick-up approaches in the subcategory's province", async () => {
    const { event } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    const provinces = data((await get<ProvinceOption[]>(`/api/provinces/by-event/${event.id}`)).body);
    const bus = data((await get<Category[]>(`/api/events/${event.id}/product-variant`)).body).find(
      (category) => category.translations.es_CO?.name === "Bus ejecutivo",
    )!;
    expect(bus.subCategories.length).toBeGreaterThan(0);
    for (const sub of bus.subCategories) {
      expect(sub.approach.length).toBeGreaterThan(0);
      const counties = provinces.find((province) => province.id === sub.provinceId)!.counties.map((county) => county.id);
      expect(sub.approach.every((point) => point.address.length > 0 && counties.includes(point.countyId))).toBe(true);
    }
  });

  it("counts paid orders and live holds against stock, not expired, cancelled or lapsed ones", async () => {
    const db = shop.db;
    const { event, dates, variants } = await eventBySlug(db, "clasico-capitalino-millonarios-santa-fe");
    const buyer = await insertUser(db);
    const single = variants.find((variant) => variant.capacity === 1 && variant.price === 55000)!;
    const other = variants.find((variant) => variant.id !== single.id)!;
    const base = { userId: buyer.id, eventId: event.id, eventDateId: dates[0]!.id, provinceId: single.provinceId };
    const now = Date.now();
    await insertOrder(db, { ...base, state: "paid", ticketVariants: [single.id, single.id, single.id] });
    await insertOrder(db, { ...base, state: "awaiting_payment", holdExpiresAt: new Date(now + HOUR), ticketVariants: [single.id, single.id] });
    await insertOrder(db, { ...base, state: "awaiting_transfer_payment", holdExpiresAt: null, ticketVariants: [single.id] });
    await insertOrder(db, { ...base, state: "awaiting_payment", holdExpiresAt: new Date(now - HOUR), ticketVariants: [single.id, single.id, single.id, single.id, single.id] });
    await insertOrder(db, { ...base, state: "cancelled", ticketVariants: [single.id, single.id, single.id, single.id] });
    await insertOrder(db, { ...base, state: "expired", ticketVariants: [single.id, single.id] });
    await insertOrder(db, { ...base, state: "paid", ticketVariants: [other.id] });

    const categories = data((await get<Category[]>(`/api/events/${event.id}/product-variant`)).body);
    const subs = categories.flatMap((category) => category.subCategories);
    expect(subs.find((sub) => sub.productVariantId === single.id)!.stock).toBe(single.stock - 6);
    expect(subs.find((sub) => sub.productVariantId === other.id)!.stock).toBe(other.stock - 1);
    const untouched = subs.filter((sub) => sub.productVariantId !== single.id && sub.productVariantId !== other.id);
    expect(untouched.length).toBeGreaterThan(0);
    expect(untouched.every((sub) => sub.stock === variants.find((variant) => variant.id === sub.productVariantId)!.stock)).toBe(true);

    const withDate = data((await get<Category[]>(`/api/events/${event.id}/product-variant?eventDateId=${dates[0]!.id}`)).body);
    expect(withDate.flatMap((category) => category.subCategories).find((sub) => sub.productVariantId === single.id)!.stock).toBe(single.stock - 6);
  });

  it("counts stock per event date; without a date it answers the lowest over the upcoming dates", async () => {
    const db = shop.db;
    const { event, dates, variants } = await eventBySlug(db, "rock-al-parque");
    expect(dates).toHaveLength(3);
    const buyer = await insertUser(db);
    const variant = variants[0]!;
    await insertOrder(db, {
      userId: buyer.id, eventId: event.id, eventDateId: dates[1]!.id, provinceId: variant.provinceId,
      state: "paid", ticketVariants: [variant.id, variant.id, variant.id, variant.id],
    });
    const stockOn = async (query: string) =>
      data((await get<Category[]>(`/api/events/${event.id}/product-variant${query}`)).body)
        .flatMap((category) => category.subCategories)
        .find((sub) => sub.productVariantId === variant.id)!.stock;
    expect(await stockOn(`?eventDateId=${dates[0]!.id}`)).toBe(variant.stock);
    expect(await stockOn(`?eventDateId=${dates[1]!.id}`)).toBe(variant.stock - 4);
    expect(await stockOn(`?eventDateId=${dates[2]!.id}`)).toBe(variant.stock);
    expect(await stockOn("")).toBe(variant.stock - 4);
  });

  it("never answers a negative stock when more tickets are held than offered", async () => {
    const db = shop.db;
    const { event, dates, variants } = await eventBySlug(db, "noche-de-salsa-movistar-arena");
    const van = variants.find((variant) => variant.capacity === 12)!;
    const buyer = await insertUser(db);
    await insertOrder(db, {
      userId: buyer.id, eventId: event.id, eventDateId: dates[0]!.id, provinceId: van.provinceId,
      state: "paid", ticketVariants: Array.from({ length: van.stock }, () => van.id),
    });
    // Sold out, then the stock is lowered (the database refuses to sell past it, not to lower it).
    await db.update(productVariants).set({ stock: van.stock - 2 }).where(eq(productVariants.id, van.id));
    const subs = data((await get<Category[]>(`/api/events/${event.id}/product-variant`)).body).flatMap((category) => category.subCategories);
    expect(subs.find((sub) => sub.productVariantId === van.id)!.stock).toBe(0);
    await db.update(productVariants).set({ stock: van.stock }).where(eq(productVariants.id, van.id));
  });

  it("liveStock answers only the asked variants, in one call the booking can reuse", async () => {
    const db = shop.db;
    const { event, dates, variants } = await eventBySlug(db, "clasico-capitalino-millonarios-santa-fe");
    const asked = variants.slice(0, 2).map((variant) => variant.id);
    const stock = await liveStock(db, { eventId: event.id, eventDateId: dates[0]!.id, variantIds: asked, now: new Date() });
    expect([...stock.keys()].sort()).toEqual([...asked].sort());
    expect(await liveStock(db, { eventId: event.id, variantIds: [], now: new Date() })).toEqual(new Map());
    // Once the hold time has passed, the unpaid hold of the earlier test no longer counts.
    const later = await liveStock(db, { eventId: event.id, eventDateId: dates[0]!.id, now: new Date(Date.now() + 2 * HOUR) });
    const single = variants.find((variant) => variant.capacity === 1 && variant.price === 55000)!;
    expect(later.get(single.id)).toBe(single.stock - 4);
  });

  it("refuses a date of another event or a past date with 422 unknown_event_date", async () => {
    const db = shop.db;
    const { event } = await eventBySlug(db, "rock-al-parque");
    const { dates: otherDates } = await eventBySlug(db, "jazz-al-parque");
    const { status, body } = await get(`/api/events/${event.id}/product-variant?eventDateId=${otherDates[0]!.id}`);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "unknown_event_date", fields: { eventDateId: "Esa fecha no está disponible para este evento" } });
  });

  it.each([
    // Anything that is not an id is a slug (a private event has only its slug): one that names no event is 404.
    ["abc", 404, "not_found"],
    ["1.5", 404, "not_found"],
    ["-3", 404, "not_found"],
    ["x".repeat(161), 422, "validation_failed"],
    ["999999", 404, "not_found"],
    ["99999999999", 404, "not_found"],
  ])("answers /api/events/%s/product-variant with %i %s", async (id, status, code) => {
    const answer = await get(`/api/events/${id}/product-variant`);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ success: false, code });
  });

  it("refuses a non-numeric eventDateId", async () => {
    const { event } = await eventBySlug(shop.db, "rock-al-parque");
    const { status, body } = await get(`/api/events/${event.id}/product-variant?eventDateId=mañana`);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "validation_failed", fields: { eventDateId: "El identificador no es válido" } });
  });

  it("answers 410 for gone and cancelled events", async () => {
    for (const slug of ["gran-concierto-de-fin-de-temporada", "festival-playa-baru"]) {
      const { event } = await eventBySlug(shop.db, slug);
      expect((await get(`/api/events/${event.id}/product-variant`)).body).toMatchObject({ code: "event_gone" });
    }
  });
});

describe("GET /api/provinces/by-event/{id}", () => {
  it("answers the provinces the event has subcategories in, each with its counties", async () => {
    const { event } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    const { status, body } = await get<ProvinceOption[]>(`/api/provinces/by-event/${event.id}`);
    expect(status).toBe(200);
    const provinces = data(body);
    expect(provinces.map((province) => province.name)).toEqual(["Bogotá D.C.", "Cundinamarca"]);
    const bogota = provinces[0]!;
    expect(bogota.counties).toHaveLength(20);
    expect(bogota.counties.map((county) => county.name)).toEqual(expect.arrayContaining(["Chapinero", "Usaquén", "Suba", "Teusaquillo"]));
    expect(provinces[1]!.counties.map((county) => county.name)).toEqual(expect.arrayContaining(["Chía", "Zipaquirá", "Soacha"]));
    const categories = data((await get<Category[]>(`/api/events/${event.id}/product-variant`)).body);
    const used = new Set(categories.flatMap((category) => category.subCategories.map((sub) => sub.provinceId)));
    expect(new Set(provinces.map((province) => province.id))).toEqual(used);
  });

  it("answers three provinces for the coffee route, one for a Medellín event", async () => {
    const { event: coffee } = await eventBySlug(shop.db, "ruta-del-cafe-parque-del-cafe");
    const names = data((await get<ProvinceOption[]>(`/api/provinces/by-event/${coffee.id}`)).body).map((province) => province.name);
    expect(names).toEqual(["Quindío", "Risaralda", "Valle del Cauca"]);
    const { event: derby } = await eventBySlug(shop.db, "clasico-paisa-nacional-medellin");
    const antioquia = data((await get<ProvinceOption[]>(`/api/provinces/by-event/${derby.id}`)).body);
    expect(antioquia.map((province) => province.name)).toEqual(["Antioquia"]);
    expect(antioquia[0]!.counties.map((county) => county.name)).toContain("Medellín");
  });

  it("answers 410 for gone and cancelled events", async () => {
    for (const slug of ["gran-concierto-de-fin-de-temporada", "festival-playa-baru"]) {
      const { event } = await eventBySlug(shop.db, slug);
      expect((await get(`/api/provinces/by-event/${event.id}`)).body).toMatchObject({ code: "event_gone" });
    }
  });

  it.each([
    ["abc", 404],
    ["y".repeat(161), 422],
    ["999999", 404],
  ])("answers /api/provinces/by-event/%s with %i", async (id, status) => {
    expect((await get(`/api/provinces/by-event/${id}`)).status).toBe(status);
  });
});
