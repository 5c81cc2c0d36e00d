import { describe, expect, it } from "vitest";
import { orderMoney } from "./order-money";

describe("an order's money", () => {
  it("is its sale total until a refund", () => {
    expect(orderMoney(28_000, 28_000, 0)).toEqual({ paid: 28_000, refunded: 0, net: 28_000, total: 28_000 });
    // Not paid yet: nothing taken, the total is what it costs.
    expect(orderMoney(28_000, 0, 0)).toEqual({ paid: 0, refunded: 0, net: 0, total: 28_000 });
  });

  it("is its net after a refund, whatever the order row's total says", () => {
    // Two tickets of 14.000, one refunded for 5.000: the row says 14.000, the money 23.000.
    expect(orderMoney(14_000, 28_000, 5_000)).toEqual({ paid: 28_000, refunded: 5_000, net: 23_000, total: 23_000 });
    expect(orderMoney(28_000, 28_000, 28_000).total).toBe(0);
  });

  it("never goes below zero", () => {
    expect(orderMoney(0, 10_000, 12_000).net).toBe(0);
  });
});
