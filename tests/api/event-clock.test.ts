/**
 * One clock, the event's (issue 44 §3): a Madrid derby bought by a customer whose account is Colombian reads 21:00
 * "hora de Madrid" in the transfer mail, the payment-received mail and the invoice, never Bogotá's 15:00; the same
 * order for a Spanish account reads 21:00 with no clock named; the mailed calendar files are on Madrid's clock
 * (TZID=Europe/Madrid); the account's purchase list and the staff's screens (orders and transfers to validate, the
 * manifests' dates, the sales report's events) answer each event's clock, so staff read Madrid's hour too.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventDates, orders, users } from "../../src/server/db/schema";
import { orderInvoicePdf } from "../../src/server/services/invoices/invoices";
import type { ShopContext } from "../../src/server/context";
import type { PurchaseItem } from "../../src/shared/schemas/answers/account";
import type { CheckCompleteAnswer, OfflineManifest, BoardingProgress, DoorSyncAnswer } from "../../src/shared/schemas/answers/door";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

const DERBY = "derbi-madrileno-metropolitano";
let shop: TestShop;
let staff: { token: string };

beforeAll(async () => {
  shop = await openTestShop();
  staff = await shop.buyer("staff");
});
afterAll(() => shop?.close());

/** dd-MM-yyyy HH:mm on a zone's wall clock, written here apart from the shop's formatter. */
function wallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day}-${parts.month}-${parts.year} ${parts.hour}:${parts.minute}`;
}

/** The text of a PDF rendered uncompressed (pdfkit writes glyphs as hex in TJ arrays). */
function pdfText(pdf: Buffer): string {
  return [...pdf.toString("latin1").matchAll(/\[((?:<[0-9a-f]*>\s*-?\d*\.?\d*\s*)+)\]\s*TJ/gi)]
    .map((match) => [...match[1]!.matchAll(/<([0-9a-f]*)>/gi)].map((hex) => Buffer.from(hex[1]!, "hex").toString("latin1")).join(""))
    .join("\n");
}

/** One derby seat by transfer for a new customer whose account is in `country`, on the Spanish site. */
async function derbyOrder(country: "CO" | "ES") {
  const offer = await eventOffer(shop.db, DERBY);
  const variant = offer.typed(offer.variants[0]!.provinceId)[0] ?? offer.variants[0]!;
  const me = await shop.buyer();
  await shop.db.update(users).set({ countryCode: country }).where(eq(users.id, me.id));
  const body = purchaseBody(offer, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
  body.url = `/es/es-es/event/${DERBY}`;
  const started = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: me.token });
  expect(started.status).toBe(201);
  const orderId = started.body.data.orderId;
  const [row] = await shop.db.select({ start: eventDates.startDate, hold: orders.holdExpiresAt }).from(orders).innerJoin(eventDates, eq(eventDates.id, orders.eventDateId)).where(eq(orders.id, orderId));
  return { me, orderId, start: row!.start, hold: row!.hold! };
}

const mailOf = async (email: string, orderId: number, subject: RegExp) => (await shop.mailsTo(email)).find((mail) => mail.subject.includes(String(orderId)) || subject.test(mail.subject));

describe("a Madrid event's times", () => {
  it("are Madrid's, named 'hora de Madrid', for a customer whose account is Colombian: mails, calendar files and invoice", async () => {
    const { me, orderId, start, hold } = await derbyOrder("CO");
    expect(wallClock(start, "Europe/Madrid")).toMatch(/ 21:00$/);
    const bogota = wallClock(start, "America/Bogota");

    const transfer = await mailOf(me.email, orderId, /^$/);
    expect(transfer!.text).toContain(`${wallClock(start, "Europe/Madrid")} (hora de Madrid)`);
    expect(transfer!.text).toContain(`${wallClock(hold, "Europe/Madrid")} (hora de Madrid)`);
    expect(transfer!.text).not.toContain(bogota);

    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const received = (await shop.mailsTo(me.email)).find((mail) => mail.subject.startsWith("Recibimos tu pago"));
    expect(received!.text).toContain(`${wallClock(start, "Europe/Madrid")} (hora de Madrid)`);
    const calendars = received!.attachments!.filter((file) => file.filename.endsWith(".ics"));
    expect(calendars.length).toBeGreaterThan(0);
    for (const file of calendars) {
      expect(String(file.content)).toMatch(/DTSTART;TZID=Europe\/Madrid:\d{8}T\d{6}\r\n/);
      expect(String(file.content)).not.toContain("America/Bogota");
    }

    const { pdf } = await orderInvoicePdf({ db: shop.db, env: shop.env } as unknown as ShopContext, orderId, null, { compress: false });
    expect(pdfText(pdf)).toMatch(/\d{2}-\d{2}-\d{4} \d{2}:\d{2} \(hora de Madrid\)/);
  });

  it("are the same for a Spanish account, with no clock named: theirs reads the same hour", async () => {
    const { me, orderId, start } = await derbyOrder("ES");
    const transfer = await mailOf(me.email, orderId, /^$/);
    expect(transfer!.text).toContain(wallClock(start, "Europe/Madrid"));
    expect(transfer!.text).not.toContain("hora de");
  });

  it("are answered with their clock in the account's purchase list", async () => {
    const { me, orderId } = await derbyOrder("CO");
    const history = await shop.call<PurchaseItem[]>("GET", "/shop-api/payment-history", undefined, { token: me.token });
    expect(history.status).toBe(200);
    expect(history.body.data.find((item) => item.id === orderId)!.regularEvent.timeZone).toBe("Europe/Madrid");
  });

  it("are answered with their clock on the staff's screens: the order list, the manifests' and the door's dates, the sales report", async () => {
    const { orderId } = await derbyOrder("CO");
    const auth = { token: staff.token };
    const list = await shop.call<{ items: { id: number; event: { timeZone: string } }[] }>("GET", `/shop-api/staff/orders?q=${orderId}`, undefined, auth);
    expect(list.status).toBe(200);
    expect(list.body.data.items.find((item) => item.id === orderId)!.event.timeZone).toBe("Europe/Madrid");

    const manifests = await shop.call<{ eventName: string; timeZone: string }[]>("GET", "/shop-api/staff/manifests/options", undefined, auth);
    expect(manifests.status).toBe(200);
    const derby = manifests.body.data.find((option) => option.eventName === "Derbi madrileño");
    expect(derby?.timeZone).toBe("Europe/Madrid");

    // The door's and the boarding screen's list of dates, once the order is paid.
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, auth)).status).toBe(200);
    const door = await shop.call<{ eventName: string; timeZone?: string }[]>("GET", "/shop-api/staff/checkin-dates", undefined, auth);
    expect(door.status).toBe(200);
    expect(door.body.data.find((date) => date.eventName === "Derbi madrileño")?.timeZone).toBe("Europe/Madrid");

    const sales = await shop.call<{ events: { name: string; timeZone: string }[] }>("GET", "/shop-api/staff/reports/sales", undefined, auth);
    expect(sales.status).toBe(200);
    expect(sales.body.data.events.find((event) => event.name === "Derbi madrileño")!.timeZone).toBe("Europe/Madrid");
  });

  it("are the door's: the scan's result, the list taken along and a conflict between two doors answer Madrid's clock", async () => {
    // The staff member's account is Colombian: the door used to read every time on Bogotá's clock.
    const { me, orderId } = await derbyOrder("CO");
    const auth = { token: staff.token };
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, auth)).status).toBe(200);
    const [row] = await shop.db.select({ eventDateId: orders.eventDateId }).from(orders).where(eq(orders.id, orderId));
    const qr = (await shop.call<{ qr: string }>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token: me.token })).body.data.qr;

    const scanned = await shop.call<CheckCompleteAnswer>("POST", `/shop-api/order/${orderId}/check-complete`, { qr, leg: "outbound" }, auth);
    expect(scanned.status).toBe(200);
    expect(scanned.body.data.timeZone).toBe("Europe/Madrid");

    const list = await shop.call<OfflineManifest>("GET", `/shop-api/staff/checkin-manifest?eventDateId=${row!.eventDateId}`, undefined, auth);
    expect(list.status).toBe(200);
    expect(list.body.data.timeZone).toBe("Europe/Madrid");

    // A door offline let the same passenger in on the return twice (two nonces): the second is a conflict.
    const scannedAt = new Date(shop.now().getTime() - 5 * 60_000).toISOString();
    const sync = await shop.call<DoorSyncAnswer>(
      "POST",
      "/shop-api/staff/check-ins/sync",
      { checkIns: ["door-madrid-aaaaaaaaaaaa", "door-madrid-bbbbbbbbbbbb"].map((nonce) => ({ nonce, qr, leg: "return", scannedAt })) },
      auth,
    );
    expect(sync.status).toBe(200);
    const conflict = sync.body.data.results.flatMap((result) => result.conflicts)[0];
    expect(conflict?.timeZone).toBe("Europe/Madrid");
    const progress = await shop.call<BoardingProgress>("GET", `/shop-api/staff/checkins/progress?eventDateId=${row!.eventDateId}&leg=return`, undefined, auth);
    expect(progress.status).toBe(200);
    expect(progress.body.data.conflicts.map((one) => one.timeZone)).toContain("Europe/Madrid");
  });

  it("are Madrid's in the refusal of a late self-cancel, named for an owner whose account is Colombian", async () => {
    const { me, orderId } = await derbyOrder("CO");
    expect((await shop.call("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const [row] = await shop.db.select({ eventDateId: orders.eventDateId, start: eventDates.startDate }).from(orders).innerJoin(eventDates, eq(eventDates.id, orders.eventDateId)).where(eq(orders.id, orderId));
    // The derby leaves in 47 hours: the free cancellation (until 48 h before) ran out an hour ago.
    const soon = new Date(shop.now().getTime() + 47 * 3_600_000);
    await shop.db.update(eventDates).set({ startDate: soon }).where(eq(eventDates.id, row!.eventDateId!));
    try {
      const refused = await shop.call("POST", `/shop-api/orders/${orderId}/cancel`, {}, { token: me.token });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/se podía hasta el \d{2}-\d{2}-\d{4} \d{2}:\d{2} \(hora de Madrid\)\)$/);
    } finally {
      await shop.db.update(eventDates).set({ startDate: row!.start }).where(eq(eventDates.id, row!.eventDateId!));
    }
  });
});
