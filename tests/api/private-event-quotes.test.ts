/**
 * Private events that are paid for: staff approve with a quote, the organiser is mailed it and pays it with the
 * country's methods (MercadoPago through its simulator, a transfer confirmed by staff), and only then do the
 * invitations go out; staff may mark a company's quote invoiced (audited); a rejection is mailed once with its
 * reason; when each guest pays, the event is sold to its guests at the quoted price of their province.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, counties, eventDates, privateEvents, events, orders, productVariants, provinces } from "../../src/server/db/schema";
import { SIMULATOR_MERCADOPAGO_ACCESS_TOKEN } from "../../src/server/payments/config";
import { postForm } from "../helpers/browser";
import { guestListXlsx, photoPng } from "../helpers/private-event-files";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let staff: { id: number; email: string; token: string };
let cundinamarca: { provinceId: number; countyId: number };
let bogota: { provinceId: number; countyId: number };

const DAY = 86_400_000;
const specDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10).replaceAll("-", "/");
const isoDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

async function upload(path: string, token: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await shop.app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}` } }, { incoming: { socket: { remoteAddress: "10.0.0.8" } } });
  return { status: response.status, body: (await response.json()) as { data: { refused: { line: number; email: string; reason: string }[] } } };
}

/** A private event in Cota (Cundinamarca) with guests picked up in Bogotá too, sent for review. */
async function reviewedRequest(owner: { token: string }, rows: (string | number)[][], extra: Record<string, unknown> = {}) {
  const created = await shop.call<{ id: number }>(
    "POST",
    "/shop-api/request-events",
    {
      name: "Boda en Cota",
      startDate: `${specDay(40)} 16:00`,
      endDate: `${specDay(40)} 23:00`,
      location: "Hacienda Cota",
      address: "Vía Cota km 2",
      countyId: cundinamarca.countyId,
      invitation: "Te esperamos",
      guestsExpected: 30,
      pickupProvinceIds: [bogota.provinceId],
      payer: "organiser",
      ...extra,
    },
    { token: owner.token },
  );
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect((await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, await photoPng(), "foto.png")).status).toBe(200);
  expect((await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, await guestListXlsx(rows), "lista.xlsx")).status).toBe(200);
  expect((await shop.call("POST", `/shop-api/event-requests/${id}/submit`, undefined, { token: owner.token })).status).toBe(200);
  return id;
}

const quote = (overrides: Record<string, unknown> = {}) => ({ quote: { currency: "COP", perSeat: 50_000, validUntil: isoDay(20), ...overrides } });
async function countInvitations(privateEventId: number): Promise<number> {
  const rows = await shop.db.execute(sql`select count(*)::int as n from outbox o join guests g on g.id = (o.payload->>'guestId')::int where o.kind = 'private-event.invitation' and g.private_event_id = ${privateEventId}`);
  const list = (rows as unknown as { rows?: { n: number }[] }).rows ?? (rows as unknown as { n: number }[]);
  return Number(list[0]?.n ?? 0);
}

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  staff = await shop.buyer("staff");
  const rows = await shop.db
    .select({ countyId: counties.id, provinceId: provinces.id, province: provinces.name })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(provinces.countryCode, "CO"))
    .orderBy(asc(counties.id));
  const byName = (pattern: RegExp) => rows.find((row) => pattern.test(row.province));
  bogota = byName(/bogot/i)!;
  cundinamarca = byName(/cundinamarca/i) ?? rows.find((row) => row.provinceId !== bogota.provinceId)!;
});
afterAll(() => shop?.close());

