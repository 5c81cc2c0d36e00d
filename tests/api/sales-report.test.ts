/**
 * The staff's sales report of an event: tickets and passengers sold, revenue by method and currency, refunds,
 * seats left and sales by day follow the orders; staff only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../../src/server/db/schema";
import type { SalesReport } from "../../src/shared/schemas/answers/order-desk";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
});
afterAll(async () => {
  await shop?.close();
});

const reportOf = async (query: string) => {
  const answer = await shop.call<SalesReport>("GET", `/shop-api/staff/reports/sales?${query}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};

describe("GET /shop-api/staff/reports/sales", () => {
  it("counts a confirmed transfer's tickets, passengers and money, and a refund gives seats and money back", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const query = `eventId=${offer.event.id}&eventDateId=${offer.eventDateId}`;
    const before = (await reportOf(query)).report!;
    const me = await shop.buyer();
    const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id, variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" }), { token: me.token });
    const orderId = started.body.data.orderId;
    await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));

    const after = (await reportOf(query)).report!;
    expect(after.tickets - before.tickets).toBe(2);
    expect(after.passengers - before.passengers).toBe(2);
    const transfers = (report: NonNullable<SalesReport["report"]>) => report.revenue.find((line) => line.method === "transferencia" && line.currency === "COP")?.amount ?? 0;
    expect(transfers(after) - transfers(before)).toBe(order!.total);
    const seat = (report: NonNullable<SalesReport["report"]>) => report.seatsLeft.find((row) => row.variantId === variant.id && row.eventDateId === offer.eventDateId)!;
    expect(seat(before).left - seat(after).left).toBe(2);
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: after.timeZone }).format(new Date());
    const ticketsOn = (report: NonNullable<SalesReport["report"]>) => report.byDay.find((row) => row.day === day)?.tickets ?? 0;
    expect(ticketsOn(after) - ticketsOn(before)).toBe(2);

    await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Devolución" }, { token: staff.token });
    const refunded = (await reportOf(query)).report!;
    expect(refunded.tickets).toBe(before.tickets);
    expect(seat(refunded).left).toBe(seat(before).left);
    expect(refunded.refundsOwed.find((line) => line.method === "transferencia")!.amount).toBeGreaterThanOrEqual(order!.total);
  });

  it("lists the events with orders to choose from, and is for staff only", async () => {
    const list = await reportOf("");
    expect(list.report).toBeNull();
    expect(list.events.length).toBeGreaterThan(0);
    const customer = await shop.buyer();
    expect((await shop.call("GET", "/shop-api/staff/reports/sales", undefined, { token: customer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/staff/reports/sales?eventId=999999", undefined, { token: staff.token })).status).toBe(404);
  });
});
