/**
 * What a discount code takes off each ticket it applies to: a percentage of the price (`variation`, 0.15 is 15 %)
 * or a fixed amount (`amount`, minor units, never below zero). A discount price set for a subcategory overrides
 * either.
 */
export const DISCOUNT_KINDS = ["percentage", "fixed"] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