describe("a quote the organiser pays", () => {
  let owner: { id: number; email: string; token: string };
  let id: number;
  const guestEmail = "invitada.cota@example.com";

  beforeAll(async () => {
    owner = await shop.buyer();
    id = await reviewedRequest(owner, [["Invitada Cota", guestEmail, ""], ["Otro Cota", "otro.cota@example.com", "", 2]]);
  });

  it("refuses an approval without a quote, a quote in another currency or already expired", async () => {
    const none = await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, {}, { token: staff.token });
    expect([none.status, none.body.fields]).toEqual([422, { quote: "Aprueba con una cotización o indica que el transporte es sin costo" }]);
    const usd = await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, quote({ currency: "USD" }), { token: staff.token });
    expect([usd.status, usd.body.code]).toEqual([422, "quote_invalid"]);
    const past = await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, quote({ validUntil: "2020-01-01" }), { token: staff.token });
    expect(past.body.code).toBe("quote_invalid");
  });

  it("approval with a quote mails the organiser the quote and a link to pay it, and invites nobody yet", async () => {
    const approved = await shop.call<{ eventSlug: string }>("POST", `/shop-api/staff/event-requests/${id}/approve`, quote(), { token: staff.token });
    expect(approved.status).toBe(200);
    const mails = await shop.mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Aprobamos tu evento Boda en Cota");
    expect(mails[0]!.text).toContain("Cotización: COP 1.500.000 por 30 cupos de ida y vuelta.");
    expect(mails[0]!.text).toContain("Valor por cupo: COP 50.000.");
    expect(mails[0]!.links[0]).toMatch(new RegExp(`/my-account/events\\?request=${id}$`));
    expect(await countInvitations(id)).toBe(0);
    expect(await shop.mailsTo(guestEmail)).toHaveLength(0);

    const mine = await shop.call<{ quoteState: string; quote: { total: number; seats: number }; quotedSeats: number }>("GET", `/shop-api/event-requests/${id}`, undefined, { token: owner.token });
    expect(mine.body.data).toMatchObject({ quoteState: "quoted", quote: { total: 1_500_000, seats: 30 }, quotedSeats: 30 });
    // The event carries the quoted seats, in the venue's province and in Bogotá, at no price for the guests.
    const [event] = await shop.db.select().from(events).where(eq(events.slug, approved.body.data.eventSlug));
    const variants = await shop.db.select({ provinceId: productVariants.provinceId, stock: productVariants.stock, price: productVariants.price }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(eq(categories.eventId, event!.id));
    expect(variants.map((row) => row.provinceId).sort()).toEqual([cundinamarca.provinceId, bogota.provinceId].sort());
    expect(variants.every((row) => row.stock === 30 && row.price === 0)).toBe(true);
  });

  it("a guest on the list sees nothing and cannot book before the quote is paid", async () => {
    const guest = await shop.buyer();
    await shop.db.execute(sql`update guests set email = ${guest.email} where lower(email) = ${guestEmail}`);
    expect((await shop.call<unknown[]>("GET", "/shop-api/invited-events", undefined, { token: guest.token })).body.data).toEqual([]);
    await shop.db.execute(sql`update guests set email = ${guestEmail} where lower(email) = ${guest.email.toLowerCase()}`);
  });

  it("the organiser pays with MercadoPago; then, and only then, every guest is invited, once", async () => {
    const stranger = await shop.buyer();
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "mercadopago" }, { token: stranger.token })).status).toBe(404);
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "webpay" }, { token: owner.token })).body.code).toBe("payment_method_unavailable");
    const started = await shop.call<{ orderId: number; state: string; preference_init_point: string; preference_id: string }>("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "mercadopago" }, { token: owner.token });
    expect(started.status).toBe(201);
    expect(started.body.data).toMatchObject({ paymentCode: "mercadopago", state: "awaiting_payment" });
    const [order] = await shop.db.select().from(orders).where(eq(orders.id, started.body.data.orderId));
    expect(order).toMatchObject({ userId: owner.id, total: 1_500_000, currency: "COP" });
    expect(await countInvitations(id)).toBe(0);

    const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: started.body.data.preference_id, action: "approve" });
    expect(decided.status).toBe(303);
    expect((await shop.db.select({ state: orders.state }).from(orders).where(eq(orders.id, started.body.data.orderId)))[0]!.state).toBe("paid");
    const [privateEvent] = await shop.db.select().from(privateEvents).where(eq(privateEvents.id, id));
    expect(privateEvent!.quoteState).toBe("paid");
    expect(await shop.mailsTo(guestEmail)).toHaveLength(1);
    expect(await shop.mailsTo("otro.cota@example.com")).toHaveLength(1);
    // The organiser who paid the quote gets its invoice: attached to their mail and downloadable from their order.
    const invoiced = (await shop.mailsTo(owner.email)).filter((mail) => (mail.attachments ?? []).some((file) => file.contentType === "application/pdf"));
    expect(invoiced).toHaveLength(1);
    const own = await shop.app.request(`/shop-api/orders/${started.body.data.orderId}/invoice`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect([own.status, own.headers.get("content-type")]).toEqual([200, "application/pdf"]);
    expect(Buffer.from(await own.arrayBuffer()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // MercadoPago notifies again: no second invitation.
    const paymentId = new URL(decided.headers.get("location")!).searchParams.get("payment_id")!;
    await fetch(`${shop.origin}/payments-sim/mercadopago/v1/payments/${paymentId}/notify`, { method: "POST", headers: { authorization: `Bearer ${SIMULATOR_MERCADOPAGO_ACCESS_TOKEN}` } });
    expect(await countInvitations(id)).toBe(2);
    // Paid once: a second payment of the quote is refused.
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "mercadopago" }, { token: owner.token })).body.code).toBe("quote_not_payable");
  });

  it("the organiser adds guests up to the quoted seats and buys more seats at the quoted price", async () => {
    const added = await shop.call<{ email: string; status: string }>("POST", `/shop-api/event-requests/${id}/guests`, { name: "Nueva", email: "nueva.cota@example.com", seats: 20 }, { token: owner.token });
    expect(added.status).toBe(201);
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/guests`, { name: "Familia", email: "familia.cota@example.com", seats: 8 }, { token: owner.token })).status).toBe(201);
    expect(await shop.mailsTo("nueva.cota@example.com")).toHaveLength(1);
    const over = await shop.call("POST", `/shop-api/event-requests/${id}/guests`, { name: "Una más", email: "una.mas@example.com" }, { token: owner.token });
    expect([over.status, over.body.code]).toEqual([409, "guest_seats_over_quote"]);
    const more = await shop.call<{ orderId: number; bankName: string }>("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "transferencia", seats: 2 }, { token: owner.token });
    expect(more.status).toBe(201);
    expect((await shop.db.select({ total: orders.total }).from(orders).where(eq(orders.id, more.body.data.orderId)))[0]!.total).toBe(100_000);
    expect((await shop.call("POST", `/shop-api/staff/orders/${more.body.data.orderId}/confirm-transfer`, undefined, { token: staff.token })).status).toBe(200);
    const [privateEvent] = await shop.db.select().from(privateEvents).where(eq(privateEvents.id, id));
    expect(privateEvent!.quotedSeats).toBe(32);
    const stock = await shop.db.select({ stock: productVariants.stock }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(eq(categories.eventId, privateEvent!.eventId!));
    expect(stock.map((row) => row.stock)).toEqual([32, 32]);
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/guests`, { name: "Una más", email: "una.mas@example.com" }, { token: owner.token })).status).toBe(201);
  });

  it("an invited guest books from Bogotá, another province than the venue's", async () => {
    const guest = await shop.buyer();
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/guests`, { name: "Bogotana", email: guest.email }, { token: owner.token })).status).toBe(201);
    const [privateEvent] = await shop.db.select().from(privateEvents).where(eq(privateEvents.id, id));
    const [event] = await shop.db.select().from(events).where(eq(events.id, privateEvent!.eventId!));
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.eventId, event!.id));
    const [variant] = await shop.db.select({ id: productVariants.id }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(and(eq(categories.eventId, event!.id), eq(productVariants.provinceId, bogota.provinceId)));
    const booked = await shop.call("POST", "/shop-api/init-payment", {
      url: `/event/${event!.slug}`,
      eventDateId: date!.id,
      provinceId: bogota.provinceId,
      paymentCode: "prepagado",
      tickets: [{ placeId: event!.placeId, productVariantId: variant!.id, passengers: [{ name: "Bogotana", email: guest.email, phone: "3001234567", passengerAddress: "Calle 80 # 10-20" }], addresses: [{ address: "Calle 80 # 10-20", commune_id: bogota.countyId }] }],
    }, { token: guest.token });
    expect(booked.status).toBe(201);
    const list = await shop.call<{ email: string; booked: number; pickup: { address: string } | null }[]>("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: owner.token });
    expect(list.body.data.find((row) => row.email === guest.email.toLowerCase())).toMatchObject({ booked: 1, pickup: { address: "Calle 80 # 10-20" } });
  });
});

describe("invoiced and rejected", () => {
  it("staff mark a company's quote invoiced: invitations go, the change is audited", async () => {
    const owner = await shop.buyer();
    const id = await reviewedRequest(owner, [["Empleado", "empleado.empresa@example.com", ""]]);
    await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, quote({ total: 2_000_000, perSeat: undefined }), { token: staff.token });
    expect(await shop.mailsTo("empleado.empresa@example.com")).toHaveLength(0);
    const quotedIds = async () => (await shop.call<{ request: { id: number } }[]>("GET", "/shop-api/staff/event-requests?state=quoted", undefined, { token: staff.token })).body.data.map((row) => row.request.id);
    expect(await quotedIds()).toContain(id);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/invoiced`, undefined, { token: owner.token })).status).toBe(403);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/invoiced`, undefined, { token: staff.token })).status).toBe(200);
    expect(await shop.mailsTo("empleado.empresa@example.com")).toHaveLength(1);
    // The approval and the invoicing, each audited in its own transaction.
    const audits = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "event-requests"), eq(auditLog.resourceId, id))).orderBy(asc(auditLog.id));
    expect(audits.map((row) => row.action)).toEqual(["request_submit", "request_approve", "update"]);
    expect(audits[2]).toMatchObject({ userId: staff.id, action: "update", after: { quoteState: "invoiced" } });
    expect(await quotedIds()).not.toContain(id);
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/pay`, { paymentCode: "mercadopago" }, { token: owner.token })).body.code).toBe("quote_not_payable");
  });

  it("a rejection mails its reason to the organiser once, in their language", async () => {
    const owner = await shop.buyer();
    await shop.db.execute(sql`update users set locale_code = 'en_US' where id = ${owner.id}`);
    const id = await reviewedRequest(owner, [["Ana", "ana.rechazada@example.com", ""]]);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/reject`, { reason: "No hay vans ese día" }, { token: staff.token })).status).toBe(200);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/reject`, { reason: "otra vez" }, { token: staff.token })).body.code).toBe("request_not_reviewable");
    const mails = await shop.mailsTo(owner.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your request for Boda en Cota was not approved");
    expect(mails[0]!.text).toContain("Reason: No hay vans ese día");
  });
});

