/**
 * Seats held unpaid are capped per account and event date (HOLD_SEATS_PER_ACCOUNT): one account cannot take a
 * date off sale with orders it never pays. Paid orders and other accounts are not held back by it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countyOf, eventOffer, purchaseBody } from "../helpers/fixtures";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;
let festival: Awaited<ReturnType<typeof eventOffer>>;
let county: number;
let variantId: number;

beforeAll(async () => {
  shop = await openTestShop({ listen: true, env: { HOLD_SEATS_PER_ACCOUNT: "3" } });
  festival = await eventOffer(shop.db, "festival-sonidos-de-la-sabana");
  const variant = festival.typed(festival.variants[0]!.provinceId)[0]!;
  variantId = variant.id;
  county = await countyOf(shop.db, variant.provinceId);
});
afterAll(async () => {
  await shop?.close();
});

const buy = (token: string, seats: number, headers: Record<string, string> = {}) =>
  shop.call("POST", "/shop-api/init-payment", purchaseBody(festival, Array.from({ length: seats }, () => variantId), county), { token, headers });

describe("seats held unpaid by one account for one date", () => {
  it("are refused past the cap with a message naming it, in the buyer's language; others still buy", async () => {
    const hoarder = await shop.buyer();
    expect((await buy(hoarder.token, 2)).status).toBe(201);
    const refused = await buy(hoarder.token, 2);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("hold_limit_reached");
    expect(refused.body.message).toContain("3");
    expect(refused.body.message).toMatch(/^Puedes apartar hasta 3 cupos sin pagar/);
    const english = await buy(hoarder.token, 5, { "x-locale": "en_US" });
    expect(english.body.message).toMatch(/^You can hold up to 3 unpaid seats/);
    // Up to the cap is fine.
    expect((await buy(hoarder.token, 1)).status).toBe(201);
    expect((await buy(hoarder.token, 1)).body.code).toBe("hold_limit_reached");
    // Someone else is not held back by the first account's holds.
    expect((await buy((await shop.buyer()).token, 3)).status).toBe(201);
  });

  it("are counted only while their holds run: once they run out the account may book again", async () => {
    const buyer = await shop.buyer();
    expect((await buy(buyer.token, 3)).status).toBe(201);
    expect((await buy(buyer.token, 1)).body.code).toBe("hold_limit_reached");
    shop.clock.offset += 21 * 60_000;
    try {
      expect((await buy(buyer.token, 3)).status).toBe(201);
    } finally {
      shop.clock.offset -= 21 * 60_000;
    }
  });
});
