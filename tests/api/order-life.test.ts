/**
 * An order's life through its one home (services/order-life/): every change of state the shop makes (purchase,
 * payment, a lapsed order paid after all, expiry, cancellations by the gateway, the buyer, staff and the shop,
 * refunds whole and split, a share's chosen method) lands in the order's history at the desk with who made it and
 * why, and a change the table does not allow changes nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders } from "../../src/server/db/schema";
import { cancelEventOrders } from "../../src/server/services/orders/event-cancellation";
import { byCustomer, byGateway, byStaff, cancel, chooseMethod, markPaid, refund } from "../../src/server/services/order-life/order-life";
import type { OrderDesk, RefundAnswer } from "../../src/shared/schemas/answers/order-desk";
import type { SelfCancelAnswer } from "../../src/shared/schemas/answers/self-cancel";
import { postForm, visit } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; email: string; token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
let variantId: number;
let county: number;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  variantId = variant.id;
  county = await countyOf(shop.db, variant.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

interface Started {
  orderId: number;
  preference_id?: string;
}

async function buy(paymentCode: "mercadopago" | "transferencia", seats = 1) {
  const me = await shop.buyer();
  const body = purchaseBody(offer, Array(seats).fill(variantId), county, { paymentCode });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: `Pasajero ${i + 1}`, email: `p${i}@example.com`, phone: "3001112233", passengerAddress: "Calle 1" }]));
  const answer = await shop.call<Started>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  return { me, orderId: answer.body.data.orderId, started: answer.body.data };
}

async function decide(preferenceId: string, action: "approve" | "reject") {
  const back = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: preferenceId, action });
  await visit(back.headers.get("location")!);
}

const desk = async (orderId: number) => {
  const answer = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const lifeOf = async (orderId: number) => (await desk(orderId)).history.map((entry) => [entry.action, entry.actor, entry.by]);
const stateOf = async (orderId: number) => (await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, orderId)))[0]!.state;
const historyRows = async (orderId: number) => (await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "orders"), eq(auditLog.resourceId, orderId)))).length;
const confirmTransfer = (orderId: number) => shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token });
/** Runs `run` with the shop's clock past every hold, then back. */
async function afterTheHolds<T>(run: () => Promise<T>): Promise<T> {
  shop.clock.offset += 3 * 24 * 3_600_000;
  try {
    return await run();
  } finally {
    shop.clock.offset -= 3 * 24 * 3_600_000;
  }
}

describe("the purchase and its payment", () => {
  it("a card purchase paid by the gateway: the buyer bought, the gateway paid", async () => {
    const { me, orderId, started } = await buy("mercadopago");
    expect(await lifeOf(orderId)).toEqual([["purchase", "customer", me.email]]);
    await decide(started.preference_id!, "approve");
    expect(await stateOf(orderId)).toBe("paid");
    const life = await desk(orderId);
    expect(life.history.map((entry) => [entry.action, entry.actor, entry.by])).toEqual([
      ["purchase", "customer", me.email],
      ["payment", "gateway", "mercadopago"],
    ]);
    expect(life.history[1]!.details).toMatchObject({ state: "paid", providerReference: life.payments[0]!.providerReference });
    // The confirmation mail was queued with the change.
    expect(life.messages.map((message) => message.what)).toEqual(["confirmation"]);
  });

  it("a refused card payment: the gateway cancels the order and says why", async () => {
    const { me, orderId, started } = await buy("mercadopago");
    await decide(started.preference_id!, "reject");
    expect(await stateOf(orderId)).toBe("cancelled");
    const life = await desk(orderId);
    expect(life.history.map((entry) => [entry.action, entry.actor, entry.by])).toEqual([
      ["purchase", "customer", me.email],
      ["cancel", "gateway", "mercadopago"],
    ]);
    expect(life.history[1]!.details).toEqual({ state: "cancelled", reason: "rejected" });
  });
});

describe("holds that run out", () => {
  it("the sweeper expires an unpaid transfer; staff confirming it later pays the lapsed order (its seats were free)", async () => {
    const { me, orderId } = await buy("transferencia");
    await afterTheHolds(async () => {
      expect(await stateOf(orderId)).toBe("awaiting_transfer_payment");
      expect((await desk(orderId)).state).toBe("expired");
    });
    expect((await confirmTransfer(orderId)).status).toBe(200);
    expect(await stateOf(orderId)).toBe("paid");
    const life = await desk(orderId);
    expect(life.history.map((entry) => [entry.action, entry.actor, entry.by])).toEqual([
      ["purchase", "customer", me.email],
      ["expire", "sweeper", "sweeper"],
      ["transfer_confirm", "staff", staff.email],
    ]);
    expect(life.history[1]!.details).toEqual({ state: "expired" });
    expect(life.messages.map((message) => message.what)).toEqual(["transfer_instructions", "payment_received"]);
  });

  it("staff rejecting a transfer whose hold ran out cancel it, with their reason and the buyer's mail", async () => {
    const { orderId } = await buy("transferencia");
    await afterTheHolds(() => desk(orderId));
    const rejected = await shop.call("POST", `/shop-api/staff/orders/${orderId}/reject-transfer`, { reason: "No llegó el dinero" }, { token: staff.token });
    expect(rejected.status).toBe(200);
    const life = await desk(orderId);
    expect(life.state).toBe("cancelled");
    expect(life.history.slice(-1)).toEqual([expect.objectContaining({ action: "transfer_reject", actor: "staff", details: { state: "cancelled", reason: "No llegó el dinero" } })]);
    expect(life.messages.map((message) => message.what)).toContain("transfer_rejected");
  });
});

