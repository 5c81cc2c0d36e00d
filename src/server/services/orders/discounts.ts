/**
 * Discount codes (storefront spec sections 3, 7, 8; DESIGN.md "Discount"): a code belongs to one event, has an
 * optional validity window and usage limit, and lists a discount price per subcategory. The same check serves
 * the wizard's coupon call and the purchase, which counts the use under lock (place-order.ts).
 */
import { and, eq, sql } from "drizzle-orm";
import type { DiscountAnswer } from "../../../shared/schemas/purchase";
import type { Db } from "../../db/client";
import { discountPrices, discounts } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import { parseVariation } from "./pricing";

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
export async function findValidDiscount(db: Db, code: string, eventId: number, now: Date, field = "coupon"): Promise<ValidDiscount> {
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
  const rows = await db
    .select({ variantId: discountPrices.productVariantId, price: discountPrices.discountPrice })
    .from(discountPrices)
    .where(eq(discountPrices.discountId, discount.id));
  return { id: discount.id, code: discount.code, variation, prices: new Map(rows.map((row) => [row.variantId, row.price])) };
}

/** GET /shop-api/discounts/{code}/event/{eventId}: the spec's Discount shape. */
export function discountAnswer(discount: ValidDiscount): DiscountAnswer {
  return {
    code: discount.code,
    variation: discount.variation,
    productVariants: [...discount.prices]
      .sort(([a], [b]) => a - b)
      .map(([productVariantId, discountPrice]) => ({ product_variant_id: productVariantId, discount_price: discountPrice })),
  };
}
