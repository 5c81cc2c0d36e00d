/** Profile, frequent friends, frequent addresses and purchase history through the real app. */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counties, events, orders, provinces } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let countyIds: number[];
beforeAll(async () => {
  shop = await openTestShop();
  countyIds = (await shop.db.select({ id: counties.id }).from(counties).orderBy(asc(counties.id)).limit(3)).map((row) => row.id);
});
afterAll(async () => {
  await shop?.close();
});

interface ProfileData {
  email: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
  rut: string | null;
  gender: string | null;
  countryCode: string;
  frequentFriends: unknown[];
  frequentAddresses: unknown[];
}

describe("GET/PUT /shop-api/me", () => {
  it("answers the caller's profile with their friends and addresses", async () => {
    const person = await shop.customer({ firstName: "Camila", lastName: "Rojas" });
    const me = await shop.call<ProfileData>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({
      email: person.email,
      firstName: "Camila",
      lastName: "Rojas",
      phoneNumber: "+573001234567",
      rut: null,
      gender: null,
      countryCode: "CO",
      frequentFriends: [],
      frequentAddresses: [],
    });
    expect(me.body.data).not.toHaveProperty("passwordHash");
  });

  it("saves the profile and answers it re-read", async () => {
    const person = await shop.customer();
    const body = { email: person.email, firstName: "Andrés", lastName: "Gómez Díaz", phoneNumber: "57 310 555 1234", rut: "1020304050", gender: "male" };
    const saved = await shop.call<ProfileData>("PUT", "/shop-api/me", body, { token: person.token });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ firstName: "Andrés", lastName: "Gómez Díaz", phoneNumber: "+573105551234", rut: "1020304050", gender: "male" });
    const again = await shop.call<ProfileData>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(again.body.data).toMatchObject({ firstName: "Andrés", rut: "1020304050", gender: "male" });
  });

  it("refuses missing or invalid fields and keeps the old values", async () => {
    const person = await shop.customer({ firstName: "Lucía" });
    const answer = await shop.call("PUT", "/shop-api/me", { email: "mal", firstName: "", lastName: "R2", phoneNumber: "abc", gender: "robot" }, { token: person.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toMatchObject({
      email: "El email no es válido",
      firstName: "El nombre es requerido",
      lastName: "El apellido solo puede contener letras",
      phoneNumber: "El teléfono solo puede contener números",
      gender: "Campo requerido",
    });
    const me = await shop.call<ProfileData>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.body.data.firstName).toBe("Lucía");
  });

  it("refuses another email (another account's too): the email changes only through the confirmed change", async () => {
    const a = await shop.customer();
    const b = await shop.customer();
    const answer = await shop.call("PUT", "/shop-api/me", { email: a.email.toUpperCase(), firstName: "Bea", lastName: "Luna", phoneNumber: "573001112233", gender: "female" }, { token: b.token });
    expect(answer.status).toBe(422);
    expect(answer.body.code).toBe("email_change_needs_password");
  });
});

interface Friend {
  id: number;
  fullname: string;
  phone: string;
  email: string;
}

