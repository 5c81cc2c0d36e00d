/**
 * The public forms: contact, marriage request and company request (POST /api/quote). Valid requests are stored; refused ones name each field and store nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, marriageRequests, companyRequests } from "../../src/server/db/schema";
import { todayIso } from "../../src/shared/schemas/fields";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
const post = (path: string, body: unknown, headers?: Record<string, string>) => shop.call("POST", path, body, { headers });

const count = async (table: typeof contactMessages | typeof marriageRequests | typeof companyRequests) =>
  (await shop.db.select().from(table)).length;

function dayFromToday(days: number): string {
  const [y, m, d] = todayIso().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}
const ddmmyyyy = (iso: string) => iso.split("-").reverse().join("/");

const contact = { name: "Laura Gómez", email: "laura@example.com", phone: "+5730012345", message: "¿Tienen traslados desde Chía?" };
const marriage = {
  name: "Camila y Andrés",
  email: "novios@example.com",
  phone: "912345678",
  date: ddmmyyyy(dayFromToday(90)),
  place: "Hacienda Fagua, Chía",
  message: "Somos 80 invitados desde Bogotá.",
};

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

describe("POST /api/contact", () => {
  it("stores a valid message with its country and answers 201 { id }", async () => {
    const { status, body } = await post("/api/contact?country-code=CO", { ...contact, name: "  Laura Gómez  ", phone: "+57 300 123 45" });
    expect(status).toBe(201);
    expect(body).toEqual({ success: true, data: { id: expect.any(Number) } });
    const rows = await shop.db.select().from(contactMessages);
    const row = rows.find((r) => r.id === (body.data as { id: number }).id)!;
    expect(row).toMatchObject({ countryCode: "CO", name: "Laura Gómez", email: "laura@example.com", phone: "+5730012345", message: contact.message });
  });

  it("stores the country it was sent from, defaulting to Colombia", async () => {
    const chile = await post("/api/contact?country-code=cl", contact);
    const none = await post("/api/contact", contact);
    const rows = await shop.db.select().from(contactMessages);
    expect(rows.find((r) => r.id === (chile.body.data as { id: number }).id)!.countryCode).toBe("CL");
    expect(rows.find((r) => r.id === (none.body.data as { id: number }).id)!.countryCode).toBe("CO");
  });

  it("refuses missing fields, naming each in Spanish, and stores nothing", async () => {
    const before = await count(contactMessages);
    const { status, body } = await post("/api/contact", {});
    expect(status).toBe(422);
    expect(body).toEqual({
      success: false,
      code: "validation_failed",
      message: "Revisa los datos ingresados",
      fields: { name: "Campo requerido", email: "Campo requerido", phone: "Campo requerido", message: "Campo requerido" },
    });
    expect(await count(contactMessages)).toBe(before);
  });

  it("translates field errors to the request's language", async () => {
    const { body } = await post("/api/contact?locale=en_US", { ...contact, email: "not-an-email", phone: "12345" });
    expect(body.fields).toEqual({ email: expect.stringMatching(/email/i), phone: expect.any(String) });
    expect(body.fields).not.toEqual({ email: "Email inválido", phone: "Teléfono inválido" });
    const spanish = await post("/api/contact", { ...contact, email: "not-an-email", phone: "12345" });
    expect(spanish.body.fields).toEqual({ email: "Email inválido", phone: "Teléfono inválido" });
  });

  it.each([
    ["wrong types", { name: 42, email: ["a@b.co"], phone: 3001234567, message: true }],
    ["blank text", { ...contact, name: "   ", message: "\n\t" }],
    ["a foreign phone", { ...contact, phone: "+34 600 123 456" }],
    ["an over-long message", { ...contact, message: "x".repeat(2001) }],
    ["a list body", [contact]],
    ["a string body", "\"hola\""],
  ])("refuses %s with 422 and stores nothing", async (_label, payload) => {
    const before = await count(contactMessages);
    const { status, body } = await post("/api/contact", payload);
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: "validation_failed" });
    expect(await count(contactMessages)).toBe(before);
  });

  it("refuses invalid JSON with 400 invalid_json", async () => {
    const before = await count(contactMessages);
    const { status, body } = await post("/api/contact", "{ name: 'Laura'");
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: "invalid_json" });
    expect(await count(contactMessages)).toBe(before);
  });

  it("refuses an oversized body with 413 payload_too_large", async () => {
    const before = await count(contactMessages);
    const { status, body } = await post("/api/contact", { ...contact, message: "x".repeat(70 * 1024) });
    expect(status).toBe(413);
    expect(body).toMatchObject({ success: false, code: "payload_too_large" });
    expect(await count(contactMessages)).toBe(before);
  });

  it("refuses an unknown country with 422 unknown_country and stores nothing", async () => {
    const before = await count(contactMessages);
    const { status, body } = await post("/api/contact?country-code=AR", contact);
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "unknown_country" });
    expect(await count(contactMessages)).toBe(before);
  });
});

describe("POST /api/marriage", () => {
  it("stores a valid request, the date read as dd/MM/yyyy", async () => {
    const { status, body } = await post("/api/marriage?country-code=CO", marriage);
    expect(status).toBe(201);
    const id = (body.data as { id: number }).id;
    const row = (await shop.db.select().from(marriageRequests)).find((r) => r.id === id)!;
    expect(row).toMatchObject({ countryCode: "CO", name: "Camila y Andrés", place: "Hacienda Fagua, Chía", phone: "912345678" });
    expect(String(row.date).slice(0, 10)).toBe(dayFromToday(90));
  });

  it("accepts today and an ISO date", async () => {
    expect((await post("/api/marriage", { ...marriage, date: ddmmyyyy(todayIso()) })).status).toBe(201);
    expect((await post("/api/marriage", { ...marriage, date: dayFromToday(30) })).status).toBe(201);
  });

  it.each([
    ["a past date", { date: ddmmyyyy(dayFromToday(-1)) }, { date: "La fecha no puede estar en el pasado" }],
    ["an impossible date", { date: "31/02/2030" }, { date: "Fecha inválida" }],
    ["a missing date", { date: "" }, { date: "Fecha requierida" }],
    ["a missing place", { place: "" }, { place: "Campo requerido" }],
    ["a bad email", { email: "novios@" }, { email: "Email inválido" }],
  ])("refuses %s and stores nothing", async (_label, change, fields) => {
    const before = await count(marriageRequests);
    const { status, body } = await post("/api/marriage", { ...marriage, ...change });
    expect(status).toBe(422);
    expect(body.fields).toEqual(fields);
    expect(await count(marriageRequests)).toBe(before);
  });

  it("refuses an empty body naming every field", async () => {
    const { status, body } = await post("/api/marriage", {});
    expect(status).toBe(422);
    expect(Object.keys(body.fields as object).sort()).toEqual(["date", "email", "message", "name", "phone", "place"]);
  });

  it("refuses invalid JSON and oversized bodies", async () => {
    const before = await count(marriageRequests);
    expect((await post("/api/marriage", "not json")).status).toBe(400);
    expect((await post("/api/marriage", { ...marriage, message: "y".repeat(100_000) })).status).toBe(413);
    expect(await count(marriageRequests)).toBe(before);
  });
});

describe("POST /api/quote", () => {
  it("stores a valid about-us company request", async () => {
    const { status, body } = await post("/api/quote?country-code=MX", { ...marriage, name: "Grupo Andino", place: "Ágora Bogotá" });
    expect(status).toBe(201);
    const id = (body.data as { id: number }).id;
    const row = (await shop.db.select().from(companyRequests)).find((r) => r.id === id)!;
    expect(row).toMatchObject({ countryCode: "MX", name: "Grupo Andino", place: "Ágora Bogotá" });
  });

  it("refuses an invalid one and stores nothing", async () => {
    const before = await count(companyRequests);
    const { status, body } = await post("/api/quote", { ...marriage, phone: "abc" });
    expect(status).toBe(422);
    expect(body.fields).toEqual({ phone: "Teléfono inválido" });
    expect(await count(companyRequests)).toBe(before);
  });
});
