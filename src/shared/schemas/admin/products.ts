/**
 * /shop-api/admin/categories, /variants and /discounts: what an event sells. A category groups subcategories
 * (product variants), one per province, each with its price, passengers and pick-up addresses per ticket, fixed
 * pick-up points and the tickets on sale per event date; a discount code lowers chosen variants' prices.
 */
import { DISCOUNT_KINDS } from "../../domain/discount-kinds";
import * as z from "zod/mini";
import {
  idFilter,
  instantField,
  listQueryOf,
  optionalImagePath,
  optionalName,
  optionalText,
  refField,
  requiredText,
  translationsOf,
  wholeNumber,
} from "./common";

export const categoryTranslationSchema = z.object({ name: optionalName(200), description: optionalText(2000), imagePath: optionalImagePath });

export const adminCategorySchema = z.object({
  eventId: refField("admin.event_required"),
  /** Lower first. */
  priority: wholeNumber(0, 10_000),
  translations: translationsOf(categoryTranslationSchema),
});
export type AdminCategory = z.output<typeof adminCategorySchema>;

export const CATEGORY_SORTS = ["id", "priority", "name", "event"] as const;
export const adminCategoriesQuerySchema = listQueryOf(CATEGORY_SORTS, { eventId: idFilter });
export const adminCategoryItemSchema = z.object({ id: z.number(), name: z.string(), priority: z.number(), eventId: z.number(), eventName: z.string(), variants: z.number() });
export type AdminCategoryItem = z.infer<typeof adminCategoryItemSchema>;

export const approachSchema = z.object({ address: requiredText(300), countyId: refField("errors.unknown_county") });

export const adminVariantSchema = z.object({
  categoryId: refField("admin.category_required"),
  provinceId: refField("errors.unknown_province"),
  /** Minor units of the event's currency. */
  price: wholeNumber(0, 1_000_000_000),
  /** Passengers per ticket. */
  capacity: wholeNumber(1, 60),
  /** Pick-up addresses per ticket. */
  stops: wholeNumber(1, 60),
  /** Tickets on sale on each event date. */
  stock: wholeNumber(0, 1_000_000),
  approaches: z.array(approachSchema).check(z.maxLength(50, "form.too_long")),
  translations: translationsOf(categoryTranslationSchema),
});
export type AdminVariant = z.output<typeof adminVariantSchema>;

export const VARIANT_SORTS = ["id", "name", "price", "stock", "province", "event"] as const;
export const adminVariantsQuerySchema = listQueryOf(VARIANT_SORTS, { categoryId: idFilter, eventId: idFilter });
export const adminVariantItemSchema = z.object({
  id: z.number(),
  name: z.string(),
  categoryId: z.number(),
  categoryName: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  provinceName: z.string(),
  price: z.number(),
  currency: z.string(),
  capacity: z.number(),
  stock: z.number(),
});
export type AdminVariantItem = z.infer<typeof adminVariantItemSchema>;

/** GET /shop-api/admin/variants/{id}/stock: per event date, what is sold, held by unpaid orders, and left. */
export const variantStockSchema = z.object({
  stock: z.number(),
  /** The event's time zone: its dates read in it, as everywhere in the shop. */
  timeZone: z.string(),
  dates: z.array(
    z.object({
      eventDateId: z.number(),
      startDate: z.string(),
      /** This date's own stock (null: `stock` applies). */
      dateStock: z.nullable(z.number()),
      sold: z.number(),
      held: z.number(),
      available: z.number(),
      /** The seat pool the subcategory draws on that date, with the pool's seats left. */
      pool: z.nullable(z.object({ id: z.number(), name: z.string(), seatsLeft: z.number() })),
    }),
  ),
});
export type VariantStock = z.infer<typeof variantStockSchema>;

export const discountPriceSchema = z.object({ productVariantId: refField("admin.variant_required"), discountPrice: wholeNumber(0, 1_000_000_000) });

export const adminDiscountSchema = z
  .object({
    code: z.string({ error: "form.required" }).check(z.trim(), z.minLength(1, "form.required"), z.maxLength(40, "form.too_long"), z.regex(/^[A-Za-z0-9_-]+$/, "admin.code_invalid")),
    eventId: refField("admin.event_required"),
    /** The fraction off shown as a percentage (0.15 is 15 %). */
    variation: z.number({ error: "admin.number_invalid" }).check(z.gte(0, "admin.number_invalid"), z.lte(1, "admin.number_invalid")),
    validFrom: z.nullable(instantField),
    validUntil: z.nullable(instantField),
    usageLimit: z.nullable(wholeNumber(1, 1_000_000)),
    /** percentage: `variation` off; fixed: `amount` (minor units) off each ticket. */
    kind: z.optional(z.enum(DISCOUNT_KINDS, { error: "errors.invalid_value" })),
    amount: z.optional(z.nullable(wholeNumber(0, 1_000_000_000))),
    /** Orders one customer may place with it; null: no limit. */
    perCustomerLimit: z.optional(z.nullable(wholeNumber(1, 1_000_000))),
    /** The subcategories it applies to; none: all of the event's. */
    variants: z.optional(z.array(z.object({ productVariantId: refField("admin.variant_required") })).check(z.maxLength(200, "form.too_long"))),
    /** A price per subcategory that overrides the computed one. */
    prices: z.array(discountPriceSchema).check(z.maxLength(200, "form.too_long")),
  })
  .check(
    z.refine((discount) => !discount.validFrom || !discount.validUntil || new Date(discount.validFrom) < new Date(discount.validUntil), {
      error: "admin.end_before_start",
      path: ["validUntil"],
    }),
  );
export type AdminDiscount = z.output<typeof adminDiscountSchema>;

export const DISCOUNT_SORTS = ["id", "code", "event", "validUntil", "timesUsed"] as const;
export const adminDiscountsQuerySchema = listQueryOf(DISCOUNT_SORTS, { eventId: idFilter });
export const adminDiscountItemSchema = z.object({
  id: z.number(),
  code: z.string(),
  eventId: z.number(),
  eventName: z.string(),
  variation: z.number(),
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  usageLimit: z.nullable(z.number()),
  timesUsed: z.number(),
  /** The event's country: its dates read in that country's time zone. */
  countryCode: z.string(),
});
export type AdminDiscountItem = z.infer<typeof adminDiscountItemSchema>;