describe("frequent friends", () => {
  it("lists, adds, edits and deletes the caller's friends", async () => {
    const person = await shop.customer();
    expect((await shop.call<Friend[]>("GET", "/shop-api/frequent-friends", undefined, { token: person.token })).body.data).toEqual([]);
    const added = await shop.call<Friend>("POST", "/shop-api/frequent-friends", { fullname: "Pedro Páramo", phone: "+56912345678", email: "pedro@example.com" }, { token: person.token });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ fullname: "Pedro Páramo", phone: "+56912345678", email: "pedro@example.com" });
    const second = await shop.call<Friend>("POST", "/shop-api/frequent-friends", { fullname: "Ana", phone: "9 1234 5678", email: "ana@example.com" }, { token: person.token });
    expect(second.body.data.phone).toBe("912345678");

    const edited = await shop.call<Friend>("PUT", `/shop-api/frequent-friends/${added.body.data.id}`, { fullname: "Pedro P.", phone: "987654321", email: "pp@example.com" }, { token: person.token });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toEqual({ id: added.body.data.id, fullname: "Pedro P.", phone: "987654321", email: "pp@example.com" });

    const removed = await shop.call("DELETE", `/shop-api/frequent-friends/${second.body.data.id}`, undefined, { token: person.token });
    expect(removed.status).toBe(200);
    const list = await shop.call<Friend[]>("GET", "/shop-api/frequent-friends", undefined, { token: person.token });
    expect(list.body.data).toEqual([edited.body.data]);
    const me = await shop.call<ProfileData>("GET", "/shop-api/me", undefined, { token: person.token });
    expect(me.body.data.frequentFriends).toEqual([edited.body.data]);
    expect((await shop.call("DELETE", `/shop-api/frequent-friends/${second.body.data.id}`, undefined, { token: person.token })).status).toBe(404);
  });

  it.each([
    [{ fullname: "", phone: "912345678", email: "a@example.com" }, "fullname", "Campo requerido"],
    [{ phone: "912345678", email: "a@example.com" }, "fullname", "Campo requerido"],
    [{ fullname: "Ana", phone: "30012345", email: "a@example.com" }, "phone", "Teléfono inválido"],
    [{ fullname: "Ana", phone: "+5691234567", email: "a@example.com" }, "phone", "Teléfono inválido"],
    [{ fullname: "Ana", phone: "", email: "a@example.com" }, "phone", "Campo requerido"],
    [{ fullname: "Ana", phone: "912345678", email: "no-email" }, "email", "Email inválido"],
    [{ fullname: "Ana", phone: "912345678", email: "" }, "email", "Campo requerido"],
  ])("refuses %j (%s: %s)", async (body, field, message) => {
    const person = await shop.customer();
    const answer = await shop.call("POST", "/shop-api/frequent-friends", body, { token: person.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields?.[field]).toBe(message);
    expect((await shop.call<Friend[]>("GET", "/shop-api/frequent-friends", undefined, { token: person.token })).body.data).toEqual([]);
  });

  it("refuses an invalid edit and keeps the friend as it was", async () => {
    const person = await shop.customer();
    const added = await shop.call<Friend>("POST", "/shop-api/frequent-friends", { fullname: "Ana", phone: "912345678", email: "a@example.com" }, { token: person.token });
    const answer = await shop.call("PUT", `/shop-api/frequent-friends/${added.body.data.id}`, { fullname: "Ana", phone: "12", email: "a@example.com" }, { token: person.token });
    expect(answer.status).toBe(422);
    const list = await shop.call<Friend[]>("GET", "/shop-api/frequent-friends", undefined, { token: person.token });
    expect(list.body.data[0]!.phone).toBe("912345678");
  });
});

interface Address {
  id: number;
  name: string;
  countyId: number;
  county: { id: number; name: string };
  myAddress: boolean;
}

