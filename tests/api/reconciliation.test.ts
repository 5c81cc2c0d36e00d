/**
 * Reconciliation for finance: every capture and refund of a period by gateway, with the gateway's ids and fees,
 * what does not match flagged, totals per gateway and currency, the day on the event country's clock, CSV and a
 * typed XLSX, refusals of a wrong period; staff only.
 */
import { read as readWorkbook, utils as sheetUtils } from "@e965/xlsx";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, payments, refunds } from "../../src/server/db/schema";
import { wallClock } from "../../src/server/services/order-desk/order-exports";
import type { Reconciliation } from "../../src/shared/schemas/answers/reconciliation";
import { timeZoneOf } from "../../src/shared/format/dates";
import { approveInSimulator } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let today: string;
/** A day each side of Bogotá's today: every movement of this test's minutes, in every country's clock. */
let around: string;
const dayAfter = (day: string, days: number) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  today = wallClock(new Date(), timeZoneOf("CO")).slice(0, 10);
  around = `from=${dayAfter(today, -1)}&to=${dayAfter(today, 1)}`;
});
afterAll(async () => {
  await shop?.close();
});

/** A paid order of two seats: MercadoPago for the Colombian festival, Webpay for the Chilean one. */
async function paidOrder(paymentCode: "mercadopago" | "webpay") {
  const offer = await eventOffer(shop.db, paymentCode === "webpay" ? "festival-parque-ohiggins" : "festival-sonidos-de-la-sabana");
  const variant = offer.typed(offer.variants[0]!.provinceId).find((v) => v.capacity === 1)!;
  const me = await shop.buyer();
  const body = purchaseBody(offer, [variant.id, variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode });
  const answer = await shop.call<{ orderId: number; webpay_token?: string; webpay_url?: string; preference_id?: string }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(answer.status).toBe(201);
  await approveInSimulator(shop.origin, paymentCode, answer.body.data);
  const [order] = await shop.db.select().from(orders).where(eq(orders.id, answer.body.data.orderId));
  expect(order!.state).toBe("paid");
  return order!;
}

const report = (query: string, token = staff.token) => shop.call<Reconciliation>("GET", `/shop-api/staff/reports/reconciliation?${query}`, undefined, { token });

