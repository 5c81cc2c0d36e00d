/**
 * Published pick-up times wherever someone looks: a guest of a private event in Cota books from Bogotá; until the
 * dispatcher publishes, the organiser's guest view and its export say the time is to be confirmed; once both legs
 * are published, the guest view, the CSV and XLSX exports, the staff manifest (both legs, CSV too), the guest's
 * order detail and the ticket mail's calendar files all carry the published times, never the estimates.
 */
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, counties, eventDates, events, passengers, productVariants, provinces, publishedPickups, tickets } from "../../src/server/db/schema";
import { formatDateTime, timeZoneOf } from "../../src/shared/format/dates";
import type { DispatchPlan } from "../../src/shared/schemas/answers/dispatch";
import type { GuestStatus } from "../../src/shared/schemas/answers/private-events";
import type { Manifest } from "../../src/shared/schemas/answers/staff-day";
import type { OrderDetailAnswer } from "../../src/shared/schemas/purchase";
import { guestListXlsx, photoPng } from "../helpers/private-event-files";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { token: string };
let owner: { token: string };
let guest: { email: string; token: string };
let privateEventId: number;
let eventDateId: number;
let bogota: { provinceId: number; countyId: number };
let orderId: number;
let passengerId: number;

const DAY = 86_400_000;
const MINUTE = 60_000;
const ZONE = timeZoneOf("CO");
const specDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10).replaceAll("-", "/");

async function upload(path: string, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await shop.app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: "10.0.0.9" } } });
  expect(response.status).toBe(200);
}

const guestView = async () => (await shop.call<GuestStatus[]>("GET", `/shop-api/event-requests/${privateEventId}/guests`, undefined, { token: owner.token })).body.data;
const exportCsv = async () => (await shop.app.request(`/shop-api/event-requests/${privateEventId}/guests/export?format=csv`, { headers: { authorization: `Bearer ${owner.token}` } })).text();
const staffCall = <T>(method: string, path: string, body?: unknown) => shop.call<T>(method, path, body, { token: staff.token });

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  owner = await shop.buyer();
  guest = await shop.buyer();
  const rows = await shop.db
    .select({ countyId: counties.id, provinceId: provinces.id, province: provinces.name, county: counties.name })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(provinces.countryCode, "CO"))
    .orderBy(asc(counties.id));
  bogota = rows.find((row) => /bogot/i.test(row.province) && /chapinero/i.test(row.county)) ?? rows.find((row) => /bogot/i.test(row.province))!;
  const cundinamarca = rows.find((row) => /cundinamarca/i.test(row.province)) ?? rows.find((row) => row.provinceId !== bogota.provinceId)!;

  const created = await shop.call<{ id: number }>(
    "POST",
    "/shop-api/request-events",
    {
      name: "Boda con horarios",
      startDate: `${specDay(30)} 16:00`,
      endDate: `${specDay(30)} 23:00`,
      location: "Hacienda Cota",
      address: "Vía Cota km 2",
      countyId: cundinamarca.countyId,
      invitation: "Te esperamos",
      guestsExpected: 10,
      pickupProvinceIds: [bogota.provinceId],
      payer: "organiser",
    },
    { token: owner.token },
  );
  privateEventId = created.body.data.id;
  await upload(`/shop-api/event-requests/${privateEventId}/upload-image`, owner.token, await photoPng(), "foto.png");
  await upload(`/shop-api/event-requests/${privateEventId}/upload-guests`, owner.token, await guestListXlsx([["Invitada Horarios", guest.email, ""], ["Sin Reserva", "sin.reserva@example.com", ""]]), "lista.xlsx");
  expect((await shop.call("POST", `/shop-api/event-requests/${privateEventId}/submit`, undefined, { token: owner.token })).status).toBe(200);
  const approved = await staffCall<{ eventSlug: string }>("POST", `/shop-api/staff/event-requests/${privateEventId}/approve`, { waive: true });
  expect(approved.status).toBe(200);

  const [event] = await shop.db.select().from(events).where(eq(events.slug, approved.body.data.eventSlug));
  const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.eventId, event!.id));
  eventDateId = date!.id;
  const [variant] = await shop.db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(and(eq(categories.eventId, event!.id), eq(productVariants.provinceId, bogota.provinceId)));
  const address = "Calle 63 # 9-45";
  const booked = await shop.call<{ orderId: number }>(
    "POST",
    "/shop-api/init-payment",
    {
      url: `/event/${event!.slug}`,
      eventDateId,
      provinceId: bogota.provinceId,
      paymentCode: "prepagado",
      tickets: [{ placeId: event!.placeId, productVariantId: variant!.id, passengers: [{ name: "Invitada Horarios", email: guest.email, phone: "3001234567", passengerAddress: address }], addresses: [{ address, commune_id: bogota.countyId }] }],
    },
    { token: guest.token },
  );
  expect(booked.status).toBe(201);
  orderId = booked.body.data.orderId;
  const [passenger] = await shop.db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, orderId));
  passengerId = passenger!.id;
  // The purchase's ticket mail leaves now, before any plan is published: its calendar files hold the estimates.
  await shop.app.outbox.drain();
});
afterAll(() => shop?.close());

