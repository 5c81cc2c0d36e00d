/**
 * Private events end to end through the API:
 * a customer's private event with its picture and guest list, staff review, the published event, invitations,
 * invited events and the guests' organiser-funded bookings, with every refusal on the way.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, counties, eventDates, privateEvents, events, guests, outbox, productVariants, provinces } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";
import { farColumnList, guestListXls, guestListXlsx, paddedWorkbook, photoPng, pixelBombPng, xlsDeclaringWholeGrid, zipBomb } from "../helpers/private-event-files";

let shop: TestShop;
let owner: { id: number; email: string; token: string };
let countyId: number;
let bogotaCountyId: number;

const DAY = 86_400_000;
const specDay = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10).replaceAll("-", "/");

const body = (overrides: Record<string, unknown> = {}) => ({
  name: "Boda de Laura y Felipe",
  startDate: `${specDay(30)} 16:00`,
  endDate: `${specDay(30)} 23:30`,
  location: "Hacienda El Roble",
  address: "Vía La Calera km 5",
  countyId,
  additionalStops: [{ address: "Iglesia de Usaquén", countyId, time: "15:00" }],
  invitation: "Nos casamos y queremos que vengas sin preocuparte por volver.",
  ...overrides,
});

async function upload(path: string, token: string, bytes: Buffer, name: string, headers: Record<string, string> = {}) {
  const form = new FormData();
  form.set("file", new File([new Uint8Array(bytes)], name));
  const response = await shop.app.request(path, { method: "POST", body: form, headers: { authorization: `Bearer ${token}`, ...headers } }, { incoming: { socket: { remoteAddress: "10.0.0.7" } } });
  return { status: response.status, body: (await response.json()) as { success: boolean; code: string; message: string; data: never } };
}

/** A private event created, with a picture and guests, sent for review. */
async function reviewedRequest(who: { token: string }, guestRows: (string | number)[][], header?: string[]) {
  const created = await shop.call<{ id: number }>("POST", "/shop-api/request-events", body(), { token: who.token });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect((await upload(`/shop-api/event-requests/${id}/upload-image`, who.token, await photoPng(), "foto.png")).status).toBe(200);
  expect((await upload(`/shop-api/event-requests/${id}/upload-guests`, who.token, await guestListXlsx(guestRows, header), "lista.xlsx")).status).toBe(200);
  expect((await shop.call("POST", `/shop-api/event-requests/${id}/submit`, undefined, { token: who.token })).status).toBe(200);
  return id;
}

beforeAll(async () => {
  shop = await openTestShop();
  owner = await shop.buyer();
  const co = await shop.db
    .select({ id: counties.id, province: provinces.name })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(provinces.countryCode, "CO"))
    .orderBy(asc(counties.id));
  countyId = co[0]!.id;
  bogotaCountyId = (co.find((row) => /bogot/i.test(row.province)) ?? co[0]!).id;
});
afterAll(() => shop?.close());

