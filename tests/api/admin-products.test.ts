/**
 * What an event sells, through the back office: categories, subcategories (variants) with their stock per event
 * date, and discount codes. Stock never goes below what a date has sold and held; the buyer sees each change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { auditLog, provinces } from "../../src/server/db/schema";
import type { CatalogueChange } from "../../src/server/change-feed/change-feed";
import { eventOffer, insertOrder } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let admin: { token: string; email: string };
let staff: { token: string };
let customer: { id: number; token: string };
let festival: Awaited<ReturnType<typeof eventOffer>>;
let bogota: number;
const announced: CatalogueChange[] = [];

beforeAll(async () => {
  shop = await openTestShop();
  admin = await shop.buyer("admin");
  staff = await shop.buyer("staff");
  customer = await shop.buyer();
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  [{ id: bogota }] = (await shop.db.select({ id: provinces.id }).from(provinces).where(eq(provinces.name, "Bogotá D.C."))) as [{ id: number }];
  shop.app.catalogue.listen((change) => announced.push(change));
});
afterAll(() => shop.close());
beforeEach(() => {
  announced.length = 0;
});

type Saved<T = Record<string, unknown>> = { id: number; item: T };
type Offer = { id: number; subCategories: { productVariantId: number; price: number; stock: number }[] }[];

async function offerOf(eventDateId = festival.eventDateId) {
  const answer = await shop.call<Offer>("GET", `/api/events/${festival.event.id}/product-variant?eventDateId=${eventDateId}`);
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe("categories", () => {
  it("are created, listed by event, changed and deleted by an admin only; validation names the fields", async () => {
    const body = { eventId: festival.event.id, priority: 9, translations: { es_CO: { name: "Palco VIP" }, pt_BR: { name: "Camarote VIP", description: "Com vista." } } };
    expect((await shop.call("POST", "/shop-api/admin/categories", body, { token: staff.token })).status).toBe(403);
    expect((await shop.call("POST", "/shop-api/admin/categories", body, { token: customer.token })).status).toBe(403);
    const created = await shop.call<Saved>("POST", "/shop-api/admin/categories", body, { token: admin.token });
    expect(created.status).toBe(201);
    expect(created.body.data.item).toEqual(body);
    expect(announced).toEqual([{ area: "events", eventIds: [festival.event.id] }]);

    const listed = await shop.call<{ items: { id: number; name: string; eventName: string }[] }>("GET", `/shop-api/admin/categories?eventId=${festival.event.id}&sort=priority&dir=desc`, undefined, { token: staff.token });
    expect(listed.body.data.items[0]).toMatchObject({ id: created.body.data.id, name: "Palco VIP" });

    const id = created.body.data.id;
    const changed = await shop.call<Saved>("PUT", `/shop-api/admin/categories/${id}`, { ...body, priority: 0 }, { token: admin.token });
    expect(changed.body.data.item).toMatchObject({ priority: 0 });
    expect((await shop.call("GET", `/shop-api/admin/categories/${id}`, undefined, { token: staff.token })).body.data).toEqual({ ...body, priority: 0 });

    const invalid = await shop.call("PUT", `/shop-api/admin/categories/${id}`, { eventId: "x", priority: -1, translations: {} }, { token: admin.token });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.fields ?? {}).sort()).toEqual(["eventId", "priority", "translations.es_CO.name"]);

    expect((await shop.call("DELETE", `/shop-api/admin/categories/${id}`, undefined, { token: admin.token })).status).toBe(200);
    expect((await shop.call("GET", `/shop-api/admin/categories/${id}`, undefined, { token: admin.token })).status).toBe(404);
    const trail = await shop.db.select().from(auditLog).where(eq(auditLog.resource, "categories")).orderBy(auditLog.id);
    expect(trail.filter((entry) => entry.resourceId === id).map((entry) => entry.action)).toEqual(["create", "update", "delete"]);
  });
});

describe("subcategories and their stock", () => {
  it("a new subcategory is on sale at its price; a new price reaches the buyer's offer", async () => {
    const category = festival.variants[0]!.categoryId;
    const body = { categoryId: category, provinceId: bogota, price: 123_000, capacity: 2, stops: 1, stock: 7, approaches: [], translations: { es_CO: { name: "Pareja" } } };
    const created = await shop.call<Saved>("POST", "/shop-api/admin/variants", body, { token: admin.token });
    expect(created.status).toBe(201);
    expect(announced).toEqual([{ area: "events", eventIds: [festival.event.id] }]);
    const id = created.body.data.id;
    const onSale = (await offerOf()).flatMap((group) => group.subCategories).find((variant) => variant.productVariantId === id);
    expect(onSale).toMatchObject({ price: 123_000, stock: 7 });

    await shop.call("PUT", `/shop-api/admin/variants/${id}`, { ...body, price: 99_000 }, { token: admin.token });
    expect((await offerOf()).flatMap((group) => group.subCategories).find((variant) => variant.productVariantId === id)).toMatchObject({ price: 99_000 });
  });

  it("refuses a stock below a date's sold plus held tickets, with the figures, and takes one at or above it", async () => {
    const variant = festival.typed(bogota)[0]!;
    const date = festival.dates[0]!;
    const order = (state: string) =>
      insertOrder(shop.db, {
        userId: customer.id,
        eventId: festival.event.id,
        eventDateId: date.id,
        provinceId: bogota,
        state,
        holdExpiresAt: state === "paid" ? null : new Date(Date.now() + 600_000),
        ticketVariants: [variant.id, variant.id],
      });
    await order("paid");
    await order("paid");
    await order("awaiting_payment");
    // An expired hold counts for nothing.
    await insertOrder(shop.db, { userId: customer.id, eventId: festival.event.id, eventDateId: date.id, provinceId: bogota, state: "expired", ticketVariants: [variant.id] });

    const figures = await shop.call<{ stock: number; dates: { eventDateId: number; sold: number; held: number; available: number }[] }>(
      "GET",
      `/shop-api/admin/variants/${variant.id}/stock`,
      undefined,
      { token: staff.token },
    );
    expect(figures.body.data.dates.find((one) => one.eventDateId === date.id)).toMatchObject({ sold: 4, held: 2, available: variant.stock - 6 });

    const row = (await shop.call<Record<string, unknown>>("GET", `/shop-api/admin/variants/${variant.id}`, undefined, { token: admin.token })).body.data;
    const refused = await shop.call("PUT", `/shop-api/admin/variants/${variant.id}`, { ...row, stock: 5 }, { token: admin.token, headers: { "accept-language": "en-US" } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("stock_below_sold");
    expect(refused.body.message).toMatch(/cannot be 5: on .* there are 4 sold and 2 held, at least 6/);
    expect(Object.keys(refused.body.fields ?? {})).toEqual(["stock"]);
    expect(announced).toEqual([]);
    expect((await shop.call<Record<string, unknown>>("GET", `/shop-api/admin/variants/${variant.id}`, undefined, { token: admin.token })).body.data).toEqual(row);

    const lowest = await shop.call<Saved>("PUT", `/shop-api/admin/variants/${variant.id}`, { ...row, stock: 6 }, { token: admin.token });
    expect(lowest.status).toBe(200);
    const left = (await offerOf(date.id)).flatMap((group) => group.subCategories).find((one) => one.productVariantId === variant.id);
    expect(left?.stock).toBe(0);
  });

  it("validates prices, capacities and pick-up points", async () => {
    const answer = await shop.call(
      "POST",
      "/shop-api/admin/variants",
      { categoryId: festival.variants[0]!.categoryId, provinceId: bogota, price: -1, capacity: 0, stops: 1.5, stock: 3, approaches: [{ address: "", countyId: null }], translations: { es_CO: { name: "x" } } },
      { token: admin.token },
    );
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.fields ?? {}).sort()).toEqual(["approaches.0.address", "approaches.0.countyId", "capacity", "price", "stops"]);
  });
});

describe("discounts", () => {
  it("a new code lowers the chosen price for the buyer; codes repeat only across events; variants must be the event's", async () => {
    const variant = festival.typed(bogota)[0]!;
    const body = { code: "ADMIN10", eventId: festival.event.id, variation: 0.1, validFrom: null, validUntil: new Date(Date.now() + 86_400_000).toISOString(), usageLimit: 5, prices: [{ productVariantId: variant.id, discountPrice: 1_000 }] };
    const created = await shop.call<Saved>("POST", "/shop-api/admin/discounts", body, { token: admin.token });
    expect(created.status).toBe(201);
    // A code sent without a kind is a percentage off every chosen price, with no amount, customer limit or variant list.
    expect(created.body.data.item).toEqual({ ...body, kind: "percentage", amount: null, perCustomerLimit: null, variants: [] });
    const seen = await shop.call<{ variation: number; subcategories: { id: number; discountPrice: number }[] }>("GET", `/shop-api/discounts/ADMIN10/event/${festival.event.id}`, undefined, { token: customer.token });
    expect(seen.status).toBe(200);
    expect(JSON.stringify(seen.body.data)).toContain("1000");

    const again = await shop.call("POST", "/shop-api/admin/discounts", body, { token: admin.token });
    expect(again.status).toBe(409);
    expect(Object.keys(again.body.fields ?? {})).toEqual(["code"]);

    const other = await eventOffer(shop.db, "rock-al-parque");
    const foreign = await shop.call("PUT", `/shop-api/admin/discounts/${created.body.data.id}`, { ...body, prices: [{ productVariantId: other.variants[0]!.id, discountPrice: 5 }] }, { token: admin.token });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe("variant_not_in_event");

    const window = await shop.call("PUT", `/shop-api/admin/discounts/${created.body.data.id}`, { ...body, validFrom: body.validUntil, validUntil: new Date().toISOString() }, { token: admin.token });
    expect(window.status).toBe(422);
    expect(Object.keys(window.body.fields ?? {})).toEqual(["validUntil"]);

    const listed = await shop.call<{ items: { code: string; eventName: string }[] }>("GET", "/shop-api/admin/discounts?q=admin1", undefined, { token: staff.token });
    expect(listed.body.data.items.map((item) => item.code)).toEqual(["ADMIN10"]);
    expect((await shop.call("DELETE", `/shop-api/admin/discounts/${created.body.data.id}`, undefined, { token: admin.token })).status).toBe(200);
  });
});