describe("before the dispatcher publishes", () => {
  it("the guest view and its export show the address and say the times are to be confirmed", async () => {
    const mine = (await guestView()).find((row) => row.email === guest.email.toLowerCase())!;
    expect(mine.pickup).toEqual({ address: "Calle 63 # 9-45", time: null, returnAt: null });
    expect((await guestView()).find((row) => row.email === "sin.reserva@example.com")!.pickup).toBeNull();
    const csv = await exportCsv();
    expect(csv.split("\r\n")[0]).toContain("Hora de recogida,Salida del regreso");
    expect(csv).toContain("Calle 63 # 9-45,Hora por confirmar,Hora por confirmar");
  });
});

describe("once both legs are published", () => {
  let outboundAt: Date;
  let departsAt: Date;
  let dropOffAt: Date;

  beforeAll(async () => {
    for (const leg of ["outbound", "return"] as const) {
      const planned = await staffCall<DispatchPlan>("POST", "/shop-api/staff/dispatch/plan", { eventDateId, leg });
      expect(planned.status).toBe(200);
      const published = await staffCall("POST", "/shop-api/staff/dispatch/publish", { eventDateId, leg, version: planned.body.data.version });
      expect(published.status).toBe(200);
    }
    // The planner's return may leave exactly when the estimate says; the dispatcher moved it by hand before
    // publishing, so a published time can never be mistaken for the estimate here.
    const rows = await shop.db.select().from(publishedPickups).where(eq(publishedPickups.passengerId, passengerId));
    const outbound = rows.find((row) => row.leg === "outbound")!;
    const back = rows.find((row) => row.leg === "return")!;
    outboundAt = new Date(outbound.time.getTime() - 13 * MINUTE);
    departsAt = new Date(back.departsAt.getTime() + 17 * MINUTE);
    dropOffAt = new Date(back.time.getTime() + 17 * MINUTE);
    await shop.db.update(publishedPickups).set({ time: outboundAt }).where(and(eq(publishedPickups.passengerId, passengerId), eq(publishedPickups.leg, "outbound")));
    await shop.db.update(publishedPickups).set({ time: dropOffAt, departsAt }).where(and(eq(publishedPickups.passengerId, passengerId), eq(publishedPickups.leg, "return")));
  });

  it("the organiser's guest view carries the published pick-up and return times", async () => {
    const mine = (await guestView()).find((row) => row.email === guest.email.toLowerCase())!;
    expect(mine.pickup).toEqual({ address: "Calle 63 # 9-45", time: outboundAt.toISOString(), returnAt: departsAt.toISOString() });
  });

  it("the CSV and XLSX exports carry them in the event's clock", async () => {
    const csv = await exportCsv();
    expect(csv).toContain(`Calle 63 # 9-45,${formatDateTime(outboundAt.toISOString(), ZONE)},${formatDateTime(departsAt.toISOString(), ZONE)}`);
    const xlsx = await shop.app.request(`/shop-api/event-requests/${privateEventId}/guests/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    const { read, utils } = await import("@e965/xlsx");
    const book = read(new Uint8Array(await xlsx.arrayBuffer()));
    const sheet = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const row = sheet.find((cells) => cells[1] === guest.email.toLowerCase() || cells[1] === guest.email)!;
    expect(row.slice(-3)).toEqual(["Calle 63 # 9-45", formatDateTime(outboundAt.toISOString(), ZONE), formatDateTime(departsAt.toISOString(), ZONE)]);
  });

  it("the staff manifest shows the published times of both legs, on screen and in its CSV", async () => {
    const path = `/shop-api/staff/manifests?eventDateId=${eventDateId}&provinceId=${bogota.provinceId}`;
    const sheet = (await staffCall<Manifest>("GET", path)).body.data;
    const stop = sheet.runs.flatMap((run) => run.stops).find((one) => one.passengers.some((passenger) => passenger.id === passengerId))!;
    expect(stop).toMatchObject({ pickupAt: outboundAt.toISOString(), returnDepartsAt: departsAt.toISOString(), dropOffAt: dropOffAt.toISOString() });
    expect(sheet.event.returnAt).toBe(departsAt.toISOString());
    expect(sheet.published).toBe(true);
    const csv = await (await shop.app.request(path, { headers: { authorization: `Bearer ${staff.token}`, accept: "text/csv" } })).text();
    const line = csv.split("\r\n").find((one) => one.includes("Invitada Horarios"))!;
    expect(line).toContain(formatDateTime(outboundAt.toISOString(), ZONE));
    // The return's departure and drop-off, then the needs on board column (none here).
    expect(line.endsWith(`${formatDateTime(departsAt.toISOString(), ZONE)},${formatDateTime(dropOffAt.toISOString(), ZONE)},`)).toBe(true);
  });

  it("the guest's order detail and the ticket mail's calendar files carry both published legs", async () => {
    const detail = (await shop.call<OrderDetailAnswer>("GET", `/shop-api/order-detail/${orderId}`, undefined, { token: guest.token })).body.data;
    expect(detail.itinerary).toMatchObject({ published: true, returnAt: departsAt.toISOString(), pickups: [expect.objectContaining({ address: "Calle 63 # 9-45", pickupAt: outboundAt.toISOString() })] });
    expect((await staffCall("POST", `/shop-api/staff/orders/${orderId}/resend`)).status).toBe(200);
    await shop.app.outbox.drain();
    // On the event's clock, its zone named: Bogotá is UTC-5 all year.
    const onClock = (date: Date) => `DTSTART;TZID=America/Bogota:${new Date(date.getTime() - 5 * 3_600_000).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}Z/, "")}`;
    const ticketMails = (await shop.mailsTo(guest.email)).filter((mail) => mail.subject.startsWith("Tus tickets"));
    // The first mail went at the purchase, with the estimates; the one resent after publishing has the published times.
    expect(ticketMails).toHaveLength(2);
    // Read unfolded (a long line continues on the next after CRLF and a space).
    const files = ticketMails.map((mail) => Object.fromEntries((mail.attachments ?? []).map((file) => [file.filename, file.content.replace(/\r\n /g, "")])));
    const published = files.filter((file) => file[`rodamos-${orderId}-outbound.ics`]?.includes(onClock(outboundAt)));
    expect(published).toHaveLength(1);
    expect(published[0]![`rodamos-${orderId}-return.ics`]).toContain(onClock(departsAt));
    // Said confirmed once dispatch published the times; the purchase's own mail said they were estimates.
    expect(published[0]![`rodamos-${orderId}-outbound.ics`]).toContain("STATUS:CONFIRMED");
    expect(published[0]![`rodamos-${orderId}-outbound.ics`]).toContain("hora confirmada por despacho");
    const estimated = files.find((file) => file !== published[0])!;
    expect(estimated[`rodamos-${orderId}-outbound.ics`]).toContain("STATUS:TENTATIVE");
    expect(estimated[`rodamos-${orderId}-outbound.ics`]).toContain("hora estimada");
  });
});
