import { describe, expect, it } from "vitest";
import { cacheKeyOf } from "./cache-key";

describe("a page's build key", () => {
  it("changes when what the page prints changes, and only then", () => {
    const event = { id: 2, translations: { es_CO: { name: "Clásico capitalino" } }, minTicketPrice: 36000 };
    expect(cacheKeyOf(event)).toBe(cacheKeyOf(structuredClone(event)));
    expect(cacheKeyOf(event)).not.toBe(cacheKeyOf({ ...event, translations: { es_CO: { name: "Clásico capitalino 2" } } }));
    expect(cacheKeyOf(event)).not.toBe(cacheKeyOf({ ...event, minTicketPrice: 35900 }));
    expect(cacheKeyOf()).not.toBe(cacheKeyOf(event));
  });
});
