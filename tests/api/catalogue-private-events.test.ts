/**
 * Private events are link-only (never listed; only people holding the link enter): their detail, offer and provinces answer by their
 * unguessable slug only, never by counting ids, and a login-only one's offer answers only to its owner and
 * guests, as its detail does.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventBySlug, insertGuestList } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

const LINK_ONLY = "cincuenta-anos-de-martha-lucia-h2w8pz4r";
const LOGIN_ONLY = "boda-camila-y-andres-q7k3vx9m";
const MASS = "festival-sonidos-de-la-sabana";

let shop: TestShop;
let linkOnlyId: number;
let loginOnlyId: number;
let guest: { id: number; email: string; token: string };
let stranger: { token: string };

beforeAll(async () => {
  shop = await openTestShop();
  linkOnlyId = (await eventBySlug(shop.db, LINK_ONLY)).event.id;
  loginOnlyId = (await eventBySlug(shop.db, LOGIN_ONLY)).event.id;
  const owner = await shop.buyer();
  guest = await shop.buyer();
  stranger = await shop.buyer();
  await insertGuestList(shop.db, loginOnlyId, owner.id, [guest.email]);
});
afterAll(() => shop.close());

const readsOf = (ref: string | number) => [`/api/events/${ref}`, `/api/events/${ref}/product-variant`, `/api/provinces/by-event/${ref}`];

describe("a link-only private event", () => {
  it.each(readsOf("ID"))("%s is not found by counting ids", async (template) => {
    const answer = await shop.call("GET", template.replace("ID", String(linkOnlyId)));
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe("not_found");
  });

  it.each(readsOf(LINK_ONLY))("%s answers to whoever holds the link", async (path) => {
    expect((await shop.call("GET", path)).status).toBe(200);
  });
});

describe("a login-only private event", () => {
  it.each([`/api/events/${LOGIN_ONLY}/product-variant`, `/api/provinces/by-event/${LOGIN_ONLY}`])("%s is not found for a visitor or a stranger", async (path) => {
    expect((await shop.call("GET", path)).status).toBe(404);
    expect((await shop.call("GET", path, undefined, { token: stranger.token })).status).toBe(404);
  });

  it.each([`/api/events/${LOGIN_ONLY}/product-variant`, `/api/provinces/by-event/${LOGIN_ONLY}`])("%s answers to a guest on its list", async (path) => {
    const answer = await shop.call<unknown[]>("GET", path, undefined, { token: guest.token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBeGreaterThan(0);
  });

  it("is not found by its id even for a guest", async () => {
    expect((await shop.call("GET", `/api/events/${loginOnlyId}/product-variant`, undefined, { token: guest.token })).status).toBe(404);
  });
});

describe("a mass event", () => {
  it("still answers by id and by slug", async () => {
    const { event } = await eventBySlug(shop.db, MASS);
    for (const path of [...readsOf(event.id), ...readsOf(MASS)]) expect((await shop.call("GET", path)).status).toBe(200);
  });
});
