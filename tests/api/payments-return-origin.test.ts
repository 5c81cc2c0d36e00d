/**
 * A payment comes back to the origin the buyer paid from. Outside production a person browsing 127.0.0.1
 * while PUBLIC_URL says localhost was sent back to localhost, where their session is not, and saw "an error
 * with your payment" for a paid order. A Host that is neither loopback nor the public one is never trusted.
 * In production pages asked for on another host are sent to the public origin; API calls are answered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerOrigin } from "../../src/server/origin";
import { postForm, visit } from "../helpers/browser";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let body: ReturnType<typeof purchaseBody>;
let port: string;

beforeAll(async () => {
  shop = await openTestShop({ listen: true });
  port = new URL(shop.origin).port;
  const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  body = purchaseBody(festival, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "mercadopago" });
});
afterAll(() => shop?.close());

/** Buys on `host`, approves at the MercadoPago simulator: answers where the provider sends the browser back. */
async function payFrom(host: string) {
  const me = await shop.buyer();
  const started = await shop.call<{ orderId: number; preference_id: string }>("POST", "/shop-api/init-payment", body, { token: me.token, headers: { host } });
  expect(started.status).toBe(201);
  const decided = await postForm(`${shop.origin}/payments-sim/mercadopago/checkout/v1/decide`, { pref_id: started.body.data.preference_id, action: "approve" });
  expect(decided.status).toBe(303);
  return { orderId: started.body.data.orderId, back: new URL(decided.headers.get("location")!) };
}

describe("outside production: the return follows the buyer's origin", () => {
  it("a purchase made on 127.0.0.1 comes back to 127.0.0.1, and lands on that origin's order page", async () => {
    const { orderId, back } = await payFrom(`127.0.0.1:${port}`);
    expect(back.origin).toBe(`http://127.0.0.1:${port}`);
    const landing = await visit(back.toString());
    expect(landing.status).toBe(303);
    // A path: the browser stays on the origin it came back to.
    expect(landing.headers.get("location")).toMatch(new RegExp(`^/order-detail/${orderId}\\?state=paid&key=[\\w-]{43}$`));
  });

  it("a purchase made on the public name comes back to it", async () => {
    const { back } = await payFrom(`localhost:${port}`);
    expect(back.origin).toBe(shop.origin);
  });

  it("any other Host a caller sends gets the public origin, never its own", async () => {
    for (const host of ["evil.example", `evil.example:${port}`, "localhost.evil.example", "127.0.0.1@evil.example"]) {
      const { back } = await payFrom(host);
      expect(back.origin, host).toBe(shop.origin);
    }
  });

  it("names only loopback hosts or the public one (unit)", () => {
    const env = { PUBLIC_URL: "http://localhost:4321", HOST: "127.0.0.1", PORT: 4321, NODE_ENV: "development" } as const;
    expect(buyerOrigin(env, "127.0.0.1:4321")).toBe("http://127.0.0.1:4321");
    expect(buyerOrigin(env, "[::1]:4321")).toBe("http://[::1]:4321");
    expect(buyerOrigin(env, "shop.localhost:4321")).toBe("http://shop.localhost:4321");
    expect(buyerOrigin(env, "LOCALHOST:4321")).toBe("http://localhost:4321");
    expect(buyerOrigin(env, "10.0.0.5:4321")).toBe("http://localhost:4321");
    expect(buyerOrigin(env, "127.0.0.1:4321/evil")).toBe("http://localhost:4321");
    expect(buyerOrigin(env, undefined)).toBe("http://localhost:4321");
    expect(buyerOrigin({ ...env, NODE_ENV: "production" }, "127.0.0.1:4321")).toBe("http://localhost:4321");
  });
});

describe("in production: one canonical origin for pages", () => {
  const production = () => shop.otherApp({ env: { NODE_ENV: "production", PUBLIC_URL: "https://rodamos.co", JWT_SECRET: "production-secret-that-is-long-enough-for-hs256" } });

  it("a page asked for on another host is sent to PUBLIC_URL with a 301, path and query kept", async () => {
    const app = production();
    for (const host of ["127.0.0.1:4321", "www.rodamos.co", "evil.example"]) {
      const answer = await app.fetch(new Request("http://127.0.0.1:4321/cl/es-cl/event/festival?utm=x&b=2", { headers: { host } }));
      expect(answer.status, host).toBe(301);
      expect(answer.headers.get("location"), host).toBe("https://rodamos.co/cl/es-cl/event/festival?utm=x&b=2");
    }
  });

  it("a page on the public host and every API call are answered where they arrive", async () => {
    const app = production();
    const onPublic = await app.fetch(new Request("https://rodamos.co/api/health", { headers: { host: "rodamos.co" } }));
    expect(onPublic.status).toBe(200);
    const page = await app.fetch(new Request("https://rodamos.co/faq", { headers: { host: "rodamos.co" } }));
    expect(page.status).not.toBe(301);
    for (const path of ["/api/health", "/api/countries"]) {
      const api = await app.fetch(new Request(`http://127.0.0.1:4321${path}`, { headers: { host: "127.0.0.1:4321" } }));
      expect(api.status, path).toBe(200);
    }
    const login = await app.fetch(new Request("http://127.0.0.1:4321/shop-api/login", { method: "POST", headers: { host: "127.0.0.1:4321", "content-type": "application/json" }, body: "{}" }));
    expect(login.status).toBe(422);
  });

  it("outside production no page is redirected", async () => {
    const answer = await shop.app.fetch(new Request("http://127.0.0.1:4321/faq", { headers: { host: "127.0.0.1:4321" } }));
    expect(answer.status).not.toBe(301);
  });
});
