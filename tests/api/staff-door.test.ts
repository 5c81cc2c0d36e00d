/**
 * The van door: staff check a scanned ticket per leg (home to the event, and back), see a repeat scan
 * flagged with the first scan's time and staff member, and send offline check-ins that apply once however
 * often they are sent. Forged, altered and unpaid tickets are refused with their own codes. The order's code
 * boards every passenger of the order; each passenger's own code boards that passenger.
 */
import { generateKeyPairSync } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadTicketKey, ticketKeyFrom } from "../../src/server/auth/ticket-key";
import { boardings, passengers, places, tickets, users } from "../../src/server/db/schema";
import { ticketQrText } from "../../src/server/services/tickets/ticket-qr";
import type { CheckCompleteAnswer, OfflineManifest, DoorSyncAnswer } from "../../src/shared/schemas/answers/door";
import { importTicketKey, verifyTicketCode, type TicketPublicJwk } from "../../src/shared/tickets/ticket-code";
import { eventOffer, insertOrder } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; token: string };
let buyer: { id: number; email: string; token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
/** The shop's own key (read from its data folder): signs codes for orders the account would show no code for. */
const shopKey = () => loadTicketKey(shop.env);

/** An order of the festival's first date with one passenger per ticket (Ana, Beto, Carla, …). */
async function order(state: string, seats = 2, eventDateId = offer.eventDateId) {
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  const orderId = await insertOrder(shop.db, {
    userId: buyer.id,
    eventId: offer.event.id,
    eventDateId,
    provinceId: variant.provinceId,
    state,
    ticketVariants: Array.from({ length: seats }, () => variant.id),
  });
  const rows = await shop.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, orderId));
  await shop.db.insert(passengers).values(
    rows.map((row, i) => ({ ticketId: row.id, name: `${PASSENGER_NAMES[i % PASSENGER_NAMES.length]} ${orderId}`, email: `p${i}-${orderId}@example.com`, phone: "3001234567", passengerAddress: "Calle 1 # 2-3" })),
  );
  return orderId;
}
const PASSENGER_NAMES = ["Ana", "Beto", "Carla", "Dario"];


/** The code as the buyer's account shows it (and the mail carries it). */
async function ticketOf(orderId: number): Promise<string> {
  const detail = await shop.call<{ qr: string }>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token: buyer.token });
  return detail.body.data.qr;
}

const check = (orderId: number, qr: string, leg: "outbound" | "return", token = staff.token, eventDateId?: number) =>
  shop.call<CheckCompleteAnswer>("POST", `/shop-api/order/${orderId}/check-complete`, { qr, leg, ...(eventDateId ? { eventDateId } : {}) }, { token });

beforeAll(async () => {
  shop = await openTestShop();
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  staff = await shop.buyer("staff");
  await shop.db.update(users).set({ firstName: "Pedro", lastName: "Portero" }).where(eq(users.id, staff.id));
  buyer = await shop.buyer();
  await shop.db.update(users).set({ firstName: "Lucía", lastName: "Viajera" }).where(eq(users.id, buyer.id));
});
afterAll(() => shop.close());

