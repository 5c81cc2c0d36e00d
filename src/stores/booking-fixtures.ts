/** A small offer for the unit tests: two categories over two provinces. */
import type { Category, Subcategory } from "../shared/types/catalogue";

export function variant(id: number, provinceId: number, price: number, name: string, extra: Partial<Subcategory> = {}): Subcategory {
  return {
    productVariantId: id,
    provinceId,
    price,
    capacity: 1,
    stops: 1,
    stock: 10,
    approach: [],
    placeId: 7,
    placeAddress: "Calle 63 # 59A-06",
    translations: { es_CO: { name }, en_US: { name: `${name} (en)` } },
    ...extra,
  };
}

export const CATEGORIES: Category[] = [
  {
    id: 2,
    priority: 1,
    recommended: false,
    translations: { es_CO: { name: "Bus ejecutivo" } },
    subCategories: [variant(20, 1, 30000, "Punto fijo", { approach: [{ address: "Portal Norte", countyId: 11 }] })],
  },
  {
    id: 1,
    priority: 2,
    recommended: true,
    translations: { es_CO: { name: "Van compartida" } },
    subCategories: [
      variant(12, 1, 120000, "Pareja", { capacity: 2 }),
      variant(10, 1, 65000, "Puesto individual"),
      variant(11, 1, 65000, "Asiento A"),
      variant(13, 2, 85000, "Puesto individual"),
    ],
  },
];
