/**
 * JSON bodies as a careless or hostile client sends them: a boolean or a list where an id belongs is
 * refused (422), not read as 1; a body that is not JSON on a JSON route gets 415 in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JSON_BODY_LIMIT } from "../../src/server/app";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let token: string;
const english = { "accept-language": "en-US" };

beforeAll(async () => {
  shop = await openTestShop();
  token = (await shop.customer()).token;
});
afterAll(() => shop.close());

describe("an id that is not a number", () => {
  it.each([[true], [false], [[5]], [{ id: 5 }], [""], ["1e3"]])("countyId %j is refused with the field named (422)", async (countyId) => {
    const answer = await shop.call("POST", "/shop-api/frequent-addresses", { name: "Casa", countyId }, { token, headers: english });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toHaveProperty("countyId");
  });

  it("a boolean event date or province in a purchase is refused, not read as id 1", async () => {
    const body = { url: "http://localhost/x", eventDateId: true, provinceId: [1], paymentCode: "webpay", tickets: [] };
    const answer = await shop.call("POST", "/shop-api/init-payment", body, { token, headers: english });
    expect(answer.status).toBe(422);
    expect(answer.body.fields).toMatchObject({ eventDateId: expect.any(String), provinceId: expect.any(String) });
  });

  it("a numeric string still works, as form selects send it", async () => {
    const county = await shop.call("POST", "/shop-api/frequent-addresses", { name: "Casa", countyId: "1" }, { token });
    expect(county.status).not.toBe(422);
  });
});

describe("a body that is not JSON", () => {
  it("gets 415 with a translated message on a JSON route", async () => {
    for (const [type, body] of [["application/x-www-form-urlencoded", "email=a%40b.co&password=12345"], ["text/plain", '{"email":"a@b.co","password":"12345"}']]) {
      const answer = await shop.call("POST", "/shop-api/login", body, { headers: { ...english, "content-type": type! } });
      expect(answer.status, type).toBe(415);
      expect(answer.body).toMatchObject({ success: false, code: "unsupported_media_type", message: "The request must be sent as JSON (application/json)" });
    }
    const spanish = await shop.call("POST", "/shop-api/login", "x=1", { headers: { "content-type": "text/plain" } });
    expect(spanish.body.message).toBe("La solicitud debe enviarse como JSON (application/json)");
  });

  it("JSON with a charset or a +json type is still JSON", async () => {
    const answer = await shop.call("POST", "/shop-api/login", JSON.stringify({ email: "nadie@example.com", password: "12345" }), { headers: { "content-type": "application/json; charset=utf-8" } });
    expect(answer.status).not.toBe(415);
  });
});

describe("a body's size over HTTP", () => {
  it("a body whose Content-Length is over the limit is refused (413) from the header; one within it is read", async () => {
    const served = await openTestShop({ listen: true, seed: false });
    try {
      const send = (body: string, headers: Record<string, string> = {}) =>
        fetch(`${served.origin}/shop-api/login`, { method: "POST", headers: { "content-type": "application/json", "accept-language": "en-US", ...headers }, body });
      const login = JSON.stringify({ email: "nadie@example.com", password: "12345678" });
      const big = JSON.stringify({ email: "nadie@example.com", password: "x".repeat(JSON_BODY_LIMIT) });
      const refused = await send(big);
      expect(refused.status).toBe(413);
      expect(await refused.json()).toMatchObject({ success: false, code: "payload_too_large" });
      // Within the limit, the JSON is read and judged (an unknown account, not a size or a parse refusal).
      const read = await send(login);
      expect(read.status).not.toBe(413);
      expect(((await read.json()) as { code?: string }).code).toBe("login_error");
      // Sent in chunks (no Content-Length), the size is counted as the body arrives.
      const chunked = await fetch(`${served.origin}/shop-api/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: new Blob([big]).stream(),
        duplex: "half",
      } as RequestInit);
      expect(chunked.status).toBe(413);
    } finally {
      await served.close();
    }
  });
});