describe("POST /shop-api/order/{orderId}/check-complete", () => {
  it("lets a paid ticket in once per leg and answers what the result screen shows", async () => {
    const orderId = await order("paid", 3);
    const qr = await ticketOf(orderId);
    const outbound = await check(orderId, qr, "outbound");
    expect(outbound.status).toBe(200);
    expect(outbound.body.data).toMatchObject({
      orderId,
      customer: { name: "Lucía Viajera", email: buyer.email },
      date: offer.dates[0]!.startDate.toISOString(),
      event: { name: "Festival Sonidos de la Sabana", placeName: expect.any(String) },
      ticketQuantity: 3,
      leg: "outbound",
      alreadyCheckedIn: false,
      checkedInBy: "Pedro Portero",
    });
    // The venue in the door's language: its own name unless it has a translation for it.
    const [venue] = await shop.db.select().from(places).where(eq(places.id, offer.event.placeId));
    expect(outbound.body.data.event.placeName).toBe(venue!.translations.es_CO?.name ?? venue!.name);

    // The way back home is its own check-in on the same ticket.
    const back = await check(orderId, qr, "return");
    expect(back.body.data).toMatchObject({ leg: "return", alreadyCheckedIn: false, checkedInCount: 3 });
    // The order's code boards its three passengers, on each leg.
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(6);
  });

  it("flags a second scan of the same leg with the first scan's time and staff member", async () => {
    const orderId = await order("paid");
    const qr = await ticketOf(orderId);
    const first = await check(orderId, qr, "outbound");
    const otherDoor = await shop.buyer("admin");
    shop.clock.offset += 60_000;
    const second = await check(orderId, qr, "outbound", otherDoor.token);
    shop.clock.offset -= 60_000;
    expect(second.status).toBe(200);
    expect(second.body.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.body.data.checkedInAt, checkedInBy: "Pedro Portero" });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(2);
  });

  it("answers in the caller's language", async () => {
    const orderId = await order("paid");
    const answer = await shop.call<CheckCompleteAnswer>("POST", `/shop-api/order/${orderId}/check-complete?locale=en_US`, { qr: await ticketOf(orderId), leg: "return" }, { token: staff.token });
    expect(answer.body.data.event.name).toBe("Sounds of the Savannah Festival");
  });

  it("refuses a code signed with another key, even one naming the shop's key", async () => {
    const orderId = await order("paid");
    const real = JSON.parse(await ticketOf(orderId)) as { kid: string };
    const forger = ticketKeyFrom(generateKeyPairSync("ed25519").privateKey);
    const forged = JSON.stringify({ ...(JSON.parse(ticketQrText(forger, orderId)) as object), kid: real.kid });
    const refused = await check(orderId, forged, "outbound");
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ success: false, code: "ticket_invalid", message: "El código no es un ticket emitido por Rodamos" });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(0);
  });

  it("refuses a code whose orderId was altered, and a real code of another order than the path's", async () => {
    const mine = await order("paid");
    const other = await order("paid");
    const code = JSON.parse(await ticketOf(mine)) as object;
    const altered = await check(other, JSON.stringify({ ...code, orderId: other }), "outbound");
    expect(altered.status).toBe(422);
    expect(altered.body.code).toBe("ticket_invalid");
    const elsewhere = await check(other, await ticketOf(mine), "outbound");
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.body).toMatchObject({ code: "ticket_other_order", message: "El código pertenece a otro pedido" });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, other))).toHaveLength(0);
  });

  it("refuses scanned data without orderId, and a code of an unpaid, cancelled or expired order", async () => {
    const orderId = await order("paid");
    expect((await check(orderId, '{"hello":"world"}', "outbound")).body.code).toBe("ticket_invalid");
    // A code the shop signed says nothing about the order's state now: a refunded or unpaid order stays out.
    for (const [state, code, message] of [
      ["awaiting_payment", "ticket_not_paid", "El pedido de este ticket no está pagado"],
      ["awaiting_transfer_payment", "ticket_not_paid", "El pedido de este ticket no está pagado"],
      ["cancelled", "ticket_cancelled", "El pedido de este ticket fue cancelado"],
      ["expired", "ticket_expired", "El pedido de este ticket venció sin pagarse"],
    ] as const) {
      const unpaid = await order(state);
      const refused = await check(unpaid, ticketQrText(shopKey(), unpaid), "outbound");
      expect(refused.status, state).toBe(409);
      expect(refused.body, state).toMatchObject({ code, message });
    }
  });

  it("is for staff only: 401 without a token, 403 for a customer, 422 for a leg that is neither", async () => {
    const orderId = await order("paid");
    const qr = await ticketOf(orderId);
    const anonymous = await shop.call("POST", `/shop-api/order/${orderId}/check-complete`, { qr, leg: "outbound" });
    expect(anonymous.status).toBe(401);
    const customer = await check(orderId, qr, "outbound", buyer.token);
    expect(customer.status).toBe(403);
    expect(customer.body.code).toBe("forbidden");
    const noLeg = await shop.call("POST", `/shop-api/order/${orderId}/check-complete`, { qr, leg: "sideways" }, { token: staff.token });
    expect(noLeg.status).toBe(422);
    expect(noLeg.body.fields).toEqual({ leg: "Elige el trayecto: ida o regreso" });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(0);
  });
});

