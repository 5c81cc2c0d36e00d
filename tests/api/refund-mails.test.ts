/**
 * Refund mails tell what happened: the refunded passengers (never the ones who kept their seat), the refunded
 * amount, what stays booked, the order's real figures after the change, the reason staff chose (translated) and
 * their own words, in the buyer's language; for a staff refund, a Webpay partial refund, a self-cancel of one of
 * five and a second refund of the same order.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, users } from "../../src/server/db/schema";
import { formatPrice } from "../../src/shared/format/money";
import type { OrderDesk, RefundAnswer } from "../../src/shared/schemas/answers/order-desk";
import type { Locale } from "../../src/shared/locales";
import { approveInSimulator } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
});
afterAll(async () => {
  await shop?.close();
});

const NAMES = ["Andrés Peñaloza", "María Gómez", "Luis Pardo", "Sofía Ríos", "Tomás Vera"];

/** A paid order of one-seat tickets, one named passenger each, paid on the given method. */
async function paidOrder(slug: string, paymentCode: "mercadopago" | "webpay" | "transferencia", count = 2) {
  const offer = await eventOffer(shop.db, slug);
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const county = await countyOf(shop.db, variant.provinceId);
  const me = await shop.buyer();
  const body = purchaseBody(offer, Array(count).fill(variant.id), county, { paymentCode });
  body.tickets.forEach((ticket, i) => (ticket.passengers = [{ name: NAMES[i]!, email: `rider${i}@example.com`, phone: "3001112233", passengerAddress: "Calle 10 # 5-20" }]));
  const answer = await shop.call<{ orderId: number; webpay_token?: string; webpay_url?: string; preference_id?: string }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  const started = answer.body.data;
  if (paymentCode === "mercadopago" || paymentCode === "webpay") {
    await approveInSimulator(shop.origin, paymentCode, started);
  } else {
    expect((await shop.call("POST", `/shop-api/staff/orders/${started.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
  }
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, started.orderId));
  expect(order!.state).toBe("paid");
  return { me, orderId: started.orderId, order: order! };
}

const desk = async (orderId: number) => (await shop.call<OrderDesk>("GET", `/shop-api/staff/orders/${orderId}`, undefined, { token: staff.token })).body.data;
const refundCall = (orderId: number, body: object) => shop.call<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, body, { token: staff.token });

/** The lines of a mail's text between one label line ("Devuelto:") and the next blank line. */
function section(text: string, label: string): string[] {
  const lines = text.split("\n");
  const start = lines.indexOf(`${label}:`);
  if (start < 0) return [];
  const end = lines.indexOf("", start);
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The mails of a refund kind to that buyer, newest last. */
async function refundMails(email: string) {
  return (await shop.mailsTo(email)).filter((mail) => /devolvimos|devolveremos|refund|devolvemos|vamos devolver/i.test(mail.subject));
}

const money = (amount: number, currency: string, locale: Locale) => formatPrice(amount, currency, locale);

describe("refund mails", () => {
  it("a staff refund of one passenger names that passenger, the chosen reason and staff's words, what stays booked and the real figures", async () => {
    const { me, orderId, order } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const maria = (await desk(orderId)).tickets[1]!;
    const value = maria.discountPrice ?? maria.price;
    const answer = await refundCall(orderId, { reasonCode: "event_rescheduled", reason: "Evento reprogramado al sábado 14", passengerIds: [maria.passengers[0]!.id] });
    expect(answer.status).toBe(201);
    expect(answer.body.data.reason).toBe("event_rescheduled");

    const mails = await refundMails(me.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain("La fecha del evento");
    expect(text).toContain("«Evento reprogramado al sábado 14»");
    expect(text).not.toContain("Atendimos tu solicitud de devolución.");
    expect(section(text, "Devuelto").join("\n")).toContain("María Gómez");
    expect(section(text, "Devuelto").join("\n")).not.toContain("Andrés Peñaloza");
    expect(section(text, "Sigue reservado").join("\n")).toContain("Andrés Peñaloza");
    expect(section(text, "Sigue reservado").join("\n")).not.toContain("María Gómez");
    expect(text).toContain(`Monto devuelto: ${money(value, "COP", "es_CO")}`);
    expect(text).toContain(`Pagado: ${money(order.total, "COP", "es_CO")}`);
    expect(text).toContain(`\nDevuelto: ${money(value, "COP", "es_CO")}`);
    expect(text).toContain(`Neto: ${money(order.total - value, "COP", "es_CO")}`);
    expect(mails[0]!.html).toContain("Evento reprogramado al sábado 14");
  });

  it("refuses a reason that is not on the staff's list", async () => {
    const { orderId } = await paidOrder("festival-sonidos-de-la-sabana", "mercadopago");
    const refused = await refundCall(orderId, { reasonCode: "seats_resold", reason: "x" });
    expect(refused.status).toBe(422);
  });

  it("a partial Webpay refund names the refunded passenger in the buyer's language; the next refund tells the whole money", async () => {
    const { me, orderId, order } = await paidOrder("festival-parque-ohiggins", "webpay");
    await shop.db.update(users).set({ localeCode: "en_US" }).where(eq(users.email, me.email));
    const first = (await desk(orderId)).tickets[0]!;
    const value = first.discountPrice ?? first.price;
    expect((await refundCall(orderId, { reasonCode: "service_issue", reason: "The van broke down", passengerIds: [first.passengers[0]!.id] })).status).toBe(201);
    let mails = await refundMails(me.email);
    expect(mails).toHaveLength(1);
    let text = mails[0]!.text;
    expect(text).toContain("There was a problem with our service.");
    expect(text).toContain("“The van broke down”");
    expect(section(text, "Refunded")).toEqual([expect.stringContaining("Andrés Peñaloza")]);
    expect(section(text, "Still booked")).toEqual([expect.stringContaining("María Gómez")]);
    expect(text).toContain(`Amount refunded: ${money(value, "CLP", "en_US")}`);
    expect(text).toContain(`Paid: ${money(order.total, "CLP", "en_US")}`);

    // The rest of the order: the mail names María, gives back what was left and says the order now comes to 0.
    expect((await refundCall(orderId, { reasonCode: "duplicate_purchase", reason: "Bought twice" })).status).toBe(201);
    mails = await refundMails(me.email);
    expect(mails).toHaveLength(2);
    text = mails.find((mail) => mail.text.includes("You bought the same booking twice."))!.text;
    expect(section(text, "Refunded")).toEqual([expect.stringContaining("María Gómez")]);
    expect(section(text, "Still booked")).toEqual([]);
    expect(text).toContain(`Amount refunded: ${money(order.total - value, "CLP", "en_US")}`);
    expect(text).toContain(`\nRefunded: ${money(order.total, "CLP", "en_US")}`);
    expect(text).toContain(`Net: ${money(0, "CLP", "en_US")}`);
    expect(text).not.toContain(`Total: ${money(order.total - value, "CLP", "en_US")}`);
  });

  it("a self-cancel of one passenger of five names that one, lists the four who stay and the real total", async () => {
    const { me, orderId, order } = await paidOrder("festival-sonidos-de-la-sabana", "transferencia", 5);
    const tickets = (await desk(orderId)).tickets;
    const luis = tickets[2]!;
    const value = luis.discountPrice ?? luis.price;
    const cancelled = await shop.call("POST", `/shop-api/orders/${orderId}/cancel`, { passengerIds: [luis.passengers[0]!.id] }, { token: me.token });
    expect(cancelled.status).toBe(200);
    const mails = await refundMails(me.email);
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain("Cancelaste tu reserva desde tu cuenta.");
    expect(section(text, "Devuelto")).toEqual([expect.stringContaining("Luis Pardo")]);
    const kept = section(text, "Sigue reservado").join("\n");
    for (const name of ["Andrés Peñaloza", "María Gómez", "Sofía Ríos", "Tomás Vera"]) expect(kept).toContain(name);
    expect(kept).not.toContain("Luis Pardo");
    expect(text).toContain(`Monto devuelto: ${money(value, "COP", "es_CO")}`);
    expect(text).toContain(`Pagado: ${money(order.total, "COP", "es_CO")}`);
    expect(text).toContain(`\nDevuelto: ${money(value, "COP", "es_CO")}`);
    expect(text).toContain(`Neto: ${money(order.total - value, "COP", "es_CO")}`);
    // No staff words in a customer's own cancellation.
    expect(text).not.toContain("Nuestro equipo te escribe");
  });
});