describe("GET /shop-api/staff/reports/reconciliation", () => {
  it("lists today's captures with the gateway's id, and a confirmed refund; totals per gateway and currency; nothing flagged", async () => {
    const order = await paidOrder("mercadopago");
    const [payment] = await shop.db.select().from(payments).where(eq(payments.orderId, order.id));
    const refund = await shop.call("POST", `/shop-api/staff/orders/${order.id}/refund`, { reasonCode: "service_issue", reason: "La van llegó tarde" }, { token: staff.token });
    expect(refund.status).toBe(201);
    await shop.app.outbox.drain();

    const answer = await report(`from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    const mine = answer.body.data.movements.filter((movement) => movement.orderId === order.id);
    expect(mine.map((movement) => [movement.kind, movement.gateway, movement.amount, movement.currency])).toEqual([
      ["payment", "mercadopago", order.total, "COP"],
      ["refund", "mercadopago", order.total, "COP"],
    ]);
    expect(mine[0]!.gatewayId).toBe(payment!.providerReference);
    expect(mine[0]!.gatewayId).toMatch(/^\d+$/);
    expect(mine[0]!.timeZone).toBe("America/Bogota");
    expect(mine[1]!.state).toBe("refunded");
    expect(mine.map((movement) => movement.finding)).toEqual([null, null]);
    const line = answer.body.data.totals.find((total) => total.gateway === "mercadopago" && total.currency === "COP")!;
    const listed = answer.body.data.movements.filter((movement) => movement.gateway === "mercadopago" && movement.currency === "COP");
    const taken = listed.filter((movement) => movement.kind === "payment").reduce((sum, movement) => sum + movement.amount, 0);
    const back = listed.filter((movement) => movement.kind === "refund" && movement.state === "refunded").reduce((sum, movement) => sum + movement.amount, 0);
    expect([line.payments, line.refunds, line.net]).toEqual([taken, back, taken - back - line.fees]);
  });

  it("flags a capture whose order is not paid, money owed back, a refund marked done with no gateway answer, and more refunded than paid", async () => {
    const unpaid = await paidOrder("webpay");
    await shop.db.update(orders).set({ state: "cancelled" }).where(eq(orders.id, unpaid.id));
    const owed = await paidOrder("mercadopago");
    await shop.db.update(payments).set({ state: "refund_due" }).where(eq(payments.orderId, owed.id));
    const silent = await paidOrder("mercadopago");
    const [silentPayment] = await shop.db.select().from(payments).where(eq(payments.orderId, silent.id));
    await shop.db.insert(refunds).values({ orderId: silent.id, paymentId: silentPayment!.id, method: "mercadopago", amount: 1000, currency: "COP", reason: "service_issue", state: "refunded", idempotencyKey: `test-${silent.id}` });
    await shop.db.insert(refunds).values({ orderId: silent.id, paymentId: silentPayment!.id, method: "mercadopago", amount: silent.total, currency: "COP", reason: "service_issue", state: "refunded", idempotencyKey: `test-${silent.id}-b`, gatewayAnswer: { id: 77 } });

    const answer = await report(around);
    const findingOf = (orderId: number, kind: "payment" | "refund") => answer.body.data.movements.filter((movement) => movement.orderId === orderId && movement.kind === kind).map((movement) => movement.finding);
    expect(findingOf(unpaid.id, "payment")).toEqual(["captured_unpaid_order"]);
    expect(answer.body.data.movements.find((movement) => movement.orderId === unpaid.id)!.authorizationCode).toMatch(/^\d{6}$/);
    expect(findingOf(owed.id, "payment")).toEqual(["refund_owed"]);
    expect(findingOf(silent.id, "payment")).toEqual(["refunded_more_than_paid"]);
    expect(findingOf(silent.id, "refund")).toEqual(["refund_unconfirmed", null]);
    expect(answer.body.data.findings).toBe(answer.body.data.movements.filter((movement) => movement.finding).length);
    expect(answer.body.data.findings).toBeGreaterThanOrEqual(4);
  });

  it("counts a day on the event country's clock: a capture is in its own day there, not in the days before or after", async () => {
    const order = await paidOrder("webpay");
    const movement = (await report(around)).body.data.movements.find((one) => one.orderId === order.id)!;
    expect(movement.timeZone).toBe("America/Santiago");
    expect(movement.localTime).toBe(wallClock(new Date(movement.at), "America/Santiago"));
    const day = movement.localTime.slice(0, 10);
    const ids = async (query: string) => (await report(query)).body.data.movements.map((one) => one.orderId);
    expect(await ids(`from=${day}&to=${day}`)).toContain(order.id);
    expect(await ids(`from=${dayAfter(day, 1)}&to=${dayAfter(day, 1)}`)).not.toContain(order.id);
    expect(await ids(`from=${dayAfter(day, -1)}&to=${dayAfter(day, -1)}`)).not.toContain(order.id);
  });

  it("answers CSV and an XLSX of typed cells: money in the currency's units, refunds negative, the finding in words", async () => {
    const csv = await shop.app.request(`/shop-api/staff/reports/reconciliation?${around}&format=csv`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = (await csv.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")[0]).toContain("Id. en la pasarela");
    expect(text).toContain("Cobro sin pedido pagado");

    const xlsx = await shop.app.request(`/shop-api/staff/reports/reconciliation?${around}&format=xlsx`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(xlsx.status).toBe(200);
    const book = readWorkbook(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = sheetUtils.sheet_to_json<Record<string, unknown>>(sheet);
    const refundRow = rows.find((row) => row["Movimiento"] === "Devolución")!;
    expect(typeof refundRow["Monto"]).toBe("number");
    expect(refundRow["Monto"] as number).toBeLessThan(0);
    expect(typeof rows.find((row) => row["Movimiento"] === "Cobro")!["Pedido"]).toBe("number");
  });

  it("refuses a period that runs backwards, is longer than 366 days or names no real day, in the caller's language", async () => {
    const backwards = await report("from=2026-12-06&to=2026-12-01");
    expect(backwards.status).toBe(422);
    expect(JSON.stringify(backwards.body)).toContain("El último día no puede ser anterior al primero");
    expect((await report("from=2025-01-01&to=2026-12-31")).status).toBe(422);
    const april = await report("from=2026-04-31&to=2026-05-01");
    expect(april.status).toBe(422);
    expect(JSON.stringify(april.body)).toContain("AAAA-MM-DD");
    expect((await report("to=2026-05-01")).status).toBe(422);
    expect((await report("from=yesterday&to=2026-05-01")).status).toBe(422);
    expect((await report("from=2028-02-29&to=2028-03-01")).status).toBe(200);
  });

  it("is for staff only", async () => {
    const customer = await shop.buyer();
    expect((await report(`from=${today}&to=${today}`, customer.token)).status).toBe(403);
    expect((await shop.app.request(`/shop-api/staff/reports/reconciliation?from=${today}&to=${today}`)).status).toBe(401);
  });
});
