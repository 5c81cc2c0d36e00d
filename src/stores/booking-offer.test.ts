import { describe, expect, it } from "vitest";
import { CATEGORIES } from "./booking-fixtures";
import { categoriesForProvince, categoryPrice, provinceSubcategories, sortCategories } from "./booking-offer";

describe("step 0 offer", () => {
  it("sorts categories by priority, highest first", () => {
    expect(sortCategories(CATEGORIES).map((category) => category.id)).toEqual([1, 2]);
  });

  it("shows only the selected province's subcategories, by price then name", () => {
    const category = CATEGORIES[1]!;
    expect(provinceSubcategories(category, 1, "es_CO").map((s) => s.productVariantId)).toEqual([11, 10, 12]);
    expect(provinceSubcategories(category, 2, "es_CO").map((s) => s.productVariantId)).toEqual([13]);
  });

  it("prices a category at the province's lowest price, with 'Desde' only when prices differ", () => {
    expect(categoryPrice(CATEGORIES[1]!, 1)).toEqual({ amount: 65000, from: true });
    expect(categoryPrice(CATEGORIES[1]!, 2)).toEqual({ amount: 85000, from: false });
    expect(categoryPrice(CATEGORIES[0]!, 2)).toBeNull();
  });

  it("hides categories that sell nothing in the province", () => {
    expect(categoriesForProvince(CATEGORIES, 2).map((category) => category.id)).toEqual([1]);
    expect(categoriesForProvince(CATEGORIES, null).map((category) => category.id)).toEqual([1, 2]);
  });
});