describe("working offline at the van door", () => {
  it("serves the public ticket key to staff, with which the browser checks codes itself", async () => {
    expect((await shop.call("GET", "/shop-api/staff/ticket-key")).status).toBe(401);
    expect((await shop.call("GET", "/shop-api/staff/ticket-key", undefined, { token: buyer.token })).status).toBe(403);
    const served = await shop.call<TicketPublicJwk>("GET", "/shop-api/staff/ticket-key", undefined, { token: staff.token });
    expect(served.body.data).toEqual({ kty: "OKP", crv: "Ed25519", x: expect.any(String), kid: expect.any(String) });
    expect(JSON.stringify(served.body.data)).not.toContain('"d"');
    const orderId = await order("paid");
    const key = await importTicketKey(served.body.data);
    expect(await verifyTicketCode(key, served.body.data.kid, await ticketOf(orderId))).toBe(orderId);
  });

  it("hands out the paid orders of an event date with their check-ins", async () => {
    const paid = await order("paid", 1);
    const unpaid = await order("awaiting_payment");
    await check(paid, await ticketOf(paid), "outbound");
    const dates = await shop.call<{ eventDateId: number; paidOrders: number }[]>("GET", "/shop-api/staff/checkin-dates", undefined, { token: staff.token });
    expect(dates.status).toBe(200);
    expect(dates.body.data.find((date) => date.eventDateId === offer.eventDateId)?.paidOrders).toBeGreaterThan(0);
    const manifest = await shop.call<OfflineManifest>("GET", `/shop-api/staff/checkin-manifest?eventDateId=${offer.eventDateId}`, undefined, { token: staff.token });
    expect(manifest.status).toBe(200);
    const ids = manifest.body.data.orders.map((row) => row.orderId);
    expect(ids).toContain(paid);
    expect(ids).not.toContain(unpaid);
    expect(manifest.body.data.orders.find((row) => row.orderId === paid)).toMatchObject({
      ticketQuantity: 1,
      customer: { name: "Lucía Viajera" },
      checkIns: [{ leg: "outbound", staffName: "Pedro Portero" }],
    });
    expect(manifest.body.data.publicKey.kid).toBe(shopKey().publicJwk.kid);
    expect((await shop.call("GET", "/shop-api/staff/checkin-manifest?eventDateId=99999", undefined, { token: staff.token })).status).toBe(404);
    expect((await shop.call("GET", `/shop-api/staff/checkin-manifest?eventDateId=${offer.eventDateId}`, undefined, { token: buyer.token })).status).toBe(403);
  });

  it("applies offline check-ins once, however often the list is sent, keeping the scan's own time", async () => {
    const first = await order("paid");
    const second = await order("paid");
    const cancelled = await order("cancelled");
    const scannedAt = new Date(shop.now().getTime() - 10 * 60_000).toISOString();
    const list = [
      { nonce: "door1-aaaaaaaaaaaaaaaa", qr: await ticketOf(first), leg: "outbound", scannedAt },
      { nonce: "door1-bbbbbbbbbbbbbbbb", qr: await ticketOf(first), leg: "return", scannedAt },
      // Two doors scanned the same ticket while offline: a conflict, kept beside the first, not a new check-in.
      { nonce: "door2-cccccccccccccccc", qr: await ticketOf(first), leg: "outbound", scannedAt },
      { nonce: "door1-dddddddddddddddd", qr: await ticketOf(second), leg: "outbound", scannedAt },
      { nonce: "door1-eeeeeeeeeeeeeeee", qr: ticketQrText(shopKey(), cancelled), leg: "outbound", scannedAt },
      { nonce: "door1-ffffffffffffffff", qr: '{"orderId":1,"kid":"x","sig":"forged"}', leg: "outbound", scannedAt },
    ];
    const sent = await shop.call<DoorSyncAnswer>("POST", "/shop-api/staff/check-ins/sync", { checkIns: list }, { token: staff.token });
    expect(sent.status).toBe(200);
    expect(sent.body.data.results.map((row) => [row.outcome, row.code ?? null])).toEqual([
      ["new", null],
      ["new", null],
      ["conflict", null],
      ["new", null],
      ["refused", "ticket_cancelled"],
      ["refused", "ticket_invalid"],
    ]);
    expect(sent.body.data.results[0]).toMatchObject({ orderId: first, checkedInAt: scannedAt, checkedInBy: "Pedro Portero" });

    // The answer was lost; the scanner sends the same list again.
    const again = await shop.call<DoorSyncAnswer>("POST", "/shop-api/staff/check-ins/sync", { checkIns: list }, { token: staff.token });
    expect(again.body.data.results.map((row) => row.outcome)).toEqual(["repeat", "repeat", "repeat", "repeat", "refused", "refused"]);
    // Two passengers each: both legs of the first order, the outbound leg of the second.
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, first))).toHaveLength(4);
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, second))).toHaveLength(2);

    // Online, the door now sees the offline scan as the first one.
    const online = await check(second, await ticketOf(second), "outbound");
    expect(online.body.data).toMatchObject({ alreadyCheckedIn: true, checkedInAt: scannedAt });
  });

  it("refuses a sync from a customer or with a malformed list", async () => {
    expect((await shop.call("POST", "/shop-api/staff/check-ins/sync", { checkIns: [] }, { token: buyer.token })).status).toBe(403);
    const empty = await shop.call("POST", "/shop-api/staff/check-ins/sync", { checkIns: [] }, { token: staff.token });
    expect(empty.status).toBe(422);
    const badNonce = await shop.call("POST", "/shop-api/staff/check-ins/sync", { checkIns: [{ nonce: "x", qr: "{}", leg: "outbound", scannedAt: new Date().toISOString() }] }, { token: staff.token });
    expect(badNonce.status).toBe(422);
  });
});
