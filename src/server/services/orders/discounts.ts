/**
 * Discount codes: a code belongs to one event, takes a
 * percentage or a fixed amount off every subcategory of it (or the chosen ones), with an optional validity window,
 * usage limit and per-customer limit; a discount price set for a subcategory overrides the computed one. The
 * server computes every discounted price here, and the same check serves the wizard's coupon call and the
 * purchase (which counts the use under lock, place-order.ts), so the wizard never shows a discount the purchase
 * would refuse.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DiscountAnswer } from "../../../shared/schemas/purchase";
import type { Db } from "../../db/client";
import { categories, discountPrices, discounts, orders, productVariants } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import { parseVariation } from "./pricing";
import { SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";

export interface ValidDiscount {
  id: number;
  code: string;
  variation: number;
  /** Variant id -> discount price (minor units). */
  prices: Map<number, number>;
}

/**
 * The discount `code` (any letter case) of event `eventId`, usable at `now`. Refusals: 422 `discount_invalid`
 * (no such code for this event), 422 `discount_expired` (outside its window), 409 `discount_used_up`.
 */
export async function findValidDiscount(db: Db, code: string, eventId: number, now: Date, field = "coupon", userId?: number): Promise<ValidDiscount> {
  const [discount] = await db
    .select()
    .from(discounts)
    .where(and(sql`lower(${discounts.code}) = lower(${code.trim()})`, eq(discounts.eventId, eventId)))
    .limit(1);
  const variation = discount ? parseVariation(discount.variation) : null;
  if (!discount || variation === null) throw new ShopError("discount_invalid", { [field]: "errors.discount_invalid" });
  if ((discount.validFrom && discount.validFrom > now) || (discount.validUntil && discount.validUntil < now)) {
    throw new ShopError("discount_expired", { [field]: "errors.discount_expired" });
  }
  if (discount.usageLimit !== null && discount.timesUsed >= discount.usageLimit) {
    throw new ShopError("discount_used_up", { [field]: "errors.discount_used_up" });
  }
  if (userId !== undefined && discount.perCustomerLimit !== null) {
    // Orders that took a use and still hold it (an ended unpaid order gave it back).
    const [used] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.discountId, discount.id), eq(orders.userId, userId), inArray(orders.state, SEAT_HOLDING_STATES)));
    if (Number(used?.n ?? 0) >= discount.perCustomerLimit) throw new ShopError("discount_customer_limit", { [field]: "errors.discount_customer_limit" });
  }
  const [overrides, variants] = await Promise.all([
    db.select({ variantId: discountPrices.productVariantId, price: discountPrices.discountPrice }).from(discountPrices).where(eq(discountPrices.discountId, discount.id)),
    db
      .select({ id: productVariants.id, price: productVariants.price })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .where(and(eq(categories.eventId, eventId), discount.variantIds.length ? inArray(productVariants.id, discount.variantIds) : undefined)),
  ]);
  const prices = new Map<number, number>();
  for (const variant of variants) prices.set(variant.id, discountedPrice(variant.price, discount.kind, variation, discount.amount ?? 0));
  for (const row of overrides) prices.set(row.variantId, row.price);
  return { id: discount.id, code: discount.code, variation: discount.kind === "percentage" ? variation : 0, prices };
}

/** A percentage off (rounded to the minor unit) or a fixed amount off, never below zero. */
export function discountedPrice(price: number, kind: string, variation: number, amount: number): number {
  if (kind === "fixed") return Math.max(price - amount, 0);
  return Math.max(Math.round(price * (1 - variation)), 0);
}

/** GET /shop-api/discounts/{code}/event/{eventId}: code, variation and discount price per subcategory. */
export function discountAnswer(discount: ValidDiscount): DiscountAnswer {
  return {
    code: discount.code,
    variation: discount.variation,
    productVariants: [...discount.prices]
      .sort(([a], [b]) => a - b)
      .map(([productVariantId, discountPrice]) => ({ product_variant_id: productVariantId, discount_price: discountPrice })),
  };
}
