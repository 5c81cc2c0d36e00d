/**
 * What a discount code takes off each ticket it applies to: a percentage of the price (`variation`, 0.15 is 15 %)
 * or a fixed amount (`amount`, minor units, never below zero). A discount price set for a subcategory overrides
 * either.
 */
export const DISCOUNT_KIND = { percentage: "percentage", fixed: "fixed" } as const;
export const DISCOUNT_KINDS = [DISCOUNT_KIND.percentage, DISCOUNT_KIND.fixed] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
