/**
 * The answer cache of the public catalogue reads: a repeated read is the same bytes with the same ETag, a
 * validator gets 304, a catalogue change or a sale is seen at once, answers that differ per caller or language
 * are never handed to another, and on PostgreSQL a second process hears of the first one's changes.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { CATALOGUE_CHANNEL, relayListening } from "../../src/server/change-feed/change-relay";
import { openDatabase } from "../../src/server/db/client";
import { seedDemoData } from "../../src/server/seed";
import { events } from "../../src/server/db/schema";
import { parseEnv } from "../../src/server/env";
import { listEvents, readEventOffer } from "../../src/server/services/catalogue";
import type { Category, EventListItem } from "../../src/shared/types/catalogue";
import { countyOf, eventOffer, insertGuestList, insertUser, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
});
afterAll(async () => {
  await shop?.close();
});

async function read(path: string, headers: Record<string, string> = {}) {
  const response = await shop.app.request(path, { headers });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

const LIST = "/api/events?type=1&country-code=CO";

describe("a repeated read", () => {
  it("is the same bytes and ETag, and the bytes are the uncached answer's", async () => {
    const first = await read(LIST);
    const second = await read(LIST);
    expect(first.status).toBe(200);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(first.headers.get("etag")).toMatch(/^"[\w-]+"$/);
    // The second is answered by the fast lane, with the headers the whole stack gave the first (security ones too),
    // but a request id of its own.
    const withoutId = (headers: Headers) => Object.fromEntries([...headers].filter(([name]) => name !== "x-request-id"));
    expect(withoutId(second.headers)).toEqual(withoutId(first.headers));
    expect(second.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    expect(second.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(second.headers.get("content-security-policy")).toBeTruthy();
    const uncached = JSON.stringify({ success: true, data: await listEvents(shop.db, { countryCode: "CO", type: 1, now: shop.now() }) });
    expect(second.bytes.toString("utf8")).toBe(uncached);
  });

  it("tells a CDN how long it may keep it, by language", async () => {
    const { headers } = await read(LIST);
    expect(headers.get("cache-control")).toBe("public, max-age=10, stale-while-revalidate=60");
    expect(headers.get("vary")).toMatch(/Accept-Language/);
    expect(headers.get("vary")).toMatch(/X-Locale/);
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    // Stock is never more than a second old anywhere.
    expect((await read(`/api/events/${festival.event.id}/product-variant`)).headers.get("cache-control")).toBe("public, max-age=1");
  });

  it("answers 304 with no body to If-None-Match naming it, and the full answer to another tag", async () => {
    const { headers } = await read(LIST);
    const etag = headers.get("etag")!;
    const again = await read(LIST, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get("etag")).toBe(etag);
    expect((await read(LIST, { "if-none-match": `W/${etag}, "other"` })).status).toBe(304);
    expect((await read(LIST, { "if-none-match": '"other"' })).status).toBe(200);
  });

  it("is sent compressed as asked, the same JSON once decoded", async () => {
    const plain = await read(LIST);
    const br = await read(LIST, { "accept-encoding": "gzip, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    expect(brotliDecompressSync(br.bytes).equals(plain.bytes)).toBe(true);
    const gzip = await read(LIST, { "accept-encoding": "gzip" });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(gzip.bytes).equals(plain.bytes)).toBe(true);
    expect(gzip.headers.get("etag")).not.toBe(plain.headers.get("etag"));
    expect((await read(LIST, { "accept-encoding": "gzip", "if-none-match": gzip.headers.get("etag")! })).status).toBe(304);
  });

  it("is kept per answer language: each language gets its own answer", async () => {
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const path = `/api/events/${festival.event.id}/product-variant`;
    for (const locale of ["en_US", "es_CO", "pt_BR", "en_US"] as const) {
      const { bytes } = await read(path, { "x-locale": locale });
      const { categories } = await readEventOffer(shop.db, { ref: String(festival.event.id) }, { locale, now: shop.now() });
      expect(bytes.toString("utf8"), locale).toBe(JSON.stringify({ success: true, data: categories }));
    }
  });

  it("ignores query parameters the call does not read, so they cannot multiply what is kept", async () => {
    await read(LIST);
    const kept = shop.app.answers.stats.entries;
    const tagged = await read(`${LIST}&utm=${Date.now()}`);
    expect(tagged.status).toBe(200);
    expect(tagged.headers.get("etag")).toBe((await read(LIST)).headers.get("etag"));
    expect(shop.app.answers.stats.entries).toBe(kept);
  });
});

describe("a change", () => {
  it("announced by a catalogue writer changes the answer; unannounced, the kept answer is served", async () => {
    const hidden = "rock-al-parque";
    const slugs = async () => (JSON.parse((await read(LIST)).bytes.toString()) as { data: EventListItem[] }).data.map((item) => item.slug);
    expect(await slugs()).toContain(hidden);
    await shop.db.update(events).set({ published: false }).where(eq(events.slug, hidden));
    try {
      // The cache does not look at the database: without the announcement the list is the kept one.
      expect(await slugs()).toContain(hidden);
      shop.catalogueChanged({ area: "events", eventIds: [99_999_999] });
      expect(await slugs()).not.toContain(hidden);
    } finally {
      await shop.db.update(events).set({ published: true }).where(eq(events.slug, hidden));
      shop.catalogueChanged({ area: "events" });
    }
    expect(await slugs()).toContain(hidden);
  });

  it("to one event's stock leaves the answers of other events and the lists in place", async () => {
    const list = await read(LIST);
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const other = await eventOffer(shop.db, "rock-al-parque");
    await read(`/api/events/${festival.event.id}/product-variant`);
    await read(`/api/events/${other.event.id}/product-variant`);
    const before = { ...shop.app.answers.stats };
    shop.catalogueChanged({ area: "stock", eventIds: [festival.event.id] });
    await read(LIST);
    await read(`/api/events/${other.event.id}/product-variant`);
    await read(`/api/events/${festival.event.id}/product-variant`);
    const after = shop.app.answers.stats;
    expect(after.hits - before.hits).toBe(2);
    expect(after.misses - before.misses).toBe(1);
    expect((await read(LIST)).headers.get("etag")).toBe(list.headers.get("etag"));
  });

  it("a hold taken by a purchase lowers the stock shown at once, and its running out raises it again", async () => {
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const bogota = festival.variants[0]!.provinceId;
    const variant = festival.typed(bogota)[0]!;
    const path = `/api/events/${festival.event.id}/product-variant?eventDateId=${festival.eventDateId}`;
    const stockShown = async () =>
      (JSON.parse((await read(path)).bytes.toString()) as { data: Category[] }).data
        .flatMap((category) => category.subCategories)
        .find((sub) => sub.productVariantId === variant.id)!.stock;
    const before = await stockShown();
    expect(await stockShown()).toBe(before);

    const buyer = await shop.buyer();
    const bought = await shop.call<{ holdExpiresAt: string }>("POST", "/shop-api/init-payment", purchaseBody(festival, [variant.id], await countyOf(shop.db, bogota)), {
      token: buyer.token,
    });
    expect(bought.status).toBe(201);
    expect(await stockShown()).toBe(before - 1);

    // Nobody writes when a hold runs out: the kept answer is good only until then.
    shop.clock.offset = Date.parse(bought.body.data.holdExpiresAt) - Date.now() + 1000;
    try {
      expect(await stockShown()).toBe(before);
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("an offer that differs per caller (a login-only event) is never kept for another caller", async () => {
    const [loginOnly] = await shop.db.select().from(events).where(eq(events.requiresLogin, true)).limit(1);
    expect(loginOnly).toBeDefined();
    const owner = await insertUser(shop.db);
    const guest = await shop.buyer();
    await insertGuestList(shop.db, loginOnly!.id, owner.id, [guest.email]);
    const path = `/api/events/${loginOnly!.slug}/product-variant`;
    expect((await read(path, { authorization: `Bearer ${guest.token}` })).status).toBe(200);
    expect((await read(path)).status).toBe(404);
    expect((await read(path, { authorization: `Bearer ${guest.token}` })).status).toBe(200);
    expect((await read(path)).status).toBe(404);
  });
});

describe.skipIf(!process.env.DATABASE_URL)("two processes on one PostgreSQL", () => {
  it("each drops what the other's change touched (LISTEN/NOTIFY)", async () => {
    const serverUrl = process.env.DATABASE_URL!;
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    const name = `shop_relay_${Date.now()}_${randomBytes(3).toString("hex")}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    // Two separate pools and listening connections, as two processes have.
    const one = await openDatabase({ url: url.toString(), max: 4 });
    const two = await openDatabase({ url: url.toString(), max: 4 });
    try {
      await seedDemoData(one.db);
      const env = parseEnv({ NODE_ENV: "test", JWT_SECRET: "relay-test-secret-that-is-long-enough-for-hs256" });
      const first = createApp({ db: one.db, env });
      const second = createApp({ db: two.db, env });
      await Promise.all([relayListening(one.db), relayListening(two.db)]);
      const slugsOn = async (app: typeof first) =>
        ((await (await app.request(LIST)).json()) as { data: EventListItem[] }).data.map((item) => item.slug);
      expect(await slugsOn(second)).toContain("rock-al-parque");

      await one.db.update(events).set({ published: false }).where(eq(events.slug, "rock-al-parque"));
      first.catalogue.announce({ area: "events" });
      await expect.poll(() => slugsOn(second), { timeout: 5000, interval: 50 }).not.toContain("rock-al-parque");

      // A burst of sales goes out as one notification naming every event it touched, not one per sale.
      const heard: string[] = [];
      const listener = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const { unlisten } = await listener.listen(CATALOGUE_CHANNEL, (payload) => heard.push(payload));
      for (let sale = 0; sale < 40; sale += 1) first.catalogue.announce({ area: "stock", eventIds: [sale % 3 === 0 ? 1 : 2] });
      await expect.poll(() => heard.length, { timeout: 5000, interval: 20 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(1);
      expect(JSON.parse(heard[0]!)).toMatchObject({ a: "stock", e: [1, 2] });
      await unlisten();
      await listener.end({ timeout: 5 });
      await Promise.all([first.catalogueRelay?.stop(), second.catalogueRelay?.stop()]);
    } finally {
      await one.close();
      await two.close();
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    }
  });
});
