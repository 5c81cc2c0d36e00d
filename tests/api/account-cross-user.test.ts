/**
 * The ownership matrix: user B, signed in, reaches none of user A's rows by any account call;
 * each attempt is a 404 (the row does not exist for B) and A's rows are unchanged afterwards.
 */
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { counties, events, orders, provinces } from "../../src/server/db/schema";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let a: { token: string; email: string };
let b: { token: string; email: string };
let friendId: number;
let addressId: number;
let countyId: number;

beforeAll(async () => {
  shop = await openTestShop();
  [{ id: countyId }] = (await shop.db.select({ id: counties.id }).from(counties).orderBy(asc(counties.id)).limit(1)) as [{ id: number }];
  a = await shop.customer({ firstName: "Alicia" });
  b = await shop.customer({ firstName: "Bruno" });
  friendId = (await shop.call<{ id: number }>("POST", "/shop-api/frequent-friends", { fullname: "Amiga de Alicia", phone: "912345678", email: "amiga@example.com" }, { token: a.token })).body.data.id;
  addressId = (await shop.call<{ id: number }>("POST", "/shop-api/frequent-addresses", { name: "Casa de Alicia", countyId, myAddress: 1 }, { token: a.token })).body.data.id;
  const aId = (await shop.call<{ id: number }>("GET", "/shop-api/me", undefined, { token: a.token })).body.data.id;
  const [event] = await shop.db.select().from(events).limit(1);
  const [province] = await shop.db.select().from(provinces).limit(1);
  await shop.db.insert(orders).values({ userId: aId, eventId: event!.id, provinceId: province!.id, paymentCode: "webpay", state: "paid", currency: "COP", subtotal: 1, total: 1 });
});
afterAll(async () => {
  await shop?.close();
});

describe("user B against user A's rows", () => {
  const friend = { fullname: "Cambiado por Bruno", phone: "987654321", email: "bruno@example.com" };
  const address = () => ({ name: "Cambiada por Bruno", countyId, myAddress: 1 });

  it.each([
    ["PUT", "friend", () => `/shop-api/frequent-friends/${friendId}`, () => friend],
    ["DELETE", "friend", () => `/shop-api/frequent-friends/${friendId}`, () => undefined],
    ["PUT", "address", () => `/shop-api/frequent-addresses/${addressId}`, address],
    ["PUT", "own-address mark", () => `/shop-api/frequent-addresses/${addressId}/my-address`, () => ({ myAddress: 0 })],
    ["DELETE", "address", () => `/shop-api/frequent-addresses/${addressId}`, () => undefined],
  ])("%s on A's %s answers 404", async (method, _what, path, body) => {
    const answer = await shop.call(method, path(), body(), { token: b.token });
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("not_found");
  });

  it("lists show B none of A's friends, addresses or purchases", async () => {
    for (const path of ["/shop-api/frequent-friends", "/shop-api/frequent-addresses", "/shop-api/payment-history"]) {
      const answer = await shop.call<unknown[]>("GET", path, undefined, { token: b.token });
      expect(answer.status).toBe(200);
      expect(answer.body.data, path).toEqual([]);
    }
    const me = await shop.call<{ firstName: string; frequentFriends: unknown[]; frequentAddresses: unknown[] }>("GET", "/shop-api/me", undefined, { token: b.token });
    expect(me.body.data).toMatchObject({ firstName: "Bruno", frequentFriends: [], frequentAddresses: [] });
  });

  it("B's profile save changes only B", async () => {
    const saved = await shop.call("PUT", "/shop-api/me", { email: b.email, firstName: "Bruno", lastName: "Cambio", phoneNumber: "573009998877", gender: "male", id: 1, userId: 1 }, { token: b.token });
    expect(saved.status).toBe(200);
    const aMe = await shop.call<{ firstName: string; lastName: string }>("GET", "/shop-api/me", undefined, { token: a.token });
    expect(aMe.body.data).toMatchObject({ firstName: "Alicia", lastName: "Pérez" });
  });

  it("leaves A's rows exactly as they were", async () => {
    const friends = await shop.call<{ id: number; fullname: string }[]>("GET", "/shop-api/frequent-friends", undefined, { token: a.token });
    expect(friends.body.data).toEqual([{ id: friendId, fullname: "Amiga de Alicia", phone: "912345678", email: "amiga@example.com" }]);
    const addresses = await shop.call<{ id: number; name: string; myAddress: boolean }[]>("GET", "/shop-api/frequent-addresses", undefined, { token: a.token });
    expect(addresses.body.data).toMatchObject([{ id: addressId, name: "Casa de Alicia", myAddress: true }]);
    const purchases = await shop.call<unknown[]>("GET", "/shop-api/payment-history", undefined, { token: a.token });
    expect(purchases.body.data).toHaveLength(1);
  });

  it("ids that are not numbers name nothing (404)", async () => {
    for (const path of ["/shop-api/frequent-friends/abc", "/shop-api/frequent-addresses/-1", "/shop-api/frequent-addresses/1.5/my-address"]) {
      const answer = await shop.call("PUT", path, {}, { token: b.token });
      expect(answer.status, path).toBe(404);
    }
  });
});
