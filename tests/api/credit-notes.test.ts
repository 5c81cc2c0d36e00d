/**
 * A credit note's lines add up to its total: a refund that gives back less than its tickets' value (staff chose
 * the amount, the policy kept a share) shows what was kept as a line of its own; the last refund of an order,
 * which gives back the rest of the payment, shows that rest beyond the tickets it lists.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ShopContext } from "../../src/server/context";
import { creditNotePdf } from "../../src/server/services/invoices/invoices";
import { formatPrice } from "../../src/shared/format/money";
import type { OrderDesk, RefundAnswer } from "../../src/shared/schemas/answers/order-desk";
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

/** The text a PDF shows, read from its uncompressed content streams (pdfkit writes glyphs as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  const source = pdf.toString("latin1");
  return [...source.matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}
const money = (minor: number) => formatPrice(minor, "COP", "es_CO");
const noteText = async (orderId: number, refundId: number) =>
  pdfText((await creditNotePdf({ db: shop.db, env: shop.env } as unknown as ShopContext, orderId, refundId, null, { compress: false })).pdf);

describe("a credit note's lines", () => {
  it("add up to its total after a partial refund for less than the ticket, and after the last refund of the rest", async () => {
    const { orderId } = await paidTransferOrder(shop, staff.token);
    const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    const value = desk.tickets[0]!.discountPrice ?? desk.tickets[0]!.price;
    expect(value).toBeGreaterThan(12_345);

    const partial = await shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Parte", passengerIds: [desk.tickets[0]!.passengers[0]!.id], amount: 12_345 }, { token: staff.token });
    expect(partial.status).toBe(201);
    const first = await noteText(orderId, partial.body.data.id);
    expect(first).toContain(`: ${money(value)}`);
    expect(first).toContain(`Retenido (no devuelto): ${money(12_345 - value)}`);
    expect(first).toContain(`Total: ${money(12_345)}`);

    const rest = await shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Todo" }, { token: staff.token });
    expect(rest.status).toBe(201);
    expect(rest.body.data.amount).toBe(2 * value - 12_345);
    const second = await noteText(orderId, rest.body.data.id);
    expect(second).toContain(`Resto del pago devuelto: ${money(value - 12_345)}`);
    expect(second).toContain(`Total: ${money(2 * value - 12_345)}`);
  });
});
