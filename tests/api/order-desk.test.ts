/**
 * The staff's order desk and refunds: finding an order by a passenger's name or phone, the order with everything
 * about it, correcting a passenger, resending, notes, cancelling, refunding all or some passengers through the
 * gateways (once, however often asked) or by hand, the buyer's mail with the real reason, and the audit trail.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, orders, outbox, payments, refunds, seatCounts, users } from "../../src/server/db/schema";
import type { MailSkipReason } from "../../src/shared/domain/mail-skips";
import { translate } from "../../src/shared/i18n";
import { paymentSettings } from "../../src/server/payments/config";
import { WEBPAY_TRANSACTIONS_PATH } from "../../src/server/payments/webpay-protocol";
import type { OrderDesk, RefundAnswer, RefundDeskItem } from "../../src/shared/schemas/answers/order-desk";
import type { StaffOrderPage } from "../../src/shared/schemas/answers/staff-day";
import { approveInSimulator } from "../helpers/browser";
import { countyOf, eventOffer, insertOrder, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; email: string; token: string };

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
});
afterAll(async () => {
  await shop?.close();
});

interface Started {
  orderId: number;
  webpay_token?: string;
  webpay_url?: string;
  preference_id?: string;
}

const PASSENGERS = [
  { name: "Andrés Peñaloza", email: "andres@example.com", phone: "+57 315 765 4321", passengerAddress: "Calle 10 # 5-20" },
  { name: "María Gómez", email: "maria@example.com", phone: "3001112233", passengerAddress: "Carrera 7 # 40-10" },
];

/** A paid order of two one-seat tickets, one passenger each, paid on the gateway the event's country uses. */
async function paidOrder(slug: string, paymentCode: "mercadopago" | "webpay" | "transferencia") {
  const offer = await eventOffer(shop.db, slug);
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const county = await countyOf(shop.db, variant.provinceId);
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id, variant.id], county, { paymentCode });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [PASSENGERS[i]!]));
  const answer = await shop.call<Started>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  const started = answer.body.data;
  if (paymentCode === "mercadopago" || paymentCode === "webpay") {
    await approveInSimulator(shop.origin, paymentCode, started);
  } else {
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
  }
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, started.orderId));
  expect(order!.state).toBe("paid");
  return { me, orderId: started.orderId, order: order!, variant, started };
}

const desk = async (orderId: number) => {
  const answer = await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token });
  expect(answer.status).toBe(200);
  return answer.body.data;
};
const search = async (q: string) =>
  (await shop.call<StaffOrderPage>("GET", `/shop-api/staff/orders?pageSize=100&q=${encodeURIComponent(q)}`, undefined, { token: staff.token })).body.data.items.map((item) => item.id);
const seatsTaken = async (variantId: number, eventDateId: number) =>
  (await shop.db.select().from(seatCounts).where(and(eq(seatCounts.productVariantId, variantId), eq(seatCounts.eventDateId, eventDateId))))[0]?.taken ?? 0;
const refundCall = (orderId: number, body: object, token = staff.token) => shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, body, { token });

async function mercadoPagoRefunds(paymentId: string) {
  const answer = await fetch(`${shop.origin}/payments-sim/mercadopago/v1/payments/${paymentId}/refunds`, {
    headers: { authorization: `Bearer ${paymentSettings(shop.env).mercadopago.accessToken}` },
  });
  return (await answer.json()) as { amount: number }[];
}
async function webpayRefunds(token: string) {
  const settings = paymentSettings(shop.env).webpay;
  const answer = await fetch(`${shop.origin}/payments-sim/webpay${WEBPAY_TRANSACTIONS_PATH}/${token}/refunds`, {
    headers: { "tbk-api-key-id": settings.commerceCode, "tbk-api-key-secret": settings.apiKey },
  });
  return (await answer.json()) as { nullified_amount: number }[];
}