describe("the private event form's rules", () => {
  it("names every missing field with the spec's message", async () => {
    const answer = await shop.call("POST", "/shop-api/request-events", { additionalStops: [{ address: "", countyId: null, time: "" }] }, { token: owner.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toMatchObject({
      name: "Campo Requerido",
      location: "Campo Requerido",
      address: "Campo Requerido",
      countyId: "Campo Requerido",
      invitation: "Campo Requerido",
      startDate: "Fecha de inicio Requerida",
      endDate: "Hora de término Requerido",
      "additionalStops.0.address": "Asegurate de llenar todos los campos de Paradas Adicionales",
    });
    const english = await shop.call("POST", "/shop-api/request-events", { ...body(), name: "" }, { token: owner.token, headers: { "x-locale": "en_US" } });
    expect(english.body.fields).toEqual({ name: "Required field" });
  });

  it("refuses a past date, an unknown county and a request without a session", async () => {
    expect((await shop.call("POST", "/shop-api/request-events", body({ startDate: "2020/01/01 10:00" }), { token: owner.token })).body.code).toBe("request_date_past");
    expect((await shop.call("POST", "/shop-api/request-events", body({ countyId: 999999 }), { token: owner.token })).body.code).toBe("unknown_county");
    expect((await shop.call("POST", "/shop-api/request-events", body())).status).toBe(401);
  });
});

describe("a private event and its owner", () => {
  let id: number;
  beforeAll(async () => {
    id = (await shop.call<{ id: number }>("POST", "/shop-api/request-events", body(), { token: owner.token })).body.data.id;
  });

  it("is saved, with the dates in Bogotá time and its stops", async () => {
    const answer = await shop.call<Record<string, unknown>>("GET", `/shop-api/event-requests/${id}`, undefined, { token: owner.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id, state: "saved", hasGuests: false, imagePath: null, countyId, additionalStops: [{ address: "Iglesia de Usaquén", countyId, time: "15:00" }] });
    expect(answer.body.data.startDate).toBe(new Date(`${specDay(30).replaceAll("/", "-")}T21:00:00Z`).toISOString());
    const saved = await shop.call<{ id: number }[]>("GET", "/shop-api/event-requests?state=2", undefined, { token: owner.token });
    expect(saved.body.data.map((row) => row.id)).toContain(id);
    const active = await shop.call<{ message: string }>("GET", "/shop-api/event-requests?state=1", undefined, { token: owner.token });
    expect(active.body.data).toEqual({ message: "No hay eventos disponibles para esta categoría" });
  });

  it("is nobody else's: every call on it answers 404", async () => {
    const stranger = await shop.buyer();
    const png = await photoPng(800, 400);
    const attempts = [
      await shop.call("GET", `/shop-api/event-requests/${id}`, undefined, { token: stranger.token }),
      await shop.call("PUT", `/shop-api/request-events/${id}`, body(), { token: stranger.token }),
      await shop.call("POST", `/shop-api/event-requests/${id}/submit`, undefined, { token: stranger.token }),
      await shop.call("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: stranger.token }),
      await upload(`/shop-api/event-requests/${id}/upload-image`, stranger.token, png, "x.png"),
    ];
    expect(attempts.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404]);
    expect((await shop.call<unknown>("GET", "/shop-api/event-requests?state=2", undefined, { token: stranger.token })).body.data).toHaveProperty("message");
  });

  it("cannot be sent for review without its picture and guests", async () => {
    const answer = await shop.call("POST", `/shop-api/event-requests/${id}/submit`, undefined, { token: owner.token });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("request_incomplete");
  });
});

describe("the picture upload", () => {
  let id: number;
  beforeAll(async () => {
    id = (await shop.call<{ id: number }>("POST", "/shop-api/request-events", body(), { token: owner.token })).body.data.id;
  });

  it("re-encodes a photo to the banner and card sizes as WebP, without its metadata, served under /uploads", async () => {
    const answer = await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, await photoPng(), "boda.png");
    expect(answer.status).toBe(200);
    const data = answer.body.data as { imagePath: string; cardImagePath: string };
    expect(data.imagePath).toMatch(/^\/uploads\/events\/request-\d+-[0-9a-f]{16}\.webp$/);
    const banner = await shop.app.request(data.imagePath);
    expect(banner.status).toBe(200);
    expect(banner.headers.get("content-type")).toBe("image/webp");
    const bytes = Buffer.from(await banner.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(["webp", 1200, 600, undefined]);
    expect(bytes.includes(Buffer.from("secret-gps-owner"))).toBe(false);
    const card = await sharp(Buffer.from(await (await shop.app.request(data.cardImagePath)).arrayBuffer())).metadata();
    expect([card.width, card.height]).toEqual([600, 400]);
  });

  it("refuses a file that is not an image by its content, whatever its name", async () => {
    const answer = await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"), "foto.png");
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("image_unreadable");
    expect(answer.body.message).toBe("El archivo no es una imagen válida (JPEG, PNG, WebP, GIF o AVIF)");
  });

  it("refuses a decompression bomb and a file over 8 MB", async () => {
    const bomb = await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, await pixelBombPng(), "bomb.png");
    expect(bomb.status).toBe(422);
    expect(bomb.body.code).toBe("image_too_many_pixels");
    const big = Buffer.concat([await photoPng(100, 100), Buffer.alloc(8 * 1024 * 1024 + 10)]);
    const oversize = await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, big, "big.png");
    expect(oversize.status).toBe(413);
    expect(oversize.body.code).toBe("payload_too_large");
  });

  it("asks for the file when the form has none", async () => {
    const response = await shop.call("POST", `/shop-api/event-requests/${id}/upload-image`, { file: "x" }, { token: owner.token });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("upload_missing");
  });
});