describe("guests who pay their own way", () => {
  it("invites at approval and sells the event to its guests at the quoted price of their province", async () => {
    const owner = await shop.buyer();
    const guest = await shop.buyer();
    const id = await reviewedRequest(owner, [["Amiga", guest.email, ""]], { payer: "guests" });
    const approved = await shop.call<{ eventSlug: string }>("POST", `/shop-api/staff/event-requests/${id}/approve`, quote({ provinces: [{ provinceId: bogota.provinceId, perSeat: 65_000 }] }), { token: staff.token });
    expect(approved.status).toBe(200);
    const mails = await shop.mailsTo(guest.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Reserva tu cupo de ida y vuelta: COP 50.000 por persona.");
    const [event] = await shop.db.select().from(events).where(eq(events.slug, approved.body.data.eventSlug));
    expect(event!.paymentType).toBe(1);
    const variants = await shop.db.select({ provinceId: productVariants.provinceId, price: productVariants.price }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(eq(categories.eventId, event!.id));
    expect(Object.fromEntries(variants.map((row) => [row.provinceId, row.price]))).toEqual({ [bogota.provinceId]: 65_000, [cundinamarca.provinceId]: 50_000 });
    expect((await shop.call<{ quoteState: string }>("GET", `/shop-api/event-requests/${id}`, undefined, { token: owner.token })).body.data.quoteState).toBe("guests_pay");

    // The guest buys their seat through the normal purchase, at their province's price; nobody else can.
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.eventId, event!.id));
    const [variant] = await shop.db.select({ id: productVariants.id }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(and(eq(categories.eventId, event!.id), eq(productVariants.provinceId, bogota.provinceId)));
    const purchase = {
      url: `/event/${event!.slug}`,
      eventDateId: date!.id,
      provinceId: bogota.provinceId,
      paymentCode: "mercadopago",
      tickets: [{ placeId: event!.placeId, productVariantId: variant!.id, passengers: [{ name: "Amiga", email: guest.email, phone: "3001234567", passengerAddress: "Calle 80 # 10-20" }], addresses: [{ address: "Calle 80 # 10-20", commune_id: bogota.countyId }] }],
    };
    expect((await shop.call("POST", "/shop-api/init-payment", { ...purchase, paymentCode: "prepagado" }, { token: guest.token })).body.code).toBe("payment_method_unavailable");
    const bought = await shop.call<{ orderId: number; state: string }>("POST", "/shop-api/init-payment", purchase, { token: guest.token });
    expect(bought.status).toBe(201);
    expect((await shop.db.select({ total: orders.total }).from(orders).where(eq(orders.id, bought.body.data.orderId)))[0]!.total).toBe(65_000);
    const stranger = await shop.buyer();
    expect((await shop.call("POST", "/shop-api/init-payment", purchase, { token: stranger.token })).body.code).toBe("event_not_invited");
  });
});

describe("the organiser's guest view", () => {
  it("resends and removes invitations, and exports the list formula-safe as CSV and XLSX", async () => {
    const owner = await shop.buyer();
    const id = await reviewedRequest(owner, [
      ["=HYPERLINK(\"http://x\")", "formula.guest@example.com", ""],
      ["Quitado", "quitado.guest@example.com", ""],
    ]);
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/guests/1/resend`, undefined, { token: owner.token })).body.code).toBe("invitations_not_sent");
    await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, { waive: true }, { token: staff.token });
    const list = await shop.call<{ id: number; email: string }[]>("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: owner.token });
    const [formula, removed] = [list.body.data[0]!, list.body.data[1]!];
    const firstLink = (await shop.mailsTo(removed.email)).flatMap((mail) => mail.links).find((href) => href.includes("claim="))!;

    expect((await shop.call("POST", `/shop-api/event-requests/${id}/guests/${formula.id}/resend`, undefined, { token: owner.token })).status).toBe(200);
    expect(await shop.mailsTo(formula.email)).toHaveLength(2);
    expect((await shop.call("DELETE", `/shop-api/event-requests/${id}/guests/${removed.id}`, undefined, { token: owner.token })).status).toBe(200);
    const claimer = await shop.buyer();
    expect((await shop.call("POST", "/shop-api/invitations/claim", { token: new URL(firstLink).searchParams.get("claim") }, { token: claimer.token })).status).toBe(404);

    const csv = await shop.app.request(`/shop-api/event-requests/${id}/guests/export?format=csv`, { headers: { authorization: `Bearer ${owner.token}` } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`"'=HYPERLINK(""http://x"")",formula.guest@example.com`);
    expect(text).not.toContain("quitado.guest@example.com");
    const xlsx = await shop.app.request(`/shop-api/event-requests/${id}/guests/export`, { headers: { authorization: `Bearer ${owner.token}` } });
    const { read, utils } = await import("@e965/xlsx");
    const book = read(new Uint8Array(await xlsx.arrayBuffer()));
    const rows = utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows[0]![0]).toBe("Nombre");
    expect(rows[1]![0]).toBe(`'=HYPERLINK("http://x")`);
    const stranger = await shop.buyer();
    expect((await shop.app.request(`/shop-api/event-requests/${id}/guests/export`, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
  });
});