describe("frequent addresses", () => {
  it("adds with myAddress 1 or 0, edits, marks one own at a time and deletes", async () => {
    const person = await shop.customer();
    const token = person.token;
    expect((await shop.call<Address[]>("GET", "/shop-api/frequent-addresses", undefined, { token })).body.data).toEqual([]);
    const home = await shop.call<Address>("POST", "/shop-api/frequent-addresses", { name: "Calle 85 #15-20", countyId: countyIds[0], myAddress: 1 }, { token });
    expect(home.status).toBe(201);
    expect(home.body.data).toMatchObject({ name: "Calle 85 #15-20", countyId: countyIds[0], myAddress: true });
    expect(home.body.data.county.name.length).toBeGreaterThan(0);
    const office = await shop.call<Address>("POST", "/shop-api/frequent-addresses", { name: "Carrera 7 #71-21", countyId: String(countyIds[1]), myAddress: 0 }, { token });
    expect(office.body.data.myAddress).toBe(false);

    const marked = await shop.call<Address[]>("PUT", `/shop-api/frequent-addresses/${office.body.data.id}/my-address`, undefined, { token });
    expect(marked.status).toBe(200);
    expect(marked.body.data.filter((a) => a.myAddress).map((a) => a.id)).toEqual([office.body.data.id]);

    // Adding another own address moves the mark again.
    const third = await shop.call<Address>("POST", "/shop-api/frequent-addresses", { name: "Finca La Esperanza", countyId: countyIds[2], myAddress: true }, { token });
    let list = (await shop.call<Address[]>("GET", "/shop-api/frequent-addresses", undefined, { token })).body.data;
    expect(list.filter((a) => a.myAddress).map((a) => a.id)).toEqual([third.body.data.id]);

    const edited = await shop.call<Address>("PUT", `/shop-api/frequent-addresses/${home.body.data.id}`, { name: "Calle 85 #15-22", countyId: countyIds[1], myAddress: 1 }, { token });
    expect(edited.body.data).toMatchObject({ name: "Calle 85 #15-22", countyId: countyIds[1], myAddress: true });
    list = (await shop.call<Address[]>("GET", "/shop-api/frequent-addresses", undefined, { token })).body.data;
    expect(list.filter((a) => a.myAddress).map((a) => a.id)).toEqual([home.body.data.id]);

    const unmarked = await shop.call<Address[]>("PUT", `/shop-api/frequent-addresses/${home.body.data.id}/my-address`, { myAddress: 0 }, { token });
    expect(unmarked.body.data.filter((a) => a.myAddress)).toEqual([]);

    expect((await shop.call("DELETE", `/shop-api/frequent-addresses/${office.body.data.id}`, undefined, { token })).status).toBe(200);
    list = (await shop.call<Address[]>("GET", "/shop-api/frequent-addresses", undefined, { token })).body.data;
    expect(list.map((a) => a.id)).toEqual([home.body.data.id, third.body.data.id]);
  });

  it.each([
    [{ name: "ab", countyId: 1 }, "name", "Debe ser mayor 3 caracteres"],
    [{ countyId: 1 }, "name", "Debe ser mayor 3 caracteres"],
    [{ name: "Calle 1 #2-3" }, "countyId", "Campo requerido"],
    [{ name: "Calle 1 #2-3", countyId: "" }, "countyId", "Campo requerido"],
    [{ name: "Calle 1 #2-3", countyId: 99999999 }, "countyId", "El municipio no existe"],
    [{ name: "Calle 1 #2-3", countyId: 1, myAddress: 2 }, "myAddress", "Campo requerido"],
  ])("refuses %j (%s)", async (body, field, message) => {
    const person = await shop.customer();
    const answer = await shop.call("POST", "/shop-api/frequent-addresses", body, { token: person.token });
    expect(answer.status).toBe(422);
    expect(answer.body.fields?.[field]).toBe(message);
    expect((await shop.call<Address[]>("GET", "/shop-api/frequent-addresses", undefined, { token: person.token })).body.data).toEqual([]);
  });
});

interface Purchase {
  id: number;
  date: string;
  state: string;
  total: number;
  currency: string;
  regularEvent: { id: number; name: string; translations: Record<string, { name: string }> };
}