describe("cancellations and refunds", () => {
  it("the buyer cancels an unpaid order from their account", async () => {
    const { me, orderId } = await buy("transferencia");
    const cancelled = await shop.call<SelfCancelAnswer>("POST", `/shop-api/orders/${orderId}/cancel`, {}, { token: me.token });
    expect(cancelled.status).toBe(200);
    expect(await lifeOf(orderId)).toEqual([
      ["purchase", "customer", me.email],
      ["cancel", "customer", me.email],
    ]);
  });

  it("the buyer cancels a paid order: the whole refund is theirs in the history", async () => {
    const { me, orderId } = await buy("transferencia");
    await confirmTransfer(orderId);
    const cancelled = await shop.call<SelfCancelAnswer>("POST", `/shop-api/orders/${orderId}/cancel`, {}, { token: me.token });
    expect(cancelled.body.data.state).toBe("cancelled");
    const life = await desk(orderId);
    expect(life.history.map((entry) => [entry.action, entry.actor])).toEqual([
      ["purchase", "customer"],
      ["transfer_confirm", "staff"],
      ["refund", "customer"],
    ]);
    expect(life.history[2]!.details).toMatchObject({ state: "cancelled", reason: "customer_cancelled", amount: life.refunds[0]!.amount });
  });

  it("staff cancel an unpaid order with their reason", async () => {
    const { orderId } = await buy("transferencia");
    await shop.call("POST", `/shop-api/staff/orders/${orderId}/cancel`, { reason: "Lo pidió por teléfono" }, { token: staff.token });
    expect((await desk(orderId)).history.slice(-1)).toEqual([
      expect.objectContaining({ action: "cancel", actor: "staff", by: staff.email, details: { state: "cancelled", reason: "Lo pidió por teléfono" } }),
    ]);
  });

  it("staff refund one passenger: the paid order keeps its state, the split order is linked and has its own history", async () => {
    const { orderId } = await buy("transferencia", 2);
    await confirmTransfer(orderId);
    const passenger = (await desk(orderId)).tickets[1]!.passengers[0]!;
    const refunded = await shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "Evento reprogramado", passengerIds: [passenger.id] }, { token: staff.token });
    expect(refunded.status).toBe(201);
    const splitId = refunded.body.data.splitOrderId!;
    expect(await stateOf(orderId)).toBe("paid");
    expect((await desk(orderId)).history.slice(-1)).toEqual([expect.objectContaining({ action: "refund", actor: "staff", details: expect.objectContaining({ state: "paid", splitOrderId: splitId }) })]);
    const split = await desk(splitId);
    expect(split).toMatchObject({ state: "cancelled", splitFromId: orderId });
    expect(split.history).toEqual([expect.objectContaining({ action: "split", actor: "staff", details: expect.objectContaining({ state: "cancelled" }) })]);
    expect(split.refunds.map((row) => row.id)).toEqual([refunded.body.data.id]);
    expect(split.payments).toHaveLength(1);
  });

  it("an event the shop cancels cancels its paid orders in their history, naming the staff member", async () => {
    const { orderId } = await buy("transferencia");
    await confirmTransfer(orderId);
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    const cancelled = await shop.db.transaction((tx) => cancelEventOrders(tx, order!.eventId, byStaff(staff)));
    expect(cancelled).toContain(orderId);
    expect((await desk(orderId)).history.slice(-1)).toEqual([
      expect.objectContaining({ action: "cancel", actor: "staff", by: staff.email, details: { state: "cancelled", reason: "event_cancelled" } }),
    ]);
  });
});

describe("a share's chosen method, and changes the table refuses", () => {
  it("choosing a method moves the awaiting state, once, and is in the history", async () => {
    const { me, orderId } = await buy("mercadopago");
    expect(await shop.db.transaction((tx) => chooseMethod(tx, orderId, "transferencia", "awaiting_transfer_payment", byCustomer(me.id)))).toBe(true);
    expect(await stateOf(orderId)).toBe("awaiting_transfer_payment");
    expect(await shop.db.transaction((tx) => chooseMethod(tx, orderId, "transferencia", "awaiting_transfer_payment", byCustomer(me.id)))).toBe(true);
    expect((await desk(orderId)).history.map((entry) => [entry.action, entry.actor, entry.details])).toEqual([
      ["purchase", "customer", { state: "awaiting_payment" }],
      ["payment_method", "customer", { state: "awaiting_transfer_payment", paymentCode: "transferencia" }],
    ]);
  });

  it("refuses what the table does not allow, and writes nothing", async () => {
    const { me, orderId } = await buy("transferencia");
    const entries = await historyRows(orderId);
    // Only a paid order is refunded; an unpaid one is no paid one to cancel.
    expect(await shop.db.transaction((tx) => refund(tx, orderId, byStaff(staff), {}))).toBe(false);
    expect(await shop.db.transaction((tx) => cancel(tx, orderId, byStaff(staff), ["paid"]))).toBe(false);
    expect(await stateOf(orderId)).toBe("awaiting_transfer_payment");
    await confirmTransfer(orderId);
    const paid = await historyRows(orderId);
    expect(paid).toBe(entries + 1);
    // Paid twice is paid once; a paid order chooses no method any more.
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    expect(await shop.db.transaction((tx) => markPaid(tx, order!.id, byGateway("transferencia"), new Date()))).toBe("already_paid");
    expect(await shop.db.transaction((tx) => chooseMethod(tx, orderId, "mercadopago", "awaiting_payment", byCustomer(me.id)))).toBe(false);
    expect(await historyRows(orderId)).toBe(paid);
    expect(await stateOf(orderId)).toBe("paid");
  });
});
