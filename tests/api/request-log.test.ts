/**
 * The request log: one JSON line per request with its id (sent back as X-Request-Id and written into the outbox
 * jobs it causes), method, route pattern, status and duration; never an email, a password, a phone or a token.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app";
import { outbox } from "../../src/server/db/schema";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
const lines: Record<string, unknown>[] = [];
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  shop = await openTestShop();
  app = createApp({ db: shop.db, env: shop.env }, { logDestination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
});
afterAll(() => shop.close());

const from = { incoming: { socket: { remoteAddress: "10.60.0.1" } } };
const lineOf = (id: string | null) => lines.find((line) => line.reqId === id);

describe("each request", () => {
  it("is one JSON line with its id, method, route pattern, status and duration; the id comes back as X-Request-Id", async () => {
    const response = await app.request("/api/health", {}, from);
    const id = response.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lineOf(id)).toMatchObject({ level: 30, method: "GET", route: "/api/health", status: 200, msg: "request" });
    expect(typeof lineOf(id)!.ms).toBe("number");
    // A caller's own id (a proxy's) is kept.
    const traced = await app.request("/api/health", { headers: { "x-request-id": "edge-1234abcd" } }, from);
    expect(traced.headers.get("x-request-id")).toBe("edge-1234abcd");
  });

  it("logs a route's pattern, never the email, password, phone or token the request carried", async () => {
    const secret = "clave-secreta-123";
    const login = await app.request("/shop-api/login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "nadie.aqui@example.com", password: secret }) }, from);
    const reset = await app.request(`/recovery-account/${"t".repeat(43)}?token=${"q".repeat(43)}`, {}, from);
    const text = JSON.stringify([lineOf(login.headers.get("x-request-id")), lineOf(reset.headers.get("x-request-id"))]);
    expect(lineOf(login.headers.get("x-request-id"))).toMatchObject({ route: "/shop-api/login", status: 401 });
    for (const leak of ["nadie.aqui", secret, "t".repeat(43), "q".repeat(43)]) expect(text).not.toContain(leak);
  });

  it("writes its id into the outbox jobs it causes", async () => {
    const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
    const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
    const body = purchaseBody(festival, [variant.id], await countyOf(shop.db, variant.provinceId), { paymentCode: "transferencia" });
    const buyer = await shop.buyer();
    const answer = await app.request("/shop-api/init-payment", { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${buyer.token}` }, body: JSON.stringify(body) }, from);
    expect(answer.status).toBe(201);
    const id = answer.headers.get("x-request-id")!;
    const jobs = await shop.db.select().from(outbox).where(eq(outbox.requestId, id));
    expect(jobs.map((job) => job.kind)).toEqual(["order.notice"]);
  });
});
