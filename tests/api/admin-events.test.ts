/**
 * The back office's events (/shop-api/admin/events): who may read and write, the round trip of GET by id into
 * PUT, validation, dates that orders name, cancelling an event with sold tickets, the audit entries and the
 * catalogue announcements of each change.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { auditLog, eventDates, events, orders, outbox, payments, places } from "../../src/server/db/schema";
import type { CatalogueChange } from "../../src/server/change-feed/change-feed";
import { eventBySlug, insertOrder } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let admin: { id: number; email: string; token: string };
let staff: { token: string };
let customer: { id: number; email: string; token: string };
let placeId: number;
const announced: CatalogueChange[] = [];

beforeAll(async () => {
  shop = await openTestShop();
  admin = await shop.buyer("admin");
  staff = await shop.buyer("staff");
  customer = await shop.buyer();
  [{ id: placeId }] = (await shop.db.select({ id: places.id }).from(places).where(eq(places.countryCode, "CO")).limit(1)) as [{ id: number }];
  shop.app.catalogue.listen((change) => announced.push(change));
});
afterAll(() => shop.close());
beforeEach(() => {
  announced.length = 0;
});

const inDays = (days: number, hour = 20) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

function newEvent(overrides: Record<string, unknown> = {}) {
  return {
    slug: `prueba-${Math.random().toString(36).slice(2, 8)}`,
    type: 1,
    countryCode: "CO",
    periodicityType: 1,
    paymentType: 1,
    placeId,
    dates: [{ startDate: inDays(30) }],
    endDate: inDays(30, 23),
    additionalStops: [{ address: "Portal Norte", countyId: null, time: "17:30" }],
    translations: { es_CO: { name: "Concierto de prueba", description: "Un concierto." }, en_US: { name: "Test concert" } },
    published: true,
    cancelled: false,
    recommended: false,
    requiresLogin: false,
    ...overrides,
  };
}

type Saved = { id: number; item: Record<string, unknown> & { dates: { id: number; startDate: string }[] } };

describe("who may use /shop-api/admin/events", () => {
  it("refuses a caller without a token (401) and a customer (403) even to read", async () => {
    expect((await shop.call("GET", "/shop-api/admin/events")).status).toBe(401);
    const asCustomer = await shop.call("GET", "/shop-api/admin/events", undefined, { token: customer.token });
    expect(asCustomer.status).toBe(403);
    expect(asCustomer.body.code).toBe("forbidden");
    expect((await shop.call("POST", "/shop-api/admin/events", newEvent(), { token: customer.token })).status).toBe(403);
  });

  it("lets staff read the list and a row, but not create, change or delete", async () => {
    const list = await shop.call<{ items: { id: number }[] }>("GET", "/shop-api/admin/events", undefined, { token: staff.token });
    expect(list.status).toBe(200);
    const id = list.body.data.items[0]!.id;
    expect((await shop.call("GET", `/shop-api/admin/events/${id}`, undefined, { token: staff.token })).status).toBe(200);
    const created = await shop.call("POST", "/shop-api/admin/events", newEvent(), { token: staff.token });
    expect(created.status).toBe(403);
    const row = await shop.call("GET", `/shop-api/admin/events/${id}`, undefined, { token: admin.token });
    expect((await shop.call("PUT", `/shop-api/admin/events/${id}`, row.body.data, { token: staff.token })).status).toBe(403);
    expect((await shop.call("DELETE", `/shop-api/admin/events/${id}`, undefined, { token: staff.token })).status).toBe(403);
    expect(announced).toEqual([]);
  });
});

describe("GET by id answers what PUT takes", () => {
  it("holds for every demo event: each reads back, saves unchanged and reads the same again", async () => {
    const list = await shop.call<{ items: { id: number }[]; total: number }>("GET", "/shop-api/admin/events?pageSize=100", undefined, { token: admin.token });
    expect(list.body.data.total).toBeGreaterThan(10);
    for (const { id } of list.body.data.items) {
      const before = await shop.call("GET", `/shop-api/admin/events/${id}`, undefined, { token: admin.token });
      const saved = await shop.call<Saved>("PUT", `/shop-api/admin/events/${id}`, before.body.data, { token: admin.token });
      expect(saved.status, `event ${id}: ${JSON.stringify(saved.body)}`).toBe(200);
      expect(saved.body.data.item).toEqual(before.body.data);
    }
  });
});

describe("an event's life in the back office", () => {
  it("creates, reads, changes and deletes an event, each change audited and announced", async () => {
    const body = newEvent();
    const created = await shop.call<Saved>("POST", "/shop-api/admin/events", body, { token: admin.token });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data.item).toMatchObject({ slug: body.slug, placeId, additionalStops: body.additionalStops, translations: body.translations });
    expect(created.body.data.item.dates).toEqual([{ id: expect.any(Number), startDate: body.dates[0]!.startDate, endDate: null }]);
    expect(announced).toEqual([{ area: "events", eventIds: [id] }]);

    const read = await shop.call("GET", `/shop-api/admin/events/${id}`, undefined, { token: staff.token });
    expect(read.body.data).toEqual(created.body.data.item);

    // Search finds it by its name in any language; the public list has it too.
    const found = await shop.call<{ items: { id: number; name: string }[] }>("GET", "/shop-api/admin/events?q=test%20concert", undefined, { token: admin.token });
    expect(found.body.data.items.map((item) => item.id)).toEqual([id]);
    const publicList = await shop.call<{ slug: string }[]>("GET", "/api/events?type=1&country-code=CO&limit=100");
    expect(publicList.body.data.map((event) => event.slug)).toContain(body.slug);

    const renamed = { ...(read.body.data as object), translations: { es_CO: { name: "Concierto renombrado" } }, recommended: true };
    const updated = await shop.call<Saved>("PUT", `/shop-api/admin/events/${id}`, renamed, { token: admin.token });
    expect(updated.status).toBe(200);
    expect(updated.body.data.item).toMatchObject({ translations: { es_CO: { name: "Concierto renombrado" } }, recommended: true });
    const detail = await shop.call<{ translations: Record<string, { name: string }> }>("GET", `/api/events/${body.slug}`);
    expect(detail.body.data.translations.es_CO?.name).toBe("Concierto renombrado");

    const entries = await shop.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(auditLog.id);
    const mine = entries.filter((entry) => entry.resource === "events");
    expect(mine.map((entry) => [entry.action, entry.userEmail])).toEqual([
      ["create", admin.email],
      ["update", admin.email],
    ]);
    expect(mine[1]!.before).toMatchObject({ translations: { es_CO: { name: "Concierto de prueba" } }, recommended: false });
    expect(mine[1]!.after).toMatchObject({ translations: { es_CO: { name: "Concierto renombrado" } }, recommended: true });

    const deleted = await shop.call("DELETE", `/shop-api/admin/events/${id}`, undefined, { token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await shop.call("GET", `/shop-api/admin/events/${id}`, undefined, { token: admin.token })).status).toBe(404);
    expect((await shop.call("GET", `/api/events/${body.slug}`)).status).toBe(404);
    const [last] = await shop.db.select().from(auditLog).where(eq(auditLog.resourceId, id)).orderBy(auditLog.id).limit(1).offset(2);
    expect(last).toMatchObject({ action: "delete", after: null, before: expect.objectContaining({ slug: body.slug }) });
  });

  it("refuses invalid bodies field by field, in the caller's language, and writes nothing", async () => {
    const before = await shop.db.select({ id: events.id }).from(events);
    const answer = await shop.call(
      "POST",
      "/shop-api/admin/events",
      newEvent({ slug: "Con Espacios", type: 7, dates: [], translations: { es_CO: { name: "" } }, additionalStops: [{ address: "x", countyId: null, time: "25:00" }] }),
      { token: admin.token, headers: { "accept-language": "en-US" } },
    );
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toMatchObject({
      slug: expect.stringContaining("Lower-case"),
      type: expect.any(String),
      dates: "Add at least one date",
      "translations.es_CO.name": "Write the text in at least one language",
      "additionalStops.0.time": "Write the time as HH:MM",
    });
    const twoDates = await shop.call("POST", "/shop-api/admin/events", newEvent({ dates: [{ startDate: inDays(3) }, { startDate: inDays(4) }], endDate: inDays(5) }), { token: admin.token });
    expect(twoDates.status).toBe(422);
    expect(Object.keys(twoDates.body.fields ?? {})).toEqual(["dates"]);
    expect(await shop.db.select({ id: events.id }).from(events)).toHaveLength(before.length);
  });

  it("refuses a slug another event has, naming the field", async () => {
    const taken = await shop.call("POST", "/shop-api/admin/events", newEvent({ slug: "rock-al-parque" }), { token: admin.token });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("admin_duplicate");
    expect(Object.keys(taken.body.fields ?? {})).toEqual(["slug"]);
    const nowhere = await shop.call("POST", "/shop-api/admin/events", newEvent({ placeId: 999_999 }), { token: admin.token });
    expect(nowhere.status).toBe(422);
    expect(nowhere.body.code).toBe("admin_reference_missing");
  });
});

describe("dates and cancellation of an event with orders", () => {
  it("keeps a date's id when it moves, refuses removing a date with orders, and cancels only when confirmed, naming the orders", async () => {
    const created = await shop.call<Saved>(
      "POST",
      "/shop-api/admin/events",
      newEvent({ periodicityType: 3, dates: [{ startDate: inDays(20) }, { startDate: inDays(21) }], endDate: inDays(21, 23) }),
      { token: admin.token },
    );
    const id = created.body.data.id;
    const [first, second] = created.body.data.item.dates;
    const { event, variants } = await eventBySlug(shop.db, "festival-sonidos-de-la-sabana");
    const variant = variants[0]!;
    const paid = await insertOrder(shop.db, { userId: customer.id, eventId: id, eventDateId: first!.id, provinceId: variant.provinceId, state: "paid", ticketVariants: [variant.id] });
    const held = await insertOrder(shop.db, {
      userId: customer.id,
      eventId: id,
      eventDateId: first!.id,
      provinceId: variant.provinceId,
      state: "awaiting_payment",
      holdExpiresAt: new Date(Date.now() + 600_000),
      ticketVariants: [variant.id],
    });
    void event;
    // The paid order was paid by card: its money goes back when the event is cancelled.
    await shop.db.insert(payments).values({ orderId: paid, method: "webpay", providerReference: null, state: "approved", amount: 0 });
    const item = created.body.data.item;

    const moved = await shop.call<Saved>("PUT", `/shop-api/admin/events/${id}`, { ...item, dates: [{ id: first!.id, startDate: inDays(22) }, second] , endDate: inDays(22, 23) }, { token: admin.token });
    expect(moved.status).toBe(200);
    expect(moved.body.data.item.dates.map((date) => date.id).sort()).toEqual([first!.id, second!.id].sort());

    const removing = await shop.call("PUT", `/shop-api/admin/events/${id}`, { ...moved.body.data.item, dates: [second] }, { token: admin.token });
    expect(removing.status).toBe(409);
    expect(removing.body.code).toBe("admin_date_has_orders");
    expect(removing.body.message).toContain("2");
    expect(await shop.db.select().from(eventDates).where(eq(eventDates.eventId, id))).toHaveLength(2);

    const cancelling = await shop.call("PUT", `/shop-api/admin/events/${id}`, { ...moved.body.data.item, cancelled: true }, { token: admin.token });
    expect(cancelling.status).toBe(409);
    expect(cancelling.body.code).toBe("event_cancel_needs_confirmation");
    expect(cancelling.body.message).toContain(`#${paid}`);
    expect(cancelling.body.message).toContain(`#${held}`);
    const [still] = await shop.db.select({ cancelled: events.cancelled }).from(events).where(eq(events.id, id));
    expect(still!.cancelled).toBe(false);

    const confirmed = await shop.call<Saved>("PUT", `/shop-api/admin/events/${id}`, { ...moved.body.data.item, cancelled: true, confirmCancel: true }, { token: admin.token });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.item.cancelled).toBe(true);
    expect(confirmed.body.data.item).not.toHaveProperty("confirmCancel");

    // Its orders went with it, in the same transaction: cancelled, the card payment due back with its refund
    // queued, and each buyer mailed that the event was cancelled (with what happens to the money).
    const states = await shop.db.select({ id: orders.id, state: orders.state }).from(orders).where(inArray(orders.id, [paid, held]));
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({ [paid]: "cancelled", [held]: "cancelled" });
    const [payment] = await shop.db.select({ state: payments.state }).from(payments).where(eq(payments.orderId, paid));
    expect(payment!.state).toBe("refund_due");
    const jobs = (await shop.db.select().from(outbox)).map((row) => ({ kind: row.kind, payload: row.payload }));
    expect(jobs).toContainEqual({ kind: "order.refund", payload: { orderId: paid, reason: "event_cancelled" } });
    expect(jobs).toContainEqual({ kind: "order.notice", payload: { orderId: paid, notice: "event_cancelled", refund: true } });
    expect(jobs).toContainEqual({ kind: "order.notice", payload: { orderId: held, notice: "event_cancelled", refund: false } });
    const mails = (await shop.mailsTo(customer.email)).filter((mail) => mail.subject.includes("fue cancelado"));
    const name = (item.translations as Record<string, { name: string }>).es_CO!.name;
    expect(mails.map((mail) => mail.subject).sort()).toEqual([`${name} fue cancelado: pedido N.º ${held}`, `${name} fue cancelado: pedido N.º ${paid}`].sort());
    expect(mails.find((mail) => mail.subject.endsWith(`${paid}`))!.text).toContain("Te devolvemos");
    expect(mails.find((mail) => mail.subject.endsWith(`${held}`))!.text).toContain("No se te cobró nada");

    const removal = await shop.call("DELETE", `/shop-api/admin/events/${id}`, undefined, { token: admin.token });
    expect(removal.status).toBe(409);
    expect(removal.body.code).toBe("admin_in_use");
  });
});