describe("who may use the order desk", () => {
  it("refuses visitors (401) and customers (403) on every staff call, and changes nothing", async () => {
    const { me, orderId, order } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const calls = [
      ["GET", `/shop-api/staff/orders/${orderId}`, undefined],
      ["PUT", `/shop-api/staff/orders/${orderId}/passengers/1`, PASSENGERS[0]],
      ["POST", `/shop-api/staff/orders/${orderId}/resend`, undefined],
      ["POST", `/shop-api/staff/orders/${orderId}/notes`, { text: "hola" }],
      ["POST", `/shop-api/staff/orders/${orderId}/cancel`, { reason: "no" }],
      ["POST", `/shop-api/staff/orders/${orderId}/refund`, { reason: "no" }],
      ["GET", "/shop-api/staff/refunds", undefined],
      ["POST", "/shop-api/staff/refunds/1/paid", { bankDetails: "x" }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await shop.call(method, path, body)).status).toBe(401);
      const refused = await shop.call(method, path, body, { token: me.token });
      expect(refused.status, `${method} ${path}`).toBe(403);
    }
    expect((await shop.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.state).toBe(order.state);
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });
});

describe("a mail the outbox skipped on purpose", () => {
  it("shows as not sent, with its reason, never as sent: instructions for a transfer already confirmed, a mail to a refused address", async () => {
    const { me, orderId } = await paidOrder("festival-sonidos-de-la-sabana", "transferencia");
    await shop.mailsTo(me.email);
    let detail = await desk(orderId);
    // The instructions' row ran after staff had confirmed the transfer: it sent nothing.
    expect(detail.messages.find((message) => message.what === "transfer_instructions")).toMatchObject({ sent: false, skipped: "state_changed" });
    const paidMail = detail.messages.find((message) => message.what !== "transfer_instructions")!;
    expect(paidMail).toMatchObject({ sent: true, skipped: null });
    // The mail server refused the buyer's address for good: a resend is skipped and says why.
    await shop.db.update(users).set({ emailUndeliverableAt: new Date() }).where(eq(users.id, me.id));
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/resend`, undefined, { token: staff.token })).status).toBe(200);
    const before = (await shop.mailsTo(me.email)).length;
    expect((await shop.mailsTo(me.email)).length).toBe(before);
    detail = await desk(orderId);
    const resent = detail.messages.filter((message) => message.channel === "mail").at(-1)!;
    expect(detail.messages.filter((message) => message.channel === "mail")).toHaveLength(3);
    expect(resent).toMatchObject({ sent: false, skipped: "address_undeliverable" });
    // The desk's words for it, in each language the staff area speaks.
    expect(fillIn("en_US", resent.skipped!)).toBe("not sent: the mail server refused the customer's address");
    expect(fillIn("es_CO", "state_changed")).toBe("no enviado: el pedido ya había cambiado de estado");
  });
});

const fillIn = (locale: "en_US" | "es_CO", reason: MailSkipReason) => translate(locale, "desk.message_skipped", { reason: translate(locale, `desk.skip.${reason}`) });

describe("finding and reading an order", () => {
  it("finds an order by a passenger's name without accents or case, their phone typed any way, and their email", async () => {
    const { orderId } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    expect(await search("PEÑALOZA")).toContain(orderId);
    expect(await search("andres penaloza")).toContain(orderId);
    expect(await search("3157654321")).toContain(orderId);
    expect(await search("315-765-43-21")).toContain(orderId);
    expect(await search("+57 (315) 765 4321")).toContain(orderId);
    expect(await search("MARIA@example.com")).toContain(orderId);
    expect(await search("Peñalosa Nadie")).not.toContain(orderId);
  });

  it("shows the buyer, tickets with passengers and addresses, the payment with the gateway's answers and the mails sent", async () => {
    const { me, orderId, order } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    await shop.mailsTo(me.email);
    const detail = await desk(orderId);
    expect(detail).toMatchObject({ id: orderId, state: "paid", total: order.total, buyer: { id: me.id, email: me.email } });
    expect(detail.tickets).toHaveLength(2);
    expect(detail.tickets.flatMap((ticket) => ticket.passengers.map((p) => p.name))).toEqual(["Andrés Peñaloza", "María Gómez"]);
    expect(detail.tickets[0]!.addresses[0]!.address).toBe("Calle 1 # 2-3");
    expect(detail.payments[0]).toMatchObject({ method: "mercadopago", state: "approved", amount: order.total });
    expect(detail.payments[0]!.answers.length).toBeGreaterThanOrEqual(2);
    expect(detail.messages).toEqual([expect.objectContaining({ channel: "mail", what: "confirmation", to: me.email, sent: true })]);
    expect((await shop.call("GET", "/shop-api/staff/orders/999999", undefined, { token: staff.token })).status).toBe(404);
  });
});

describe("staff actions on an order", () => {
  it("corrects a passenger, resends the tickets and takes a note, each in the order's history with who did it", async () => {
    const { me, orderId } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const passengerId = (await desk(orderId)).tickets[0]!.passengers[0]!.id;
    const fixed = await shop.call("PUT", `/shop-api/staff/orders/${orderId}/passengers/${passengerId}`, { ...PASSENGERS[0], name: "Andrés Peñaloza Ruiz", phone: "315 765 4321" }, { token: staff.token });
    expect(fixed.status).toBe(200);
    const bad = await shop.call("PUT", `/shop-api/staff/orders/${orderId}/passengers/${passengerId}`, { ...PASSENGERS[0], email: "no" }, { token: staff.token });
    expect(bad.status).toBe(422);
    // A passenger of another order is not this order's.
    expect((await shop.call("PUT", `/shop-api/staff/orders/${orderId}/passengers/1`, PASSENGERS[0], { token: staff.token })).status).toBe(404);

    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/resend`, undefined, { token: staff.token })).status).toBe(200);
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/notes`, { text: "Llamó para cambiar el nombre" }, { token: staff.token })).status).toBe(201);

    const tickets = (await shop.mailsTo(me.email)).filter((mail) => mail.subject.startsWith("Tus tickets"));
    expect(tickets).toHaveLength(2);
    expect(tickets[1]!.text).toContain("Andrés Peñaloza Ruiz");
    const detail = await desk(orderId);
    expect(detail.tickets[0]!.passengers[0]).toMatchObject({ name: "Andrés Peñaloza Ruiz", phone: "+573157654321" });
    // The purchase and its card payment open the order's history, by the buyer and the gateway.
    expect(detail.history.map((entry) => [entry.action, entry.actor, entry.by])).toEqual([
      ["purchase", "customer", me.email],
      ["payment", "gateway", "mercadopago"],
      ["passenger_update", "staff", staff.email],
      ["resend", "staff", staff.email],
      ["note", "staff", staff.email],
    ]);
    expect(detail.history[4]!.details).toEqual({ text: "Llamó para cambiar el nombre" });
    const [audit] = await shop.db.select().from(auditLog).where(and(eq(auditLog.resourceId, orderId), eq(auditLog.action, "passenger_update")));
    expect(audit!.before).toMatchObject({ name: "Andrés Peñaloza" });
  });

  it("cancels a waiting order: its seats go back on sale, and the cancellation is audited", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const me = await shop.buyer();
    const before = await seatsTaken(variant.id, offer.eventDateId);
    const started = await shop.call<Started>("POST", "/shop-api/init-payment", purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" }), { token: me.token });
    expect(await seatsTaken(variant.id, offer.eventDateId)).toBe(before + 1);
    const cancelled = await shop.call("POST", `/shop-api/staff/orders/${started.body.data.orderId}/cancel`, { reason: "Pidió cancelar por teléfono" }, { token: staff.token });
    expect(cancelled.body.data).toEqual({ orderId: started.body.data.orderId, done: true });
    expect(await seatsTaken(variant.id, offer.eventDateId)).toBe(before);
    expect((await desk(started.body.data.orderId)).history.map((entry) => [entry.action, entry.actor])).toEqual([
      ["purchase", "customer"],
      ["cancel", "staff"],
    ]);
    expect((await desk(started.body.data.orderId)).history[1]!.details).toMatchObject({ state: "cancelled", reason: "Pidió cancelar por teléfono" });
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.body.data.orderId}/cancel`, { reason: "otra vez" }, { token: staff.token })).status).toBe(409);
  });

  it("cancels a paid order that charged nothing (an organiser's prepaid booking) without a refund, freeing its seats", async () => {
    const offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const me = await shop.buyer();
    const before = await seatsTaken(variant.id, offer.eventDateId);
    const orderId = await insertOrder(shop.db, { userId: me.id, eventId: offer.event.id, eventDateId: offer.eventDateId, provinceId: variant.provinceId, state: "paid", ticketVariants: [variant.id] });
    expect(await seatsTaken(variant.id, offer.eventDateId)).toBe(before + 1);
    const cancelled = await shop.call("POST", `/shop-api/staff/orders/${orderId}/cancel`, { reason: "El organizador la anuló" }, { token: staff.token });
    expect(cancelled.body.data).toEqual({ orderId, done: true });
    expect(await seatsTaken(variant.id, offer.eventDateId)).toBe(before);
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(0);
  });

  it("audits a confirmed transfer in the order's history", async () => {
    const { orderId } = await paidOrder("festival-sonidos-de-la-sabana", "transferencia");
    expect((await desk(orderId)).history).toEqual([
      expect.objectContaining({ action: "purchase", actor: "customer" }),
      expect.objectContaining({ action: "transfer_confirm", actor: "staff", by: staff.email, details: { state: "paid" } }),
    ]);
  });
});

