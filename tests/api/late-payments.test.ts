/**
 * A payment that comes after its order's seats were sold again: staff confirming a bank transfer too late are told
 * (409 `transfer_too_late`) that refunding it is the next step, and that refund is already recorded: the payment is
 * owed back, a refund to pay by hand is on the refunds list, and the order's history shows the late payment and
 * the refund. Confirming again records nothing more.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, productVariants, refunds } from "../../src/server/db/schema";
import type { OrderDesk, RefundDeskItem } from "../../src/shared/schemas/answers/order-desk";
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

describe("a transfer confirmed after its seats were sold again", () => {
  it("answers 409 transfer_too_late with the refund recorded as the next step, in the order's history", async () => {
    const offer = await eventOffer(shop.db, "noche-vallenata-el-campin");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const [count] = await shop.db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variant.id));
    expect(count).toBeDefined();
    const buyer = await shop.buyer();
    const body = () => purchaseBody(offer, [variant.id], county, { paymentCode: "transferencia" });
    const late = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body(), { token: buyer.token });
    expect(late.status).toBe(201);
    const orderId = late.body.data.orderId;
    // Its hold ran out (as the sweep marks it) and the last seat was sold to someone else.
    await shop.db.update(orders).set({ state: "expired", holdExpiresAt: null }).where(eq(orders.id, orderId));
    const taken = await shop.db.execute<{ taken: number }>(
      `select coalesce((select taken from seat_counts where product_variant_id = ${variant.id} and event_date_id = ${offer.eventDateId}), 0)::int as taken` as never,
    );
    const rows = (Array.isArray(taken) ? taken : (taken as { rows: { taken: number }[] }).rows) as { taken: number }[];
    await shop.db.update(productVariants).set({ stock: Number(rows[0]!.taken) + 1 }).where(eq(productVariants.id, variant.id));
    shop.catalogueChanged();
    const other = await shop.call("POST", "/shop-api/init-payment", body(), { token: (await shop.buyer()).token });
    expect(other.status).toBe(201);

    const tooLate = await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });
    expect(tooLate.status).toBe(409);
    expect(tooLate.body.code).toBe("transfer_too_late");
    expect(tooLate.body.message).toContain("devolverla");
    await shop.app.outbox.drain();

    // Recorded: the payment is owed back, one refund to pay by hand for the whole amount, on the refunds list.
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment!.state).toBe("refund_due");
    const owed = await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(owed).toHaveLength(1);
    expect(owed[0]).toMatchObject({ state: "awaiting_manual", reason: "seats_resold", amount: payment!.amount });
    const list = await shop.call<RefundDeskItem[]>("GET", "/shop-api/staff/refunds?state=awaiting_manual", undefined, { token: staff.token });
    expect(list.body.data.some((item) => item.refund.id === owed[0]!.id)).toBe(true);

    // The order's history: the late payment (staff's confirmation, the seats resold) and the shop's own refund.
    const desk = (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
    const latePayment = desk.history.find((entry) => entry.action === "transfer_confirm");
    expect(latePayment?.details).toMatchObject({ state: "expired", outcome: "seats_resold" });
    const refunded = desk.history.find((entry) => entry.action === "refund");
    expect(refunded).toMatchObject({ actor: "sweeper" });
    expect(refunded?.details).toMatchObject({ refundId: owed[0]!.id, amount: payment!.amount, automatic: true });
    expect(desk.state).toBe("expired");

    // Confirming again: still too late, nothing more recorded.
    const again = await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });
    expect(again.body.code).toBe("transfer_too_late");
    await shop.app.outbox.drain();
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });
});
