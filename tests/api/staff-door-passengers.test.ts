/**
 * A ticket per passenger and a door that counts heads: every passenger of a paid order has a code of their own,
 * signed for them, their date and both legs; it boards that passenger alone, the order's code boards them all;
 * a second scan of a passenger's leg is flagged; a ticket of another date than the door works is refused with
 * `wrong_date`, and a cancelled or refunded one is refused; staff read how many have boarded per leg and per van
 * run, with who is missing; two doors that let the same passenger in offline leave one check-in and a conflict.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardingConflicts, boardings, eventDates, passengers, payments, tickets, users } from "../../src/server/db/schema";
import type { CheckCompleteAnswer, BoardingProgress, DoorSyncAnswer } from "../../src/shared/schemas/answers/door";
import { importTicketKey, parseTicketCode, verifyTicket, type TicketPublicJwk } from "../../src/shared/tickets/ticket-code";
import { countyOf, eventOffer, insertOrder, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; token: string };
let otherDoor: { id: number; token: string };
let buyer: { id: number; email: string; token: string };
let offer: Awaited<ReturnType<typeof eventOffer>>;
let laterDateId: number;

beforeAll(async () => {
  shop = await openTestShop();
  offer = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  staff = await shop.buyer("staff");
  await shop.db.update(users).set({ firstName: "Pedro", lastName: "Portero" }).where(eq(users.id, staff.id));
  otherDoor = await shop.buyer("staff");
  await shop.db.update(users).set({ firstName: "Olga", lastName: "Otra" }).where(eq(users.id, otherDoor.id));
  buyer = await shop.buyer();
  // A second date of the festival, a week after the first, for tickets of "another date".
  const first = offer.dates[0]!;
  const [later] = await shop.db
    .insert(eventDates)
    .values({ eventId: offer.event.id, startDate: new Date(first.startDate.getTime() + 7 * 86_400_000) })
    .returning({ id: eventDates.id });
  laterDateId = later!.id;
});
afterAll(() => shop.close());

async function order(state: string, names: string[], eventDateId = offer.eventDateId) {
  const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
  const orderId = await insertOrder(shop.db, {
    userId: buyer.id,
    eventId: offer.event.id,
    eventDateId,
    provinceId: variant.provinceId,
    state,
    ticketVariants: names.map(() => variant.id),
  });
  const rows = await shop.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.orderId, orderId));
  await shop.db
    .insert(passengers)
    .values(rows.map((row, i) => ({ ticketId: row.id, name: names[i]!, email: buyer.email, phone: `300123456${i}`, passengerAddress: "Calle 1 # 2-3" })));
  return orderId;
}

async function codesOf(orderId: number) {
  const detail = await shop.call<{ qr: string | null; passengerTickets: { passengerId: number; name: string; qr: string; qrImage: string }[] }>(
    "GET",
    `/shop-api/order-detail/${orderId}`,
    undefined,
    { token: buyer.token },
  );
  expect(detail.status).toBe(200);
  return detail.body.data;
}

const check = (orderId: number, qr: string, leg: "outbound" | "return", options: { token?: string; eventDateId?: number } = {}) =>
  shop.call<CheckCompleteAnswer>(
    "POST",
    `/shop-api/order/${orderId}/check-complete`,
    { qr, leg, ...(options.eventDateId ? { eventDateId: options.eventDateId } : {}) },
    { token: options.token ?? staff.token },
  );

const progress = (eventDateId: number, leg = "outbound") =>
  shop.call<BoardingProgress>("GET", `/shop-api/staff/checkins/progress?eventDateId=${eventDateId}&leg=${leg}`, undefined, { token: staff.token });

describe("a ticket per passenger", () => {
  it("gives every passenger of a paid order a distinct code that the public key verifies, naming the passenger, date and legs", async () => {
    const orderId = await order("paid", ["Ana Uno", "Beto Dos", "Carla Tres"]);
    const { passengerTickets, qr } = await codesOf(orderId);
    expect(passengerTickets.map((ticket) => ticket.name)).toEqual(["Ana Uno", "Beto Dos", "Carla Tres"]);
    expect(new Set(passengerTickets.map((ticket) => ticket.qr)).size).toBe(3);
    expect(passengerTickets.every((ticket) => ticket.qrImage.startsWith("data:image/png;base64,"))).toBe(true);
    const jwk = (await shop.call<TicketPublicJwk>("GET", "/shop-api/staff/ticket-key", undefined, { token: staff.token })).body.data;
    const key = await importTicketKey(jwk);
    for (const ticket of passengerTickets) {
      expect(await verifyTicket(key, jwk.kid, ticket.qr)).toEqual({
        orderId,
        passenger: {
          passengerId: ticket.passengerId,
          eventDateId: offer.eventDateId,
          day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          legs: ["outbound", "return"],
        },
      });
    }
    // The order's code is still there and is not a passenger's.
    expect(parseTicketCode(qr!)?.passenger).toBeUndefined();
    // Another passenger's id under the same signature is an altered code.
    const altered = JSON.stringify({ ...(JSON.parse(passengerTickets[0]!.qr) as object), p: passengerTickets[1]!.passengerId });
    expect(await verifyTicket(key, jwk.kid, altered)).toBeNull();
    expect((await check(orderId, altered, "outbound")).body.code).toBe("ticket_invalid");
  });

  it("shows no passenger codes before the order is paid", async () => {
    const orderId = await order("awaiting_payment", ["Ana Espera"]);
    expect((await codesOf(orderId)).passengerTickets).toEqual([]);
  });

  it("mails a passenger whose own address the buyer gave their ticket, in the buyer's language, and tells the buyer", async () => {
    const variant = offer.typed(offer.variants[0]!.provinceId)[0]!;
    const county = await countyOf(shop.db, variant.provinceId);
    const me = await shop.buyer();
    const body = purchaseBody(offer, [variant.id, variant.id], county, { paymentCode: "transferencia" });
    body.tickets[0]!.passengers = [{ name: "Yo Mismo", email: me.email, phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }];
    body.tickets[1]!.passengers = [{ name: "Amiga Viajera", email: "amiga.viajera@example.com", phone: "3007654321", passengerAddress: "Calle 1 # 2-3" }];
    const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
    expect(started.status).toBe(201);
    const confirmed = await shop.call("POST", `/shop-api/staff/orders/${started.body.data.orderId}/confirm-transfer`, undefined, { token: staff.token });
    expect(confirmed.status).toBe(200);
    await shop.app.outbox.drain();
    const friend = await shop.mailsTo("amiga.viajera@example.com");
    expect(friend.map((mail) => mail.subject)).toEqual(["Tu ticket para Festival Sonidos de la Sabana"]);
    expect(friend[0]!.text).toContain("Hola Amiga Viajera");
    // The friend's mail carries the friend's own code, not the order's.
    const codeLine = friend[0]!.text.split("\n").find((line) => line.startsWith("{"))!;
    expect(parseTicketCode(codeLine)?.passenger?.passengerId).toEqual(expect.any(Number));
    const buyerMail = (await shop.mailsTo(me.email)).find(
      (mail) => mail.subject.includes(String(started.body.data.orderId)) && mail.text.includes("Enviamos su ticket"),
    );
    expect(buyerMail?.text).toContain("Enviamos su ticket por correo a: Amiga Viajera (amiga.viajera@example.com).");
    expect(buyerMail?.text).toContain("Yo Mismo: {");
    // Nobody is mailed twice when the job runs again.
    await shop.app.outbox.drain();
    expect(await shop.mailsTo("amiga.viajera@example.com")).toHaveLength(1);
  });
});

describe("the door counts heads", () => {
  it("boards one passenger per passenger code (1, 2, 3 of 3) and flags a second scan of that passenger", async () => {
    const orderId = await order("paid", ["Ana Cuenta", "Beto Cuenta", "Carla Cuenta"]);
    const { passengerTickets } = await codesOf(orderId);
    for (const [i, ticket] of passengerTickets.entries()) {
      const answer = await check(orderId, ticket.qr, "outbound", { eventDateId: offer.eventDateId });
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({
        alreadyCheckedIn: false,
        passenger: { passengerId: ticket.passengerId, name: ticket.name },
        checkedInCount: i + 1,
        ticketQuantity: 3,
        checkedInBy: "Pedro Portero",
      });
      expect(answer.body.data.passengers.filter((one) => one.checkedIn).map((one) => one.name)).toEqual(
        passengerTickets.slice(0, i + 1).map((one) => one.name),
      );
    }
    shop.clock.offset += 60_000;
    const again = await check(orderId, passengerTickets[1]!.qr, "outbound", { token: otherDoor.token });
    shop.clock.offset -= 60_000;
    expect(again.body.data).toMatchObject({ alreadyCheckedIn: true, checkedInBy: "Pedro Portero", checkedInCount: 3, passenger: { name: "Beto Cuenta" } });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(3);
    // The way back is its own leg.
    expect((await check(orderId, passengerTickets[1]!.qr, "return")).body.data).toMatchObject({ alreadyCheckedIn: false, checkedInCount: 1 });
  });

  it("boards with the order's code every passenger not yet on board, and flags it once all are", async () => {
    const orderId = await order("paid", ["Ana Todos", "Beto Todos", "Carla Todos"]);
    const { qr, passengerTickets } = await codesOf(orderId);
    await check(orderId, passengerTickets[0]!.qr, "outbound");
    const whole = await check(orderId, qr!, "outbound");
    expect(whole.body.data).toMatchObject({ alreadyCheckedIn: false, passenger: null, checkedInCount: 3 });
    expect(whole.body.data.passengers.every((one) => one.checkedIn)).toBe(true);
    expect((await check(orderId, qr!, "outbound")).body.data).toMatchObject({ alreadyCheckedIn: true, checkedInCount: 3 });
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(3);
  });

  it("refuses a ticket of another date than the door works with wrong_date, naming the ticket's date", async () => {
    const orderId = await order("paid", ["Ana Semana"], laterDateId);
    const [ticket] = (await codesOf(orderId)).passengerTickets;
    const refused = await check(orderId, ticket!.qr, "outbound", { eventDateId: offer.eventDateId });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("wrong_date");
    const [later] = await shop.db.select().from(eventDates).where(eq(eventDates.id, laterDateId));
    const day = new Intl.DateTimeFormat("en-GB", { timeZone: "America/Bogota", day: "2-digit", month: "2-digit", year: "numeric" })
      .format(later!.startDate)
      .replace(/\//g, "-");
    expect(refused.body.message).toContain(`Este ticket es para otra fecha: ${day}`);
    // The order's code is refused the same way; on its own date the ticket boards.
    expect((await check(orderId, (await codesOf(orderId)).qr!, "outbound", { eventDateId: offer.eventDateId })).body.code).toBe("wrong_date");
    expect((await check(orderId, ticket!.qr, "outbound", { eventDateId: laterDateId })).status).toBe(200);
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId))).toHaveLength(1);
  });

  it("refuses a passenger of a cancelled order, of a refunded payment, or taken off the order", async () => {
    const cancelled = await order("paid", ["Ana Cancela"]);
    const [cancelledTicket] = (await codesOf(cancelled)).passengerTickets;
    const { orders } = await import("../../src/server/db/schema");
    await shop.db.update(orders).set({ state: "cancelled" }).where(eq(orders.id, cancelled));
    const refusedCancelled = await check(cancelled, cancelledTicket!.qr, "outbound");
    expect(refusedCancelled.status).toBe(409);
    expect(refusedCancelled.body).toMatchObject({ code: "ticket_cancelled", message: "El pedido de este ticket fue cancelado" });

    const refunded = await order("paid", ["Ana Devuelta"]);
    const [refundedTicket] = (await codesOf(refunded)).passengerTickets;
    await shop.db.insert(payments).values({ orderId: refunded, method: "webpay", state: "refunded", amount: 1000 });
    expect((await check(refunded, refundedTicket!.qr, "outbound")).body).toMatchObject({
      code: "ticket_refunded",
      message: "El pago de este ticket fue devuelto",
    });

    const removed = await order("paid", ["Ana Queda", "Beto Sale"]);
    const removedTickets = (await codesOf(removed)).passengerTickets;
    await shop.db.delete(passengers).where(eq(passengers.id, removedTickets[1]!.passengerId));
    expect((await check(removed, removedTickets[1]!.qr, "outbound")).body.code).toBe("ticket_cancelled");
    expect(await shop.db.select().from(boardings).where(eq(boardings.orderId, removed))).toHaveLength(0);
  });
});

describe("GET /shop-api/staff/checkins/progress", () => {
  it("counts the date's paid passengers on board per leg and per run, with who is missing", async () => {
    const date = await shop.db
      .insert(eventDates)
      .values({ eventId: offer.event.id, startDate: new Date(offer.dates[0]!.startDate.getTime() + 14 * 86_400_000) })
      .returning({ id: eventDates.id });
    const dateId = date[0]!.id;
    const full = await order("paid", ["Ana Avance", "Beto Avance", "Carla Avance"], dateId);
    const single = await order("paid", ["Dario Avance"], dateId);
    await order("cancelled", ["Eva Cancelada"], dateId);
    const empty = await progress(dateId);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ outbound: { checkedIn: 0, expected: 4 }, return: { checkedIn: 0, expected: 4 } });

    const codes = (await codesOf(full)).passengerTickets;
    await check(full, codes[0]!.qr, "outbound");
    await check(full, codes[1]!.qr, "outbound");
    await check(single, (await codesOf(single)).qr!, "return");
    const now = (await progress(dateId)).body.data;
    expect(now).toMatchObject({
      eventDateId: dateId,
      leg: "outbound",
      outbound: { checkedIn: 2, expected: 4 },
      return: { checkedIn: 1, expected: 4 },
      conflicts: [],
    });
    expect(now.runs.reduce((sum, run) => sum + run.expected, 0)).toBe(4);
    expect(now.runs.reduce((sum, run) => sum + run.checkedIn, 0)).toBe(2);
    expect(
      now.runs
        .flatMap((run) => run.missing)
        .map((person) => person.name)
        .sort(),
    ).toEqual(["Carla Avance", "Dario Avance"]);
    expect(now.runs.flatMap((run) => run.missing).find((person) => person.name === "Carla Avance")?.phone).toBe("3001234562");
    const back = (await progress(dateId, "return")).body.data;
    expect(
      back.runs
        .flatMap((run) => run.missing)
        .map((person) => person.name)
        .sort(),
    ).toEqual(["Ana Avance", "Beto Avance", "Carla Avance"]);

    expect((await shop.call("GET", `/shop-api/staff/checkins/progress?eventDateId=${dateId}`, undefined, { token: buyer.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/staff/checkins/progress?eventDateId=99999", undefined, { token: staff.token })).status).toBe(404);
  });
});

describe("two doors offline", () => {
  it("keep one check-in for a passenger both let in, the earliest, and report the other as a conflict", async () => {
    const orderId = await order("paid", ["Ana Doble", "Beto Doble"]);
    const [ana] = (await codesOf(orderId)).passengerTickets;
    const base = shop.now().getTime() - 30 * 60_000;
    const later = { nonce: "door-a-aaaaaaaaaaaaaaaa", qr: ana!.qr, leg: "outbound", scannedAt: new Date(base + 5 * 60_000).toISOString() };
    const earlier = { nonce: "door-b-bbbbbbbbbbbbbbbb", qr: ana!.qr, leg: "outbound", scannedAt: new Date(base).toISOString() };
    // Door A's (later) scan reaches the shop first; door B's earlier one second.
    const a = await shop.call<DoorSyncAnswer>("POST", "/shop-api/staff/check-ins/sync", { checkIns: [later] }, { token: staff.token });
    expect(a.body.data.results[0]).toMatchObject({ outcome: "new", conflicts: [] });
    const b = await shop.call<DoorSyncAnswer>("POST", "/shop-api/staff/check-ins/sync", { checkIns: [earlier] }, { token: otherDoor.token });
    expect(b.body.data.results[0]).toMatchObject({
      outcome: "conflict",
      conflicts: [
        {
          passengerId: ana!.passengerId,
          name: "Ana Doble",
          leg: "outbound",
          kept: { at: earlier.scannedAt, staffName: "Olga Otra" },
          other: { at: later.scannedAt, staffName: "Pedro Portero" },
        },
      ],
    });
    const stored = await shop.db.select().from(boardings).where(eq(boardings.orderId, orderId));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ passengerId: ana!.passengerId, staffId: otherDoor.id, nonce: earlier.nonce });
    expect(await shop.db.select().from(boardingConflicts).where(eq(boardingConflicts.orderId, orderId))).toHaveLength(1);
    // Sent again (a lost answer): nothing more is recorded.
    const again = await shop.call<DoorSyncAnswer>("POST", "/shop-api/staff/check-ins/sync", { checkIns: [earlier, later] }, { token: otherDoor.token });
    expect(again.body.data.results.map((row) => row.outcome)).toEqual(["repeat", "repeat"]);
    expect(await shop.db.select().from(boardingConflicts).where(eq(boardingConflicts.orderId, orderId))).toHaveLength(1);
    // Staff see it with the date's progress.
    const seen = (await progress(offer.eventDateId)).body.data.conflicts.filter((conflict) => conflict.orderId === orderId);
    expect(seen).toEqual([
      {
        orderId,
        passengerId: ana!.passengerId,
        name: "Ana Doble",
        leg: "outbound",
        kept: { at: earlier.scannedAt, staffName: "Olga Otra" },
        other: { at: later.scannedAt, staffName: "Pedro Portero" },
        // The event's clock (a Bogotá festival), in which the door reads both scans' times.
        timeZone: "America/Bogota",
      },
    ]);
  });
});
