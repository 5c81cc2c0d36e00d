/**
 * One order, one set of figures after a refund: the refund mail, the account page's answer and purchases list, the
 * order desk and staff's order list, and the export all show the same paid, refunded and net, named the same, and the order's total after the refund is
 * its net everywhere (never the order row's total, which drops by the refunded ticket's whole value).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPrice } from "../../src/shared/format/money";
import type { ExportTable, OrderDesk } from "../../src/shared/schemas/answers/order-desk";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { paidTransferOrder } from "../helpers/paid-orders";
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

describe("the order's money after a partial refund", () => {
  it("is the same paid, refunded and net on the mail, the account page, the desk and the export", async () => {
    const { me, orderId } = await paidTransferOrder(shop, staff.token);
    const before = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    const paid = before.total;
    expect(before.money).toEqual({ paid, refunded: 0, net: paid, total: paid });

    // One passenger refunded for less than their ticket: the order row keeps the other ticket's value, the money
    // says what the buyer actually paid and got back.
    const refundAmount = 5_000;
    const refund = await shop.call("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Parte", passengerIds: [before.tickets[0]!.passengers[0]!.id], amount: refundAmount }, { token: staff.token });
    expect(refund.status).toBe(201);
    const net = paid - refundAmount;
    const figures = { paid, refunded: refundAmount, net, total: net };

    const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    expect(desk.total).not.toBe(net);
    expect(desk.money).toEqual(figures);

    const detail = (await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token: me.token })).body.data;
    expect(detail.order.money).toEqual(figures);

    // The lists name the same total: the account's purchases and the staff's orders.
    const purchases = (await shop.call<{ id: number; total: number }[]>("GET", "/shop-api/payment-history", undefined, { token: me.token })).body.data;
    expect(purchases.find((item) => item.id === orderId)!.total).toBe(net);
    const list = (await shop.call<{ items: { id: number; total: number }[] }>("GET", `/shop-api/staff/orders?pageSize=100&q=${orderId}`, undefined, { token: staff.token })).body.data;
    expect(list.items.find((item) => item.id === orderId)!.total).toBe(net);

    const table = (await shop.call<ExportTable>("GET", `/shop-api/staff/exports?q=${orderId}`, undefined, { token: staff.token })).body.data;
    const row = table.rows.find((cells) => cells[0] === orderId)!;
    const col = (title: string) => row[table.columns.indexOf(title)];
    expect([col("Total"), col("Pagado"), col("Devuelto"), col("Neto")]).toEqual([net, paid, refundAmount, net]);

    const mail = (await shop.mailsTo(me.email)).filter((one) => one.text.includes("Monto devuelto")).at(-1)!;
    const money = (minor: number) => formatPrice(minor, "COP", "es_CO");
    expect(mail.text).toContain(`Pagado: ${money(paid)}`);
    expect(mail.text).toContain(`\nDevuelto: ${money(refundAmount)}`);
    expect(mail.text).toContain(`Neto: ${money(net)}`);
  });
});
