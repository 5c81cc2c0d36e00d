/**
 * Refunds asked for at once: ten staff clicks refunding the same passenger, or the whole order, give back the
 * money once; every later one is told `already_refunded` (409), never that the passenger does not exist.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, refunds } from "../../src/server/db/schema";
import type { OrderDesk } from "../../src/shared/schemas/answers/order-desk";
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

/** A paid order (a transfer staff confirmed) of two one-seat tickets, one passenger each. */
async function paidOrder() {
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const county = await countyOf(shop.db, variant.provinceId);
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id, variant.id], county, { paymentCode: "transferencia" });
  body.tickets[1]!.passengers = [{ name: "Luis Pardo", email: "luis@example.com", phone: "3104445566", passengerAddress: "Calle 2" }];
  const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(started.status).toBe(201);
  const orderId = started.body.data.orderId;
  expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
  const desk = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token });
  const passengerIds = desk.body.data.tickets.flatMap((ticket) => ticket.passengers.map((passenger) => passenger.id));
  return { orderId, passengerIds };
}

const refund = (orderId: number, body: object) =>
  shop.call<unknown>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Pidió devolución", ...body }, { token: staff.token });

describe("concurrent refunds of one passenger", () => {
  it("refunds once; the nine others answer 409 already_refunded", async () => {
    const { orderId, passengerIds } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, { passengerIds: [passengerIds[0]] })));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const answer of answers.filter((a) => a.status === 409)) expect((answer.body as { code: string }).code).toBe("already_refunded");
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    // Asked again later, the same answer; a passenger of no order is still not found.
    expect((await refund(orderId, { passengerIds: [passengerIds[0]] })).status).toBe(409);
    expect((await refund(orderId, { passengerIds: [999_999] })).status).toBe(404);
  });

  it("a whole order refunded at once ten times: one refund, nine already_refunded", async () => {
    const { orderId } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, {})));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect(answers.filter((a) => a.status === 409).every((a) => (a.body as { code: string }).code === "already_refunded")).toBe(true);
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    expect((await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.state).toBe("cancelled");
  });
});
