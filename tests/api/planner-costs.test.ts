/**
 * Every connection of the shop plans with an SSD's page costs, on PostgreSQL and on the embedded database alike: at
 * PostgreSQL's default (a spinning disk's) a sale read its small catalogue tables end to end instead of looking
 * its rows up by their keys.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RANDOM_PAGE_COST } from "../../src/server/db/pg-driver";
import { runStatement } from "../../src/server/db/statements";
import { openTestShop, type TestShop } from "../helpers/test-shop";

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe("the planner's page costs", () => {
  it("price a page read out of order near one read in order, on every statement path", async () => {
    const setting = async (planOnce: boolean) =>
      Number((await runStatement<{ cost: string }>(shop.db, "select current_setting('random_page_cost') as cost", [], { planOnce }))[0]!.cost);
    expect(RANDOM_PAGE_COST).toBeLessThan(2);
    expect(await setting(false)).toBe(RANDOM_PAGE_COST);
    expect(await setting(true)).toBe(RANDOM_PAGE_COST);
  });
});
