import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiFailure, api } from "./api";

function answer(status: number, body: unknown) {
  return new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

afterEach(() => vi.unstubAllGlobals());

describe("api", () => {
  it("fills the route's path parameters and query, sends the body as JSON with the page's language, and unwraps the data", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { success: true, data: { id: 7, name: "Casa", countyId: 1, county: { id: 1, name: "Suba" }, myAddress: true } }));
    vi.stubGlobal("fetch", fetch);
    const saved = await api("PUT /shop-api/frequent-addresses/:id", { params: { id: "7/x" }, query: { a: "1 2", b: undefined }, body: { name: "Casa", countyId: 1 } });
    expect(saved.county.name).toBe("Suba");
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/shop-api/frequent-addresses/7%2Fx?a=1+2");
    expect(init.method).toBe("PUT");
    expect(init.body).toBe('{"name":"Casa","countyId":1}');
    const headers = new Headers(init.headers);
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("x-locale")).toBe("es_CO");
  });

  it("keeps a query string as it stands and an authorization header the caller gives", async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => answer(200, { success: true, data: { order: { id: 3, paymentState: "paid" } } }));
    vi.stubGlobal("fetch", fetch);
    await api("GET /shop-api/order-status/:id", { params: { id: 3 }, query: "?token_ws=abc", headers: { authorization: "Bearer t" } });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/shop-api/order-status/3?token_ws=abc");
    expect(new Headers(init.headers).get("authorization")).toBe("Bearer t");
    expect(init.body).toBeUndefined();
  });

  it("throws the refusal's status, code, message and fields", async () => {
    vi.stubGlobal("fetch", async () => answer(422, { success: false, code: "validation_failed", message: "Revisa", fields: { email: "Email inválido" } }));
    const failure = await api("POST /shop-api/recovery", { body: { email: "x" } }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure).toMatchObject({ status: 422, code: "validation_failed", message: "Revisa", fields: { email: "Email inválido" } });
  });

  it("tells a network failure and an answer that is not the API's apart", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(api("GET /api/countries")).rejects.toMatchObject({ status: 0, code: "network_error" });
    vi.stubGlobal("fetch", async () => new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(api("GET /api/countries")).rejects.toMatchObject({ status: 502, code: "unexpected_answer" });
  });
});
