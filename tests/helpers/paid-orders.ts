/**
 * A paid order as the money tests need one: a new buyer books one-seat tickets of the Festival for named passengers
 * (Viajero 1, 2, …) by bank transfer, and staff confirm the transfer.
 */
import { expect } from "vitest";
import { countyOf, eventOffer, purchaseBody } from "./fixtures";
import type { TestShop } from "./test-shop";

export async function paidTransferOrder(shop: TestShop, staffToken: string, seats = 2) {
  const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, Array(seats).fill(variant.id), await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: `Viajero ${i + 1}`, email: `v${i}@example.com`, phone: "3001112233", passengerAddress: "Calle 1" }]));
  const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  const orderId = started.body.data.orderId;
  expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staffToken })).status).toBe(200);
  return { me, orderId };
}
