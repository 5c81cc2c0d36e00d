/**
 * Admission control on POST /shop-api/init-payment: a shop process works on a few purchases at once, lets a
 * bounded number wait, and answers the rest at once with 503 `purchase_queue_full`, a Retry-After and, in the
 * body, the same seconds and the purchases ahead; the catalogue keeps answering meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

interface QueueFull {
  success: false;
  code: string;
  message: string;
  retryAfter: number;
  position: number;
}

async function rush(shop: TestShop, buyers: number) {
  const festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const [single] = festival.variants.filter((variant) => variant.approaches.length === 0);
  const county = await countyOf(shop.db, single!.provinceId);
  const tokens = await Promise.all(Array.from({ length: buyers }, async () => (await shop.buyer()).token));
  return Promise.all(
    tokens.map(async (token) => {
      const request = new Request(`${shop.origin}/shop-api/init-payment`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-locale": "en_US" },
        body: JSON.stringify(purchaseBody(festival, [single!.id], county, { paymentCode: "transferencia" })),
      });
      const response = await shop.app.fetch(request, { incoming: { socket: { remoteAddress: "10.0.0.9" } } });
      return { status: response.status, retryAfter: response.headers.get("retry-after"), body: (await response.json()) as QueueFull };
    }),
  );
}

describe("a shop that takes one purchase at a time and lets none wait", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ env: { PURCHASE_CONCURRENCY: "1", PURCHASE_QUEUE: "0", PURCHASE_RETRY_SECONDS: "3" } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("answers purchases that arrive together with one order and, for the others, 503 with when to come back", async () => {
    const answers = await rush(shop, 4);
    const placed = answers.filter((answer) => answer.status === 201);
    const turnedAway = answers.filter((answer) => answer.status === 503);
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length + turnedAway.length).toBe(4);
    expect(turnedAway.length).toBeGreaterThanOrEqual(1);
    for (const answer of turnedAway) {
      expect(answer.retryAfter).toBe("3");
      expect(answer.body).toMatchObject({ success: false, code: "purchase_queue_full", retryAfter: 3, position: 1 });
      expect(answer.body.message).toBe("Many people are buying right now. Your purchase has not gone through yet: we will send it again in 3 seconds");
    }
  });

  it("keeps answering catalogue reads, which never wait at the gate", async () => {
    const [answer] = await Promise.all([shop.call("GET", "/api/events?type=1&country-code=CO"), rush(shop, 3)]);
    expect(answer.status).toBe(200);
  });
});

describe("a shop with a queue", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ env: { PURCHASE_CONCURRENCY: "1", PURCHASE_QUEUE: "10" } });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("lets purchases that arrive together wait their turn, and every one is placed", async () => {
    const answers = await rush(shop, 4);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201]);
  });
});

describe("the contract", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await openTestShop({ seed: false });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("declares the 503 with its Retry-After header and its body", async () => {
    const document = (await shop.call<never>("GET", "/api/openapi.json")).body as unknown as {
      paths: Record<string, Record<string, { responses: Record<string, { headers?: object; content: { "application/json": { schema: { anyOf: { $ref: string }[] } } } }> }>>;
      components: { schemas: Record<string, { required?: string[] }> };
    };
    const busy = document.paths["/shop-api/init-payment"]!.post!.responses["503"]!;
    expect(busy.headers).toHaveProperty("Retry-After");
    // The 503 is the queue's refusal or, while the database is out of reach, the plain failure envelope.
    expect(busy.content["application/json"].schema.anyOf.map((one) => one.$ref)).toEqual(["#/components/schemas/QueueFull", "#/components/schemas/Failure"]);
    expect(document.components.schemas.QueueFull!.required).toEqual(expect.arrayContaining(["code", "message", "retryAfter", "position"]));
  });
});