describe("the guest list upload", () => {
  let id: number;
  beforeAll(async () => {
    id = (await shop.call<{ id: number }>("POST", "/shop-api/request-events", body(), { token: owner.token })).body.data.id;
  });

  it("keeps the valid rows, merges repeated emails and lists the refused rows with their line and reason", async () => {
    const sheet = await guestListXlsx([
      ["Ana Gómez", "ana@example.com", "300 123 4567"],
      ["", "sin-nombre@example.com", ""],
      ["Beto", "no-es-un-correo", ""],
      ["Carla", "carla@example.com", "12"],
      ["Ana otra vez", "ANA@example.com", ""],
      ["Dani", "dani@example.com", ""],
    ]);
    const answer = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, sheet, "lista.xlsx");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      saved: 2,
      seats: 2,
      merged: 1,
      refused: [
        { line: 3, email: "sin-nombre@example.com", reason: "Falta el nombre" },
        { line: 4, email: "no-es-un-correo", reason: "Email inválido" },
        { line: 5, email: "carla@example.com", reason: "Teléfono inválido" },
      ],
    });
    const rows = await shop.db.select().from(guests).where(eq(guests.privateEventId, id)).orderBy(guests.id);
    expect(rows.map((row) => [row.email, row.phone])).toEqual([["ana@example.com", "+573001234567"], ["dani@example.com", null]]);
    const english = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, sheet, "lista.xlsx", { "x-locale": "en_US" });
    expect((english.body.data as { refused: { reason: string }[] }).refused[1]!.reason).toBe("Invalid email");
  });

  it("reads an Excel 97–2003 (.xls) list like an .xlsx one", async () => {
    const sheet = guestListXls([["Eva Díaz", "eva@example.com", "3001234567"], ["Fede", "no-es-correo", ""]]);
    expect(sheet.subarray(0, 4).toString("hex")).toBe("d0cf11e0");
    const answer = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, sheet, "lista.xls");
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ saved: 1, seats: 1, merged: 0, refused: [{ line: 3, email: "no-es-correo", reason: "Email inválido" }] });
    const rows = await shop.db.select().from(guests).where(eq(guests.privateEventId, id));
    expect(rows.map((row) => [row.name, row.email, row.phone])).toEqual([["Eva Díaz", "eva@example.com", "+573001234567"]]);
  });

  it("reads the same guests from an .xlsx and an .xls of the same sheet, phones typed as numbers in full", async () => {
    const rows: (string | number)[][] = [
      ["Gabi Ruiz", "gabi@example.com", 573206123456],
      ["Hugo Paz", "hugo@example.com", "+57 310 456 7890"],
      ["", "", ""],
      ["Inés Mora", "ines@example.com", 3001234567],
      ["Juan Gil", "juan@example.com", ""],
    ];
    const read = async (bytes: Buffer, name: string) => {
      const answer = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, bytes, name);
      expect(answer.status, name).toBe(200);
      const saved = await shop.db.select().from(guests).where(eq(guests.privateEventId, id)).orderBy(guests.id);
      return { answer: answer.body.data, guests: saved.map((row) => [row.name, row.email, row.phone]) };
    };
    const fromXlsx = await read(await guestListXlsx(rows), "lista.xlsx");
    const fromXls = await read(guestListXls(rows), "lista.xls");
    expect(fromXls).toEqual(fromXlsx);
    expect(fromXlsx.guests).toEqual([
      ["Gabi Ruiz", "gabi@example.com", "+573206123456"],
      ["Hugo Paz", "hugo@example.com", "+573104567890"],
      ["Inés Mora", "ines@example.com", "+573001234567"],
      ["Juan Gil", "juan@example.com", null],
    ]);
  });

  it("reads a seats column", async () => {
    const sheet = await guestListXlsx([["Familia Ruiz", "ruiz@example.com", "", 4]], ["name", "email", "phone", "seats"]);
    const answer = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, sheet, "lista.xlsx");
    expect(answer.body.data).toMatchObject({ saved: 1, seats: 4 });
  });

  it("refuses a zip bomb, a file that is no spreadsheet, a sheet without the columns and more than 2,000 guests", async () => {
    const refusals = [
      await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, zipBomb(), "lista.xlsx"),
      await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, paddedWorkbook(), "lista.xlsx"),
      await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, Buffer.from("name,email\nAna,ana@example.com\n"), "lista.xlsx"),
      await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, await guestListXlsx([["Ana", "ana@example.com"]], ["nombre completo", "dirección"]), "lista.xlsx"),
    ];
    expect(refusals.map((answer) => [answer.status, answer.body.code])).toEqual([
      [422, "guest_list_unreadable"],
      [422, "guest_list_unreadable"],
      [422, "guest_list_unreadable"],
      [422, "guest_list_unreadable"],
    ]);
    const many = await guestListXlsx(Array.from({ length: 2001 }, (_, i) => [`Invitado ${i}`, `g${i}@example.com`, ""]));
    const tooMany = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, many, "lista.xlsx");
    expect([tooMany.status, tooMany.body.code, tooMany.body.message]).toEqual([422, "guest_list_too_long", "La lista admite como máximo 2.000 invitados"]);
    const empty = await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, await guestListXlsx([["", "nadie", ""]]), "lista.xlsx");
    expect(empty.body.code).toBe("guest_list_empty");
    // The list saved before is still whole.
    expect(await shop.db.select().from(guests).where(eq(guests.privateEventId, id))).toHaveLength(1);
  });

  it("reads a list whose sheet declares 16,384 columns or the whole .xls grid from the cells it holds, and nothing right of column Z", async () => {
    const saved = async (bytes: Buffer, name: string) => (await upload(`/shop-api/event-requests/${id}/upload-guests`, owner.token, bytes, name)).body;
    // 2,000 guests and one cell in XFD1: the sheet's range is A1:XFD2001.
    expect((await saved(farColumnList(2000), "lista.xlsx")).data).toMatchObject({ saved: 2000, refused: [] });
    expect((await saved(farColumnList(300), "lista.xlsx")).data).toMatchObject({ saved: 300, refused: [] });
    // An .xls declaring A1:IV65536 around three guests.
    expect((await saved(xlsDeclaringWholeGrid(3), "lista.xls")).data).toMatchObject({ saved: 3, refused: [] });
    expect(await shop.db.select().from(guests).where(eq(guests.privateEventId, id))).toHaveLength(3);
    // A header past column Z is never read: the list has no email column.
    const far = await guestListXlsx([["Ana", ...Array<string>(25).fill(""), "ana@example.com"]], ["name", ...Array<string>(25).fill(""), "email"]);
    const refused = await saved(far, "lista.xlsx");
    expect(refused.code).toBe("guest_list_unreadable");
  });
});