describe("refunds", () => {
  it("refunds one passenger by card: their seat goes back, MercadoPago refunds that ticket, and the buyer is mailed why", async () => {
    const { me, orderId, order, variant } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const taken = await seatsTaken(variant.id, order.eventDateId!);
    const detail = await desk(orderId);
    const maria = detail.tickets[1]!.passengers[0]!;
    const ticketValue = detail.tickets[1]!.discountPrice ?? detail.tickets[1]!.price;
    const answer = await refundCall(orderId, { reason: "No puede viajar", passengerIds: [maria.id] });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ amount: ticketValue, method: "mercadopago", reason: "requested", state: "pending", created: true });
    expect(await seatsTaken(variant.id, order.eventDateId!)).toBe(taken - 1);

    const mails = (await shop.mailsTo(me.email)).filter((mail) => mail.subject.startsWith("Te devolvimos"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Atendimos tu solicitud de devolución.");
    expect(mails[0]!.text).toContain("Mercado Pago");
    expect(mails[0]!.text).not.toContain("ya se habían vendido");
    const after = await desk(orderId);
    expect(after.state).toBe("paid");
    expect(after.total).toBe(order.total - ticketValue);
    expect(after.tickets[1]!.refundedIn).toBe(answer.body.data.splitOrderId);
    expect(after.refunds).toEqual([expect.objectContaining({ state: "refunded", amount: ticketValue })]);
    expect(after.history.map((entry) => entry.action)).toEqual(["purchase", "payment", "refund"]);
    expect(after.history[2]).toMatchObject({ actor: "staff", by: staff.email, details: { state: "paid", splitOrderId: answer.body.data.splitOrderId, note: "No puede viajar" } });
    // The split-off order carries its own story: the payment that paid its ticket, its refund, its mail, its history.
    const split = await desk(answer.body.data.splitOrderId!);
    expect(split).toMatchObject({ state: "cancelled", splitFromId: orderId, total: ticketValue });
    expect(split.tickets.flatMap((ticket) => ticket.passengers.map((p) => p.id))).toEqual([maria.id]);
    expect(split.payments).toEqual([expect.objectContaining({ method: "mercadopago", amount: order.total })]);
    expect(split.refunds).toEqual([expect.objectContaining({ id: answer.body.data.id, amount: ticketValue })]);
    expect(split.messages.map((message) => message.what)).toEqual([expect.stringMatching(/^refund/)]);
    expect(split.history).toEqual([expect.objectContaining({ action: "split", actor: "staff", details: expect.objectContaining({ state: "cancelled" }) })]);
    const paymentId = after.payments[0]!.providerReference!;
    expect((await mercadoPagoRefunds(paymentId)).map((refund) => refund.amount)).toEqual([ticketValue]);
    expect(after.payments[0]!.state).toBe("approved");

    // A shared choice of passengers that splits no ticket, past what is left, is refused.
    const tooMuch = await refundCall(orderId, { reason: "x", amount: order.total });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe("refund_too_large");
    // The limit reads as money, not as minor units.
    expect(tooMuch.body.message).toMatch(/^No se puede devolver más de COP \d{1,3}(\.\d{3})*$/);
  });

  it("pays once when the same refund is asked 10 times at once, and the gateway records one refund", async () => {
    const { orderId, order, variant } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const taken = await seatsTaken(variant.id, order.eventDateId!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => refundCall(orderId, { reason: "Evento reprogramado", idempotencyKey: "retry-key-123" })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.body.data.created)).toHaveLength(1);
    await shop.app.outbox.drain();
    expect(await shop.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
    const detail = await desk(orderId);
    expect(detail.state).toBe("cancelled");
    expect(detail.payments[0]!.state).toBe("refunded");
    expect(await seatsTaken(variant.id, order.eventDateId!)).toBe(taken - 2);
    expect((await mercadoPagoRefunds(detail.payments[0]!.providerReference!)).map((refund) => refund.amount)).toEqual([order.total]);
    // Nothing is left to give back: a later refund is told the money already went back.
    expect((await refundCall(orderId, { reason: "otra" })).body.code).toBe("already_refunded");
  });

  it("never refunds twice on Webpay when the job runs again after a crash", async () => {
    const { orderId, order, started } = await paidOrder("festival-parque-ohiggins", "webpay");
    const answer = await refundCall(orderId, { reason: "Solicitud del cliente" });
    await shop.app.outbox.drain();
    const [row] = await shop.db.select().from(refunds).where(eq(refunds.id, answer.body.data.id));
    expect(row!.state).toBe("refunded");
    // As if the process died after Transbank refunded and before the row was marked.
    await shop.db.update(refunds).set({ state: "pending" }).where(eq(refunds.id, row!.id));
    await shop.db.insert(outbox).values({ kind: "refund.gateway", payload: { refundId: row!.id } });
    await shop.app.outbox.drain();
    expect((await shop.db.select().from(refunds).where(eq(refunds.id, row!.id)))[0]!.state).toBe("refunded");
    expect((await webpayRefunds(started.webpay_token!)).map((refund) => refund.nullified_amount)).toEqual([order.total]);
  });

  it("turns a bank-transfer refund into one to pay by hand, listed with the buyer to ask, and mails when staff pay it", async () => {
    const { me, orderId, order } = await paidOrder("festival-sonidos-de-la-sabana", "transferencia");
    const answer = await refundCall(orderId, { reason: "Pidió la devolución" });
    expect(answer.body.data).toMatchObject({ state: "awaiting_manual", method: "transferencia", amount: order.total });
    const list = await shop.call<RefundDeskItem[]>("GET", "/shop-api/staff/refunds?state=awaiting_manual", undefined, { token: staff.token });
    const item = list.body.data.find((entry) => entry.refund.id === answer.body.data.id)!;
    expect(item.buyer.email).toBe(me.email);
    expect((await shop.mailsTo(me.email)).some((mail) => mail.subject.startsWith("Te devolveremos") && mail.text.includes("Responde este correo con el banco"))).toBe(true);

    const paid = await shop.call<RefundAnswer>("POST", `/shop-api/staff/refunds/${answer.body.data.id}/paid`, { bankDetails: "Bancolombia ahorros 123, Ana Prueba CC 123" }, { token: staff.token });
    expect(paid.body.data).toMatchObject({ state: "refunded", created: true });
    const again = await shop.call<RefundAnswer>("POST", `/shop-api/staff/refunds/${answer.body.data.id}/paid`, { bankDetails: "otra" }, { token: staff.token });
    expect(again.body.data.created).toBe(false);
    const done = (await shop.mailsTo(me.email)).filter((mail) => mail.text.includes("Te transferimos"));
    expect(done).toHaveLength(1);
    const detail = await desk(orderId);
    expect(detail.payments[0]!.state).toBe("refunded");
    expect(detail.history.map((entry) => entry.action)).toEqual(["purchase", "transfer_confirm", "refund", "refund_paid"]);
  });
});

describe("the refund after an event is cancelled", () => {
  it("tells the buyer the event was cancelled, not that their seats were sold", async () => {
    const { me, orderId } = await paidOrder("festival-parque-ohiggins", "webpay");
    await shop.mailsTo(me.email);
    const { cancelEventOrders } = await import("../../src/server/services/orders/event-cancellation");
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, orderId));
    await shop.db.transaction((tx) => cancelEventOrders(tx, order!.eventId, { kind: "staff", id: null, name: "staff@rodamos.test" }));
    const mails = (await shop.mailsTo(me.email)).filter((mail) => mail.subject.startsWith("Te devolvimos"));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("fue cancelado.");
    expect(mails[0]!.text).not.toContain("ya se habían vendido");
    expect((await shop.db.select().from(payments).where(eq(payments.orderId, orderId)))[0]!.state).toBe("refunded");
  });
});
