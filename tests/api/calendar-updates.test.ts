/**
 * Calendars that follow the plan (issue 44 §4): the confirmation's estimate, dispatch's publish and a shift all
 * send the same calendar entries (same UID) at a higher SEQUENCE, CONFIRMED once published, at the pick-up's
 * published time and place on the event's clock, to the buyer and to the passenger's own address; a whole refund
 * sends METHOD:CANCEL for them to the buyer and to the passenger who was sent their own. Every file is read back with a real iCalendar parser (ical.js).
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishedPickups, passengers, tickets } from "../../src/server/db/schema";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { RefundAnswer } from "../../src/shared/schemas/answers/order-desk";
import type { DroppedMail } from "../../src/server/mail/mailer";
import { purchaseBody } from "../helpers/fixtures";
import { parseCalendar, type ParsedCalendar } from "../helpers/calendar-files";
import { runsSetting } from "../helpers/runs";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let setting: Awaited<ReturnType<typeof runsSetting>>;
let buyer: { id: number; email: string; token: string };
let orderId: number;
let passengerId: number;
const passenger = { name: "Viajera Calendario", email: "viajera.calendario@example.com", address: "Calle 120 # 7-10" };

const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: setting.staff.token });

/** The outbound calendar files attached to the mails sent to `email`, oldest first, parsed. */
async function outboundFiles(email: string, method = "PUBLISH"): Promise<{ mail: DroppedMail; calendar: ParsedCalendar }[]> {
  const mails = (await shop.mailsTo(email)).reverse();
  return mails.flatMap((mail) =>
    (mail.attachments ?? [])
      .filter((file) => file.filename.includes(`-${orderId}-outbound`) && file.contentType.includes(`method=${method}`))
      .map((file) => ({ mail, calendar: parseCalendar(file.content) })),
  );
}

const publishedTime = async () =>
  (await shop.db.select({ time: publishedPickups.time }).from(publishedPickups).where(and(eq(publishedPickups.passengerId, passengerId), eq(publishedPickups.leg, "outbound"))))[0]!.time;

beforeAll(async () => {
  shop = await openTestShop();
  setting = await runsSetting(shop);
  buyer = await shop.buyer();
  const county = setting.counties.find((one) => one.name === "Usaquén") ?? setting.counties[0]!;
  const body = purchaseBody(setting.festival, [setting.variant.id], county.id, { paymentCode: "transferencia" });
  body.tickets[0]!.passengers = [{ name: passenger.name, email: passenger.email, phone: "300 222 0001", passengerAddress: passenger.address }];
  body.tickets[0]!.addresses = [{ address: passenger.address, commune_id: county.id }];
  const placed = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", body, { token: buyer.token });
  expect(placed.status).toBe(201);
  orderId = placed.body.data.orderId;
  expect((await staffCall("POST", `/shop-api/staff/orders/${orderId}/confirm-transfer`)).status).toBe(200);
  const [row] = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, orderId));
  passengerId = row!.id;
});
afterAll(async () => {
  await shop?.close();
});

