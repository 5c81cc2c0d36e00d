/**
 * The sales report's discounts count only what stays given: a refunded ticket leaves its order with the discount
 * it had, so the code's money, the report's discount line, the account page's and the export's discount are the
 * kept tickets' only.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { discounts, tickets } from "../../src/server/db/schema";
import type { ExportTable, OrderDesk, SalesReport } from "../../src/shared/schemas/answers/order-desk";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
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

describe("the sales report's discount after a refund", () => {
  it("counts the kept tickets' discount only, as the account page and the export do", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const code = `KEPT${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    await shop.db.insert(discounts).values({ code, eventId: offer.event.id, variation: "0.20" });
    const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
    const me = await shop.buyer();
    const body = purchaseBody(offer, [variant.id, variant.id, variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia", discountCode: code });
    body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: `Viajero ${i + 1}`, email: `v${i}@example.com`, phone: "3001112233", passengerAddress: "Calle 1" }]));
    const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
    expect(started.status).toBe(201);
    const orderId = started.body.data.orderId;
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const rows = await shop.db.select().from(tickets).where(eq(tickets.orderId, orderId));
    const discountOf = (row: (typeof rows)[number]) => row.price - (row.discountPrice ?? row.price);
    expect(discountOf(rows[0]!)).toBeGreaterThan(0);

    const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    const refunded = desk.tickets[0]!;
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "No viaja", passengerIds: [refunded.passengers[0]!.id] }, { token: staff.token })).status).toBe(201);
    const kept = rows.filter((row) => row.id !== refunded.id).reduce((sum, row) => sum + discountOf(row), 0);
    expect(kept).toBeLessThan(rows.reduce((sum, row) => sum + discountOf(row), 0));

    const report = (await shop.call<SalesReport>("GET", `/shop-api/staff/reports/sales?eventId=${offer.event.id}`, undefined, { token: staff.token })).body.data.report!;
    expect(report.discountCodes.filter((row) => row.code === code)).toEqual([{ code, currency: "COP", uses: 1, amount: kept }]);

    const detail = (await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token: me.token })).body.data;
    expect(detail.order.discount).toBe(kept);
    const table = (await shop.call<ExportTable>("GET", `/shop-api/staff/exports?q=${orderId}`, undefined, { token: staff.token })).body.data;
    const row = table.rows.find((cells) => cells[0] === orderId)!;
    expect(row[table.columns.indexOf("Descuento")]).toBe(kept);
  });
});