describe("GET /shop-api/payment-history", () => {
  it("is empty for a new customer", async () => {
    const person = await shop.customer();
    const answer = await shop.call<Purchase[]>("GET", "/shop-api/payment-history", undefined, { token: person.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
  });

  it("lists only the caller's orders, newest first, with the event name per language", async () => {
    const person = await shop.customer();
    const other = await shop.customer();
    const me = await shop.call<{ id: number }>("GET", "/shop-api/me", undefined, { token: person.token });
    const them = await shop.call<{ id: number }>("GET", "/shop-api/me", undefined, { token: other.token });
    const [event] = await shop.db.select().from(events).limit(1);
    const [province] = await shop.db.select().from(provinces).limit(1);
    const base = { eventId: event!.id, provinceId: province!.id, paymentCode: "webpay" as const, currency: "COP", subtotal: 90000, total: 90000 };
    await shop.db.insert(orders).values([
      { ...base, userId: me.body.data.id, state: "paid", createdAt: new Date("2026-03-01T15:04:00Z") },
      { ...base, userId: me.body.data.id, state: "awaiting_payment", total: 120000, createdAt: new Date("2026-04-10T20:30:00Z") },
      { ...base, userId: them.body.data.id, state: "paid", createdAt: new Date("2026-05-01T10:00:00Z") },
      { ...base, userId: me.body.data.id, state: "cancelled", createdAt: new Date("2026-01-15T08:00:00Z") },
    ]);
    const answer = await shop.call<Purchase[]>("GET", "/shop-api/payment-history", undefined, { token: person.token, headers: { "x-locale": "en_US" } });
    expect(answer.body.data.map((p) => [p.date, p.state, p.total])).toEqual([
      ["2026-04-10T20:30:00.000Z", "awaiting_payment", 120000],
      ["2026-03-01T15:04:00.000Z", "paid", 90000],
      ["2026-01-15T08:00:00.000Z", "cancelled", 90000],
    ]);
    const first = answer.body.data[0]!;
    expect(first.currency).toBe("COP");
    expect(first.regularEvent.id).toBe(event!.id);
    expect(first.regularEvent.translations.es_CO?.name).toBe(event!.translations.es_CO?.name);
    expect(first.regularEvent.name).toBe(event!.translations.en_US?.name ?? event!.translations.es_CO?.name);
  });
});

describe("GET /shop-api/events/{slug} (signed-in variant)", () => {
  it("needs the bearer token", async () => {
    const answer = await shop.call("GET", "/shop-api/events/boda-camila-y-andres-q7k3vx9m");
    expect(answer.status).toBe(401);
  });

  it("shows a login-only private event to its owner and only a message to anyone else", async () => {
    const owner = await shop.customer();
    const stranger = await shop.customer();
    const ownerId = (await shop.call<{ id: number }>("GET", "/shop-api/me", undefined, { token: owner.token })).body.data.id;
    await shop.db.update(events).set({ ownerId }).where(eq(events.slug, "boda-camila-y-andres-q7k3vx9m"));

    const forStranger = await shop.call<{ message: string | null; place?: unknown }>("GET", "/shop-api/events/boda-camila-y-andres-q7k3vx9m", undefined, { token: stranger.token });
    expect(forStranger.status).toBe(200);
    expect(forStranger.body.data.message).toBeTruthy();
    expect(forStranger.body.data.place).toBeUndefined();

    const forOwner = await shop.call<{ message: string | null; slug: string; place: { name: string } }>("GET", "/shop-api/events/boda-camila-y-andres-q7k3vx9m", undefined, { token: owner.token });
    expect(forOwner.status).toBe(200);
    expect(forOwner.body.data.message).toBeNull();
    expect(forOwner.body.data.place.name.length).toBeGreaterThan(0);

    const publicView = await shop.call<{ message: string | null }>("GET", "/api/events/boda-camila-y-andres-q7k3vx9m");
    expect(publicView.body.data.message).toBeTruthy();
  });
});

describe("demo accounts", () => {
  it("lets the seeded customer log in and see their friend and own address", async () => {
    const login = await shop.call<{ token: string }>("POST", "/shop-api/login", { email: "cliente@rodamos.co", password: "rodamos123" }, { ip: "10.9.0.1" });
    expect(login.status).toBe(200);
    const me = await shop.call<Omit<ProfileData, "frequentAddresses"> & { role: string; frequentAddresses: { myAddress: boolean }[] }>("GET", "/shop-api/me", undefined, { token: login.body.data.token });
    expect(me.body.data).toMatchObject({ firstName: "Valentina", role: "customer" });
    expect(me.body.data.frequentFriends).toHaveLength(1);
    expect(me.body.data.frequentAddresses.filter((a) => a.myAddress)).toHaveLength(1);
    const staff = await shop.call("POST", "/shop-api/login", { email: "staff@rodamos.co", password: "staff12345" }, { ip: "10.9.0.1" });
    expect(staff.status).toBe(200);
  });
});
