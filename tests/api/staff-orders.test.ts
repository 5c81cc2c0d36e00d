/**
 * The staff's order list and transfer decisions: transfers to validate oldest first
 * with the hours left of the 24 h promise, search and paging over every order, confirm and reject each
 * idempotent with exactly one mail, logged with the staff member; customers are refused (403), visitors 401.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outbox, staffActions, users } from "../../src/server/db/schema";
import type { StaffOrderPage, TransferDecision } from "../../src/shared/schemas/answers/staff-day";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let countyId: number;
let staff: { id: number; token: string };

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  countyId = await countyOf(shop.db, variant.provinceId);
  staff = await shop.buyer("staff");
});
afterAll(async () => {
  await shop?.close();
});

async function transferOrder(locale = "es_CO") {
  const buyer = await shop.buyer();
  await shop.db.update(users).set({ localeCode: locale, firstName: "Lucía", lastName: `Transferencia${buyer.id}` }).where(eq(users.id, buyer.id));
  const answer = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId, { paymentCode: "transferencia" }), { token: buyer.token });
  expect(answer.status).toBe(201);
  return { buyer, orderId: answer.body.data.orderId };
}

const listOf = (query: string) => shop.call<StaffOrderPage>("GET", `/shop-api/staff/orders?${query}`, undefined, { token: staff.token });
const stateOf = async (orderId: number) => (await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.state;

describe("who may use the staff's order calls", () => {
  it("refuses visitors (401) and customers (403)", async () => {
    const customer = await shop.buyer();
    const { orderId } = await transferOrder();
    for (const [method, path, body] of [
      ["GET", "/shop-api/staff/orders", undefined],
      ["POST", `/shop-api/staff/orders/${orderId}/reject-transfer`, { reason: "No llegó" }],
    ] as const) {
      expect((await shop.call(method, path, body)).status).toBe(401);
      const refused = await shop.call(method, path, body, { token: customer.token });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("forbidden");
    }
    expect(await stateOf(orderId)).toBe("awaiting_transfer_payment");
  });
});

describe("GET /shop-api/staff/orders", () => {
  it("lists transfers to validate oldest first, with hours left of the 24 h promise, amount, buyer and event", async () => {
    const older = await transferOrder();
    shop.clock.offset = 5 * 3_600_000;
    try {
      const newer = await transferOrder();
      const page = await listOf("state=awaiting_transfer_payment&pageSize=100");
      expect(page.status).toBe(200);
      const ids = page.body.data.items.map((item) => item.id);
      expect(ids.indexOf(older.orderId)).toBeLessThan(ids.indexOf(newer.orderId));
      expect(page.body.data.items.every((item) => item.state === "awaiting_transfer_payment")).toBe(true);
      const first = page.body.data.items.find((item) => item.id === older.orderId)!;
      expect(first.hoursLeft).toBe(19);
      expect(page.body.data.items.find((item) => item.id === newer.orderId)!.hoursLeft).toBe(24);
      expect(first.buyer).toEqual({ name: `Lucía Transferencia${older.buyer.id}`, email: older.buyer.email });
      expect(first.event.name).toBe(festival.event.translations.es_CO!.name);
      expect(first.event.date).toBe(festival.dates[0]!.startDate.toISOString());
      expect(first.total).toBeGreaterThan(0);
      expect(first.currency).toBe("COP");
    } finally {
      shop.clock.offset = 0;
    }
  });

  it("searches by order number, buyer email, buyer name and event name, and pages through the results", async () => {
    const { buyer, orderId } = await transferOrder();
    expect((await listOf(`q=${orderId}`)).body.data.items.map((item) => item.id)).toContain(orderId);
    expect((await listOf(`q=${encodeURIComponent(buyer.email.toUpperCase())}`)).body.data.items.map((item) => item.id)).toEqual([orderId]);
    expect((await listOf(`q=${encodeURIComponent(`Transferencia${buyer.id}`)}`)).body.data.items.map((item) => item.id)).toEqual([orderId]);
    const byEvent = await listOf(`q=${encodeURIComponent("sonidos de la")}`);
    expect(byEvent.body.data.total).toBeGreaterThanOrEqual(1);
    expect((await listOf("q=nadie-compro-esto")).body.data).toMatchObject({ items: [], total: 0 });

    const all = await listOf("pageSize=2");
    expect(all.body.data.items).toHaveLength(2);
    const second = await listOf("pageSize=2&page=2");
    expect(second.body.data.page).toBe(2);
    expect(second.body.data.items.map((item) => item.id)).not.toContain(all.body.data.items[0]!.id);
    expect(second.body.data.total).toBe(all.body.data.total);
  });

  it("refuses an unknown state or page with a translated message", async () => {
    const bad = await listOf("state=lost&page=0");
    expect(bad.status).toBe(422);
    expect(bad.body.fields).toMatchObject({ state: "Ese estado no existe", page: "Debe ser un número entre 1 y 100" });
  });
});

describe("confirming and rejecting a transfer", () => {
  it("confirms once: paid, one 'payment received' mail, logged with the staff member", async () => {
    const { buyer, orderId } = await transferOrder();
    const path = `/shop-api/staff/orders/${orderId}/confirm-transfer`;
    const first = await shop.call<TransferDecision>("POST", path, undefined, { token: staff.token });
    const again = await shop.call<TransferDecision>("POST", path, undefined, { token: staff.token });
    expect(first.body.data).toEqual({ orderId, paymentState: "paid", changed: true });
    expect(again.body.data).toEqual({ orderId, paymentState: "paid", changed: false });
    const received = (await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.startsWith("Recibimos tu pago"));
    expect(received).toHaveLength(1);
    // The ticket mail carries the trip's calendar files (the pick-up and the return) and the order's invoice.
    expect(received[0]!.attachments?.map((file) => file.filename)).toEqual([`rodamos-${orderId}-outbound.ics`, `rodamos-${orderId}-return.ics`, expect.stringMatching(/^CO-F-\d{8}\.pdf$/)]);
    expect(received[0]!.attachments![0]!.content).toMatch(/BEGIN:VEVENT[\s\S]*DTSTART;TZID=America\/Bogota:\d{8}T\d{6}\r\n[\s\S]*LOCATION:Calle 1 # 2-3/);
    expect(received[0]!.text).toContain("Adjuntamos la ida y el regreso para tu calendario (.ics).");
    const log = await shop.db.select().from(staffActions).where(eq(staffActions.orderId, orderId));
    expect(log.map((row) => [row.action, row.staffId])).toEqual([["transfer_confirm", staff.id]]);
    // A paid order is no longer a transfer to validate, and cannot be rejected.
    expect((await listOf("state=awaiting_transfer_payment&pageSize=100")).body.data.items.map((item) => item.id)).not.toContain(orderId);
    const late = await shop.call("POST", `/shop-api/staff/orders/${orderId}/reject-transfer`, { reason: "No llegó" }, { token: staff.token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("order_not_awaiting_transfer");
  });

  it("rejects once: cancelled, seats released, one mail in the buyer's language saying why", async () => {
    const stockNow = async () => {
      const offer = await shop.call<{ subCategories: { productVariantId: number; stock: number }[] }[]>("GET", `/api/events/${festival.event.id}/product-variant?eventDateId=${festival.eventDateId}`);
      return offer.body.data.flatMap((category) => category.subCategories).find((sub) => sub.productVariantId === variantId)!.stock;
    };
    const before = await stockNow();
    const { buyer, orderId } = await transferOrder("en_US");
    expect(await stockNow()).toBe(before - 1);
    const path = `/shop-api/staff/orders/${orderId}/reject-transfer`;
    const reason = "No transfer reached the account by Friday";
    const first = await shop.call<TransferDecision>("POST", path, { reason }, { token: staff.token });
    const again = await shop.call<TransferDecision>("POST", path, { reason: "otra vez" }, { token: staff.token });
    expect(first.body.data).toEqual({ orderId, paymentState: "cancelled", changed: true });
    expect(again.body.data).toEqual({ orderId, paymentState: "cancelled", changed: false });
    expect(await stateOf(orderId)).toBe("cancelled");
    // The mail is promised in the decision's own transaction (the outbox), once: a crash or a mail server down
    // after the commit still mails the buyer later.
    const promised = (await shop.db.select().from(outbox).where(eq(outbox.kind, "order.notice"))).filter(
      (row) => (row.payload as { orderId?: number; notice?: string }).orderId === orderId && (row.payload as { notice?: string }).notice === "transfer_rejected",
    );
    expect(promised.map((row) => row.payload)).toEqual([{ orderId, notice: "transfer_rejected", reason }]);
    const rejected = (await shop.mailsTo(buyer.email)).filter((mail) => mail.subject.includes("could not validate"));
    expect(rejected.map((mail) => mail.subject)).toEqual([`We could not validate your transfer: order no. ${orderId}`]);
    expect(rejected[0]!.text).toContain(`Reason: ${reason}`);
    const log = await shop.db.select().from(staffActions).where(and(eq(staffActions.orderId, orderId), eq(staffActions.action, "transfer_reject")));
    expect(log.map((row) => [row.staffId, row.reason])).toEqual([[staff.id, reason]]);
    expect(await stockNow()).toBe(before);
  });

  it("needs a reason, and refuses orders that are not transfers", async () => {
    const { orderId } = await transferOrder();
    const empty = await shop.call("POST", `/shop-api/staff/orders/${orderId}/reject-transfer`, { reason: "  " }, { token: staff.token });
    expect(empty.status).toBe(422);
    expect(empty.body.fields).toMatchObject({ reason: expect.any(String) });
    const buyer = await shop.buyer();
    const card = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(festival, [variantId], countyId), { token: buyer.token });
    expect((await shop.call("POST", `/shop-api/staff/orders/${card.body.data.orderId}/reject-transfer`, { reason: "x" }, { token: staff.token })).status).toBe(404);
  });
});