describe("an order's calendar entries", () => {
  let uid: string;
  let lastSequence: number;

  it("start as the confirmation's estimate: TENTATIVE, SEQUENCE 0, named by the passenger, on Bogotá's clock", async () => {
    const [first] = await outboundFiles(buyer.email);
    expect(first, "the payment's mail carries the outbound file").toBeDefined();
    const entry = first!.calendar.entries[0]!;
    expect(first!.calendar.method).toBe("PUBLISH");
    expect(entry).toMatchObject({ uid: `order-${orderId}-outbound-p${passengerId}@rodamos.co`, sequence: 0, status: "TENTATIVE", zone: "America/Bogota", alarms: 1 });
    expect(entry.organizer).toBe("mailto:no-reply@rodamos.co");
    uid = entry.uid;
    lastSequence = entry.sequence;
  });

  it("publishing sends the same entry at the published time and place, CONFIRMED and at a higher SEQUENCE, to the buyer and the passenger", async () => {
    const planned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId: setting.eventDateId, leg: "outbound" });
    expect(planned.status).toBe(200);
    const published = await staffCall("POST", "/shop-api/staff/dispatch/publish", { eventDateId: setting.eventDateId, leg: "outbound", version: planned.body.data.version });
    expect(published.status).toBe(200);
    const time = await publishedTime();

    const files = await outboundFiles(buyer.email);
    const update = files.at(-1)!;
    expect(files.length).toBeGreaterThanOrEqual(2);
    const entry = update.calendar.entries.find((one) => one.uid === uid)!;
    expect(entry, "the same UID as the confirmation's").toBeDefined();
    expect(entry.sequence).toBeGreaterThan(lastSequence);
    expect(entry.status).toBe("CONFIRMED");
    expect(entry.start.getTime()).toBe(time.getTime());
    expect(entry.zone).toBe("America/Bogota");
    expect(entry.location).toContain(passenger.address);
    expect(update.mail.text).toContain(".ics");

    const own = (await outboundFiles(passenger.email)).at(-1)!;
    expect(own.calendar.entries).toHaveLength(1);
    expect(own.calendar.entries[0]).toMatchObject({ uid, sequence: entry.sequence, status: "CONFIRMED" });
    expect(own.calendar.entries[0]!.start.getTime()).toBe(time.getTime());
    lastSequence = entry.sequence;
  });

  it("a shift sends it again, moved by the minutes, at a higher SEQUENCE", async () => {
    const before = await publishedTime();
    const shifted = await staffCall("POST", "/shop-api/staff/dispatch/shift", { eventDateId: setting.eventDateId, leg: "outbound", minutes: 25 });
    expect(shifted.status).toBe(200);
    const after = await publishedTime();
    expect(after.getTime()).not.toBe(before.getTime());

    for (const email of [buyer.email, passenger.email]) {
      const entry = (await outboundFiles(email)).at(-1)!.calendar.entries.find((one) => one.uid === uid)!;
      expect(entry.sequence).toBeGreaterThan(lastSequence);
      expect(entry.status).toBe("CONFIRMED");
      expect(entry.start.getTime()).toBe(after.getTime());
    }
    lastSequence = (await outboundFiles(buyer.email)).at(-1)!.calendar.entries[0]!.sequence;
  });

  it("a whole refund sends METHOD:CANCEL for the same entries, at a higher SEQUENCE", async () => {
    const refunded = await staffCall<RefundAnswer>("POST", `/shop-api/staff/orders/${orderId}/refund`, { reasonCode: "requested", reason: "Cambio de planes" });
    expect(refunded.status).toBe(201);
    const cancels = await outboundFiles(buyer.email, "CANCEL");
    expect(cancels).toHaveLength(1);
    expect(cancels[0]!.calendar.method).toBe("CANCEL");
    expect(cancels[0]!.calendar.entries).toEqual([expect.objectContaining({ uid, status: "CANCELLED", alarms: 0 })]);
    expect(cancels[0]!.calendar.entries[0]!.sequence).toBeGreaterThan(lastSequence);
    const back = (await shop.mailsTo(buyer.email)).flatMap((mail) => mail.attachments ?? []).find((file) => file.filename === `rodamos-${orderId}-return-cancelled.ics`);
    expect(parseCalendar(back!.content).entries[0]).toMatchObject({ uid: `order-${orderId}-return@rodamos.co`, status: "CANCELLED" });

    // The passenger, sent their own entry by the publish, is sent its cancellation too, once.
    const theirs = await outboundFiles(passenger.email, "CANCEL");
    expect(theirs).toHaveLength(1);
    expect(theirs[0]!.mail.subject).toContain("fue cancelado");
    expect(theirs[0]!.calendar.entries).toEqual([expect.objectContaining({ uid, status: "CANCELLED" })]);
    expect((await staffCall("POST", `/shop-api/staff/refunds/${refunded.body.data.id}/paid`, { bankDetails: "Banco X, ahorros 123" })).status).toBe(200);
    expect(await outboundFiles(passenger.email, "CANCEL")).toHaveLength(1);
  });
});
