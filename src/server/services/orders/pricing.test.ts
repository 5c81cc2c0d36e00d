import { describe, expect, it } from "vitest";
import { orderTotals, parseVariation, priceTickets, ticketsPerVariant } from "./pricing";

const variants = new Map([
  [1, { id: 1, price: 65_000 }],
  [2, { id: 2, price: 120_250 }],
]);

describe("ticket prices", () => {
  it("takes each ticket's price from the variant row, in the order the tickets came", () => {
    expect(priceTickets([2, 1, 2], variants)).toEqual([
      { productVariantId: 2, price: 120_250, discountPrice: null },
      { productVariantId: 1, price: 65_000, discountPrice: null },
      { productVariantId: 2, price: 120_250, discountPrice: null },
    ]);
  });

  it("applies a discount price only to the subcategories the discount lists", () => {
    const prices = priceTickets([1, 2], variants, new Map([[1, 58_500]]));
    expect(prices.map((p) => p.discountPrice)).toEqual([58_500, null]);
  });

  it("ignores a discount price above the list price or not a whole number of minor units", () => {
    const prices = priceTickets([1, 2], variants, new Map([[1, 70_000], [2, 100.5]]));
    expect(prices.map((p) => p.discountPrice)).toEqual([null, null]);
  });

  it("refuses a variant it was not given rather than pricing it at zero", () => {
    expect(() => priceTickets([3], variants)).toThrow(/variant 3/);
  });
});

describe("order totals", () => {
  it("sums list prices when no discount applies", () => {
    expect(orderTotals(priceTickets([1, 1, 2], variants))).toEqual({ subtotal: 250_250, total: 250_250, discount: 0 });
  });

  it("sums discount prices where they apply and list prices elsewhere", () => {
    const totals = orderTotals(priceTickets([1, 2, 1], variants, new Map([[1, 58_500]])));
    expect(totals).toEqual({ subtotal: 250_250, total: 58_500 + 120_250 + 58_500, discount: 13_000 });
  });

  it("is zero for no tickets", () => {
    expect(orderTotals([])).toEqual({ subtotal: 0, total: 0, discount: 0 });
  });
});

describe("discount variation", () => {
  it("reads the stored fraction", () => {
    expect(parseVariation("0.15")).toBe(0.15);
    expect(parseVariation("1")).toBe(1);
  });

  it("refuses what is not a fraction between 0 and 1", () => {
    expect(parseVariation("15")).toBeNull();
    expect(parseVariation("-0.1")).toBeNull();
    expect(parseVariation("abc")).toBeNull();
  });
});

describe("tickets per variant", () => {
  it("counts the seats each subcategory loses", () => {
    expect([...ticketsPerVariant([4, 2, 4, 4])]).toEqual([
      [4, 3],
      [2, 1],
    ]);
  });
});