describe("review, publication and the guests", () => {
  let id: number;
  let staff: { token: string };
  let slug: string;
  let guest: { id: number; email: string; token: string };

  beforeAll(async () => {
    staff = await shop.buyer("staff");
    guest = await shop.buyer();
    id = await reviewedRequest(owner, [
      ["Invitada", guest.email, "3001234567"],
      ["Otro invitado", "otro.invitado@example.com", ""],
    ]);
  });

  it("stays editable while under review, and staff see it with its guests", async () => {
    const edited = await shop.call("PUT", `/shop-api/request-events/${id}`, body({ name: "Boda de Laura y Felipe (civil)" }), { token: owner.token });
    expect(edited.status).toBe(200);
    expect((await shop.call("POST", "/shop-api/staff/event-requests/1/approve", undefined, { token: owner.token })).status).toBe(403);
    expect((await shop.call("GET", "/shop-api/staff/event-requests?state=2", undefined, { token: owner.token })).status).toBe(403);
    const list = await shop.call<{ request: { id: number; name: string; state: string }; guests: { email: string }[]; owner: { email: string } }[]>(
      "GET",
      "/shop-api/staff/event-requests?state=2",
      undefined,
      { token: staff.token },
    );
    const mine = list.body.data.find((row) => row.request.id === id)!;
    expect(mine.request).toMatchObject({ name: "Boda de Laura y Felipe (civil)", state: "under_review" });
    expect(mine.owner.email).toBe(owner.email);
    expect(mine.guests.map((row) => row.email)).toEqual([guest.email.toLowerCase(), "otro.invitado@example.com"]);
  });

  // Approval now takes a quote, and invitations wait for it to be paid (private-event-quotes.test.ts); staff who
  // waive the charge publish the organiser-funded event and send the invitations at once, as approval used to.
  it("approval without charge publishes a private, organiser-funded event with one free seat per guest and mails the invitations", async () => {
    const approved = await shop.call<{ state: string; eventSlug: string }>("POST", `/shop-api/staff/event-requests/${id}/approve`, { waive: true }, { token: staff.token });
    expect(approved.status).toBe(200);
    slug = approved.body.data.eventSlug;
    expect(slug).toMatch(/^boda-de-laura-y-felipe-civil-[0-9a-f]{16}$/);
    const [event] = await shop.db.select().from(events).where(eq(events.slug, slug));
    expect(event).toMatchObject({ type: 2, paymentType: 2, periodicityType: 1, requiresLogin: true, ownerId: owner.id, published: true });
    const variants = await shop.db.select({ variant: productVariants }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(eq(categories.eventId, event!.id));
    expect(variants.map((row) => [row.variant.price, row.variant.stock, row.variant.capacity])).toEqual([[0, 2, 1]]);
    const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.eventId, event!.id));
    expect(date!.startDate.toISOString()).toBe(event!.startDate.toISOString());
    const [row] = await shop.db.select().from(privateEvents).where(eq(privateEvents.id, id));
    expect([row!.state, row!.eventId]).toEqual(["approved", event!.id]);
    // Promised with the approval, one per guest, delivered after the commit (a mail server down loses none).
    const promised = await shop.db.select().from(outbox).where(eq(outbox.kind, "private-event.invitation"));
    expect(promised.filter((job) => job.doneAt === null)).toHaveLength(2);
    const mails = await shop.mailsTo(guest.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Estás invitado a Boda de Laura y Felipe (civil)");
    expect(mails[0]!.links.some((link) => link.endsWith(`/event/${slug}`))).toBe(true);
    expect(mails[0]!.links.some((link) => /\/my-account\/events\?claim=[\w-]{20,}$/.test(link))).toBe(true);
    // Sent to someone who never signed up: a one-click unsubscribe, and a Message-ID its job keeps on a retry.
    expect(mails[0]!.unsubscribe).toMatch(/\/shop-api\/unsubscribe\?email=[^&]+&sig=[\w-]{43}$/);
    // The key is its outbox row's own random one (never another database's row number).
    expect(mails[0]!.key).toMatch(/^[0-9a-f]{32}$/);
    const rows = await shop.db.select({ mailKey: outbox.mailKey }).from(outbox);
    expect(rows.map((row) => row.mailKey)).toContain(mails[0]!.key);
    expect(await shop.mailsTo("otro.invitado@example.com")).toHaveLength(1);
    // Approved once: a second decision is refused.
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/reject`, { reason: "tarde" }, { token: staff.token })).body.code).toBe("request_not_reviewable");
  });

  it("is never listed or found: only its link leads to it", async () => {
    const listed = await shop.call<{ slug: string }[]>("GET", "/api/events?type=2&country-code=CO");
    expect(listed.body.data).toEqual([]);
    const found = await shop.call<{ slug: string }[]>("GET", "/api/search?q=Laura&country-code=CO");
    expect(found.body.data.map((row) => row.slug)).not.toContain(slug);
    expect((await shop.call<{ message: string }>("GET", `/api/events/${slug}`)).body.data.message).toBeTruthy();
  });

  it("refuses edits once approved, and lists it as active for its owner", async () => {
    const edit = await shop.call("PUT", `/shop-api/request-events/${id}`, body(), { token: owner.token });
    expect([edit.status, edit.body.code]).toEqual([409, "request_not_editable"]);
    expect(edit.body.message).toBe("Esta solicitud ya no se puede modificar: solo se editan las guardadas o en revisión");
    const image = await upload(`/shop-api/event-requests/${id}/upload-image`, owner.token, await photoPng(), "x.png");
    expect(image.body.code).toBe("request_not_editable");
    const active = await shop.call<{ id: number; eventSlug: string; state: string }[]>("GET", "/shop-api/event-requests?state=1", undefined, { token: owner.token });
    expect(active.body.data.find((row) => row.id === id)).toMatchObject({ state: "approved", eventSlug: slug });
  });

  it("shows the event to the guest under invited events, and books it with prepagado within the guest's seats", async () => {
    const page = await shop.call<{ message: string | null; paymentType: number; translations: Record<string, { imagePath: string }> }>("GET", `/shop-api/events/${slug}`, undefined, { token: guest.token });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data).toMatchObject({ message: null, paymentType: 2 });
    const invited = await shop.call<{ eventSlug: string; seats: number; claimed: boolean }[]>("GET", "/shop-api/invited-events", undefined, { token: guest.token });
    expect(invited.body.data).toEqual([expect.objectContaining({ eventSlug: slug, seats: 1, claimed: false })]);
    const purchase = await purchaseOf(slug);
    const booked = await shop.call<{ orderId: number }>("POST", "/shop-api/init-payment", purchase, { token: guest.token });
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const again = await shop.call("POST", "/shop-api/init-payment", purchase, { token: guest.token });
    expect([again.status, again.body.code, again.body.message]).toEqual([422, "guest_seats_exceeded", "Tu invitación te da 1 cupo y ya reservaste 1"]);
    const statuses = await shop.call<{ email: string; status: string }[]>("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: owner.token });
    expect(statuses.body.data.map((row) => [row.email, row.status])).toEqual([[guest.email.toLowerCase(), "claimed"], ["otro.invitado@example.com", "not_claimed"]]);
  });

  it("refuses a booking by someone not on the list", async () => {
    const stranger = await shop.buyer();
    const answer = await shop.call("POST", "/shop-api/init-payment", await purchaseOf(slug), { token: stranger.token });
    expect([answer.status, answer.body.code]).toEqual([403, "event_not_invited"]);
    expect((await shop.call<unknown[]>("GET", "/shop-api/invited-events", undefined, { token: stranger.token })).body.data).toEqual([]);
  });

  it("claims through the personal link only for the invited email, and releases unclaimed seats at the deadline", async () => {
    const other = await shop.customer({ email: "otro.invitado@example.com" });
    const link = (await shop.mailsTo("otro.invitado@example.com")).flatMap((mail) => mail.links).find((href) => href.includes("claim="))!;
    const token = new URL(link).searchParams.get("claim")!;
    expect((await shop.call("POST", "/shop-api/invitations/claim", { token }, { token: guest.token })).body.code).toBe("event_not_invited");
    expect((await shop.call("POST", "/shop-api/invitations/claim", { token: "x".repeat(30) }, { token: other.token })).status).toBe(404);
    // Past the deadline (claimHours before the start) an unclaimed guest has lost the seat.
    await shop.db.update(privateEvents).set({ claimHours: 24 * 40 }).where(eq(privateEvents.id, id));
    try {
      const late = await shop.call("POST", "/shop-api/invitations/claim", { token }, { token: other.token });
      expect([late.status, late.body.code]).toEqual([410, "invitation_expired"]);
      const statuses = await shop.call<{ status: string }[]>("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: owner.token });
      expect(statuses.body.data.map((row) => row.status)).toEqual(["claimed", "released"]);
      const booking = await shop.call("POST", "/shop-api/init-payment", await purchaseOf(slug), { token: other.token });
      expect(booking.body.code).toBe("invitation_expired");
    } finally {
      await shop.db.update(privateEvents).set({ claimHours: 48 }).where(eq(privateEvents.id, id));
    }
    const claimed = await shop.call<{ eventSlug: string; seats: number }>("POST", "/shop-api/invitations/claim", { token }, { token: other.token });
    expect(claimed.body.data).toEqual({ eventSlug: slug, seats: 1 });
  });

  it("reads finished after the event and can be repeated as a new saved private event with the same guests", async () => {
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/repeat`, undefined, { token: owner.token })).body.code).toBe("request_not_repeatable");
    const [privateEvent] = await shop.db.select().from(privateEvents).where(eq(privateEvents.id, id));
    // The event took place: its dates are moved into the past (the session would not outlive a moved clock).
    await shop.db.update(privateEvents).set({ startDate: new Date(Date.now() - 2 * DAY), endDate: new Date(Date.now() - DAY) }).where(eq(privateEvents.id, id));
    {
      const finished = await shop.call<{ id: number; state: string }[]>("GET", "/shop-api/event-requests?state=4", undefined, { token: owner.token });
      expect(finished.body.data.find((row) => row.id === id)?.state).toBe("finished");
      const repeated = await shop.call<{ id: number }>("POST", `/shop-api/event-requests/${id}/repeat`, undefined, { token: owner.token });
      expect(repeated.status).toBe(201);
      const copy = await shop.call<{ state: string; name: string; guestCount: number; imagePath: string }>("GET", `/shop-api/event-requests/${repeated.body.data.id}`, undefined, { token: owner.token });
      expect(copy.body.data).toMatchObject({ state: "saved", name: "Boda de Laura y Felipe (civil)", guestCount: 2, imagePath: privateEvent!.imagePath });
      // A copy in the past cannot go to review until its date is changed.
      expect((await shop.call("PUT", `/shop-api/request-events/${repeated.body.data.id}`, body(), { token: owner.token })).status).toBe(200);
      expect((await shop.call("POST", `/shop-api/event-requests/${repeated.body.data.id}/submit`, undefined, { token: owner.token })).status).toBe(200);
    }
  });
});

