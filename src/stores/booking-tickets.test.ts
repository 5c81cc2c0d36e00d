import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./booking-fixtures";
import { buildTickets, discountPercent, orderTotals, type TicketInputs } from "./booking-tickets";

const inputs = (change: Partial<TicketInputs> = {}): TicketInputs => ({
  provinceId: 1,
  quantity: { 10: 2, 20: 1 },
  discount: null,
  addressInputs: {},
  passengerInputs: {},
  ...change,
});

describe("client-held tickets", () => {
  it("makes one ticket per unit, in the order categories and subcategories are shown", () => {
    const tickets = buildTickets(CATEGORIES, inputs(), "es_CO");
    expect(tickets.map((ticket) => ticket.key)).toEqual(["10-0", "10-1", "20-0"]);
    expect(tickets[0]).toMatchObject({ name: "Van compartida", subcategoryName: "Puesto individual", price: 65000, placeId: 7, capacity: 1, stops: 1 });
    expect(tickets[2]!.approaches).toEqual([{ address: "Portal Norte", countyId: 11 }]);
  });

  it("ignores quantities of another province and makes none before a province is chosen", () => {
    expect(buildTickets(CATEGORIES, inputs({ quantity: { 13: 1 } }), "es_CO")).toEqual([]);
    expect(buildTickets(CATEGORIES, inputs({ provinceId: null }), "es_CO")).toEqual([]);
  });

  it("keeps each ticket's typed addresses and passengers by its key", () => {
    const addresses = [{ address: "Calle 1", commune_id: 2 }];
    const tickets = buildTickets(CATEGORIES, inputs({ addressInputs: { "10-1": addresses } }), "es_CO");
    expect(tickets[1]!.addresses).toEqual(addresses);
    expect(tickets[0]!.addresses).toEqual([]);
  });

  it("totals the prices, or the discount prices where the discount covers the subcategory", () => {
    const plain = buildTickets(CATEGORIES, inputs(), "es_CO");
    expect(orderTotals(plain)).toEqual({ total: 160000, original: 160000, discounted: false, count: 3 });
    const discount = { code: "RODAMOS10", variation: 0.1, productVariants: [{ product_variant_id: 10, discount_price: 58500 }] };
    const discounted = buildTickets(CATEGORIES, inputs({ discount }), "es_CO");
    expect(discounted[0]!.discountPrice).toBe(58500);
    expect(discounted[2]!.discountPrice).toBeNull();
    expect(orderTotals(discounted)).toEqual({ total: 147000, original: 160000, discounted: true, count: 3 });
  });

  it("shows the discount percentage as variation x 100", () => {
    expect(discountPercent(0.15)).toBe(15);
    expect(discountPercent(0.125)).toBe(12.5);
    expect(discountPercent(0.1)).toBe(10);
  });
});
