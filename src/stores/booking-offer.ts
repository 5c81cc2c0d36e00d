/**
 * What step 0 shows of the event's offer: categories by priority
 * descending, only the selected province's subcategories sorted by price then name, and a category's price
 * as the province's lowest with "Desde" when its prices differ.
 */
import { pickTranslation } from "../shared/pick-translation";
import { localeTag, type Locale } from "../shared/locales";
import type { Category, Subcategory } from "../shared/types/catalogue";

/** Categories are sorted by priority descending. */
export function sortCategories(categories: readonly Category[]): Category[] {
  return [...categories].sort((a, b) => b.priority - a.priority || a.id - b.id);
}

export function subcategoryName(subcategory: Subcategory, locale: Locale): string {
  return pickTranslation(subcategory.translations, locale)?.name ?? "";
}

export function categoryName(category: Category, locale: Locale): string {
  return pickTranslation(category.translations, locale)?.name ?? "";
}

/** Only the selected province's subcategories, sorted by price, then name. */
export function provinceSubcategories(category: Category, provinceId: number | null, locale: Locale): Subcategory[] {
  const collator = new Intl.Collator(localeTag(locale));
  return category.subCategories
    .filter((subcategory) => provinceId === null || subcategory.provinceId === provinceId)
    .sort((a, b) => a.price - b.price || collator.compare(subcategoryName(a, locale), subcategoryName(b, locale)));
}

export interface ShownPrice {
  amount: number;
  /** Prices differ: the amount is shown after "Desde". */
  from: boolean;
}

/**
 * The price shown is the province's lowest price, with "Desde" (from) when prices differ.
 * Before a province is chosen every province's subcategories count. Null when the category sells nothing there.
 */
export function categoryPrice(category: Category, provinceId: number | null): ShownPrice | null {
  const prices = category.subCategories
    .filter((subcategory) => provinceId === null || subcategory.provinceId === provinceId)
    .map((subcategory) => subcategory.price);
  if (prices.length === 0) return null;
  const amount = Math.min(...prices);
  return { amount, from: prices.some((price) => price !== amount) };
}

/** The categories worth showing for a province: those with at least one subcategory there. */
export function categoriesForProvince(categories: readonly Category[], provinceId: number | null): Category[] {
  return sortCategories(categories).filter((category) => categoryPrice(category, provinceId) !== null);
}