describe("the claim deadline", () => {
  it("releases the seats nobody claimed: the event keeps only the seats of guests who claimed or booked, once", async () => {
    const staff = await shop.buyer("staff");
    const [claimer, booker] = [await shop.buyer(), await shop.buyer()];
    const id = await reviewedRequest(
      owner,
      [
        ["Familia Claim", claimer.email, "", 2],
        ["Reserva Directa", booker.email, "", 1],
        ["Nunca Respondió", "nunca.respondio@example.com", "", 3],
      ],
      ["name", "email", "phone", "seats"],
    );
    const { eventSlug } = (await shop.call<{ eventSlug: string }>("POST", `/shop-api/staff/event-requests/${id}/approve`, { waive: true }, { token: staff.token })).body.data;
    const variantStock = async () => {
      const [event] = await shop.db.select().from(events).where(eq(events.slug, eventSlug));
      const rows = await shop.db.select({ stock: productVariants.stock }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(eq(categories.eventId, event!.id));
      return rows.map((row) => row.stock);
    };
    expect(await variantStock()).toEqual([6]);
    const link = (await shop.mailsTo(claimer.email)).flatMap((mail) => mail.links).find((href) => href.includes("claim="))!;
    expect((await shop.call("POST", "/shop-api/invitations/claim", { token: new URL(link).searchParams.get("claim") }, { token: claimer.token })).status).toBe(200);
    expect((await shop.call("POST", "/shop-api/init-payment", await purchaseOf(eventSlug), { token: booker.token })).status).toBe(201);

    // Before the deadline the job waits; then the deadline passes (the start moves within claimHours).
    const [job] = await shop.db.select().from(outbox).where(and(eq(outbox.kind, "private-event.release"), sql`(payload->>'privateEventId')::int = ${id}`));
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    await shop.db.update(privateEvents).set({ claimHours: 24 * 40 }).where(eq(privateEvents.id, id));
    await shop.db.update(outbox).set({ runAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, job!.id));
    await shop.app.outbox.drain();
    expect(await variantStock()).toEqual([3]);
    const statuses = await shop.call<{ status: string }[]>("GET", `/shop-api/event-requests/${id}/guests`, undefined, { token: owner.token });
    expect(statuses.body.data.map((row) => row.status)).toEqual(["claimed", "claimed", "released"]);
    // A second delivery (a process died before marking it done) changes nothing.
    await shop.db.update(outbox).set({ doneAt: null, runAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, job!.id));
    await shop.app.outbox.drain();
    expect(await variantStock()).toEqual([3]);
  });
});

describe("rejection", () => {
  it("gives the owner the reason and ends editing", async () => {
    const staff = await shop.buyer("admin");
    const id = await reviewedRequest(owner, [["Ana", "ana.rechazo@example.com", ""]]);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/reject`, { reason: "" }, { token: staff.token })).body.fields).toEqual({ reason: "Campo Requerido" });
    const rejected = await shop.call("POST", `/shop-api/staff/event-requests/${id}/reject`, { reason: "La fecha coincide con otro servicio" }, { token: staff.token });
    expect(rejected.status).toBe(200);
    const mine = await shop.call<{ id: number; state: string; rejectionReason: string }[]>("GET", "/shop-api/event-requests?state=2", undefined, { token: owner.token });
    expect(mine.body.data.find((row) => row.id === id)).toMatchObject({ state: "rejected", rejectionReason: "La fecha coincide con otro servicio" });
    expect((await shop.call("PUT", `/shop-api/request-events/${id}`, body(), { token: owner.token })).body.code).toBe("request_not_editable");
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, { waive: true }, { token: staff.token })).body.code).toBe("request_not_reviewable");
  });
});

/** A prepagado purchase of one seat of a published private event. */
async function purchaseOf(slug: string) {
  const [event] = await shop.db.select().from(events).where(eq(events.slug, slug));
  const [date] = await shop.db.select().from(eventDates).where(eq(eventDates.eventId, event!.id));
  const [variant] = await shop.db.select({ variant: productVariants }).from(productVariants).innerJoin(categories, eq(categories.id, productVariants.categoryId)).where(and(eq(categories.eventId, event!.id)));
  return {
    url: `/event/${slug}`,
    eventDateId: date!.id,
    provinceId: variant!.variant.provinceId,
    paymentCode: "prepagado",
    tickets: [
      {
        placeId: event!.placeId,
        productVariantId: variant!.variant.id,
        passengers: [{ name: "Invitada Prueba", email: "invitada@example.com", phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
        addresses: [{ address: "Calle 1 # 2-3", commune_id: bogotaCountyId }],
      },
    ],
  };
}

describe("the owner withdraws a private event before staff decide", () => {
  it("saved or under review becomes cancelled once, in its history; staff no longer review it; a decided one stays", async () => {
    const staff = await shop.buyer("staff");
    const stranger = await shop.buyer();
    const id = await reviewedRequest(owner, [["Invitada", "invitada.retiro@example.com", ""]]);
    const withdraw = (who: { token: string }) => shop.call<{ state: string }>("POST", `/shop-api/event-requests/${id}/cancel`, undefined, { token: who.token });
    expect((await withdraw(stranger)).status).toBe(404);
    const first = await withdraw(owner);
    expect(first.status).toBe(200);
    expect(first.body.data.state).toBe("cancelled");
    // Withdrawing it again (a second tab) answers the same.
    expect((await withdraw(owner)).body.data.state).toBe("cancelled");
    const review = await shop.call<{ request: { id: number } }[]>("GET", "/shop-api/staff/event-requests", undefined, { token: staff.token });
    expect(review.body.data.map((row) => row.request.id)).not.toContain(id);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${id}/approve`, { waive: true }, { token: staff.token })).body.code).toBe("request_not_reviewable");
    expect((await shop.call("POST", `/shop-api/event-requests/${id}/submit`, undefined, { token: owner.token })).body.code).toBe("request_not_editable");
    const history = await shop.db.select().from(auditLog).where(and(eq(auditLog.resource, "event-requests"), eq(auditLog.resourceId, id))).orderBy(asc(auditLog.id));
    expect(history.map((row) => [row.action, row.actor, row.userId, (row.after as { state: string }).state])).toEqual([
      ["request_submit", "customer", owner.id, "under_review"],
      ["request_cancel", "customer", owner.id, "cancelled"],
    ]);

    const decided = await reviewedRequest(owner, [["Invitado", "invitado.decidido@example.com", ""]]);
    expect((await shop.call("POST", `/shop-api/staff/event-requests/${decided}/approve`, { waive: true }, { token: staff.token })).status).toBe(200);
    const late = await shop.call("POST", `/shop-api/event-requests/${decided}/cancel`, undefined, { token: owner.token });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("request_not_editable");
    const [row] = await shop.db.select({ state: privateEvents.state }).from(privateEvents).where(eq(privateEvents.id, decided));
    expect(row!.state).toBe("approved");
  });
});
