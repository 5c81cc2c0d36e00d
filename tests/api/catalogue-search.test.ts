/**
 * Search as people type it (found by hand): "ohiggins" must find "Festival del Parque O'Higgins" the way
 * "bogota" finds "Bogotá"; apostrophes (straight or curly) are ignored on both sides.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(() => shop.close());

const slugsFor = async (q: string) => {
  const answer = await shop.call<{ slug: string }[]>("GET", `/api/search?country-code=CL&q=${encodeURIComponent(q)}`);
  expect(answer.status).toBe(200);
  return answer.body.data.map((event) => event.slug);
};

describe("GET /api/search ignores apostrophes", () => {
  it.each(["ohiggins", "O'Higgins", "o’higgins", "OHIGGINS"])("%s finds the O'Higgins park festival", async (q) => {
    expect(await slugsFor(q)).toContain("festival-parque-ohiggins");
  });

  it("a query of apostrophes only finds nothing (not every event)", async () => {
    expect(await slugsFor("'’")).toEqual([]);
  });
});
