/**
 * /shop-api/admin/landing-slides, /partners, /community-posts, /payment-methods, /provinces, /counties and
 * /places: the landing's content and the settings the catalogue stands on.
 */
import * as z from "zod/mini";
import { PAYMENT_CODES } from "../../domain/payment-codes";
import {
  countryCodeField,
  countryFilter,
  idFilter,
  imagePathField,
  listQueryOf,
  optionalImagePath,
  optionalName,
  optionalRef,
  refField,
  requiredText,
  sortOrderField,
  translationsOf,
} from "./common";

/** A path of the shop's own pages ("/events/…"), without the country/locale prefix. */
const sitePath = z.string({ error: "form.required" }).check(z.trim(), z.maxLength(300, "form.too_long"), z.regex(/^\/(?!\/)[^\s]*$/, "admin.path_invalid"));
const webAddress = z.string().check(z.trim(), z.maxLength(300, "form.too_long"), z.regex(/^https:\/\/[^\s]+$/, "admin.url_invalid"));

export const adminSlideSchema = z.object({
  countryCode: countryCodeField,
  url: sitePath,
  imagePath: imagePathField,
  translations: translationsOf(z.object({ alt: optionalName(200) }), "alt"),
  sortOrder: sortOrderField,
});
export const SLIDE_SORTS = ["id", "sortOrder", "countryCode"] as const;
export const adminSlidesQuerySchema = listQueryOf(SLIDE_SORTS, { countryCode: countryFilter });
export const adminSlideItemSchema = z.object({ id: z.number(), countryCode: z.string(), url: z.string(), imagePath: z.string(), alt: z.string(), sortOrder: z.number() });

export const adminPartnerSchema = z.object({
  name: requiredText(120),
  imagePath: imagePathField,
  url: z.nullable(webAddress),
  sortOrder: sortOrderField,
});
export const PARTNER_SORTS = ["id", "name", "sortOrder"] as const;
export const adminPartnersQuerySchema = listQueryOf(PARTNER_SORTS);
export const adminPartnerItemSchema = z.object({ id: z.number(), name: z.string(), imagePath: z.string(), url: z.nullable(z.string()), sortOrder: z.number() });

export const adminPostSchema = z.object({
  countryCode: countryCodeField,
  message: requiredText(2000),
  user: requiredText(120),
  imagePath: imagePathField,
  tags: z.array(z.string().check(z.trim(), z.minLength(1, "form.required"), z.maxLength(40, "form.too_long"))).check(z.maxLength(10, "form.too_long")),
});
export const POST_SORTS = ["id", "user", "countryCode"] as const;
export const adminPostsQuerySchema = listQueryOf(POST_SORTS, { countryCode: countryFilter });
export const adminPostItemSchema = z.object({ id: z.number(), countryCode: z.string(), user: z.string(), message: z.string(), imagePath: z.string() });

export const adminPaymentMethodSchema = z.object({
  countryCode: countryCodeField,
  code: z.enum(PAYMENT_CODES, { error: "admin.payment_code_invalid" }),
  sortOrder: sortOrderField,
  enabled: z.boolean(),
});
export const PAYMENT_METHOD_SORTS = ["id", "countryCode", "code", "sortOrder"] as const;
export const adminPaymentMethodsQuerySchema = listQueryOf(PAYMENT_METHOD_SORTS, { countryCode: countryFilter });
export const adminPaymentMethodItemSchema = z.object({ id: z.number(), countryCode: z.string(), code: z.string(), sortOrder: z.number(), enabled: z.boolean() });

export const adminProvinceSchema = z.object({ countryCode: countryCodeField, name: requiredText(120) });
export const PROVINCE_SORTS = ["id", "name", "countryCode"] as const;
export const adminProvincesQuerySchema = listQueryOf(PROVINCE_SORTS, { countryCode: countryFilter });
export const adminProvinceItemSchema = z.object({ id: z.number(), countryCode: z.string(), name: z.string(), counties: z.number() });

/** A coordinate in degrees, or null while the county has none (its pick-ups cannot be placed on the map). */
const degrees = (limit: number) =>
  z._default(z.nullable(z.number({ error: "admin.number_invalid" }).check(z.gte(-limit, "admin.number_invalid"), z.lte(limit, "admin.number_invalid"))), null);

/** A county with its centroid (both coordinates or neither). */
export const adminCountySchema = z
  .object({ provinceId: refField("errors.unknown_province"), name: requiredText(120), lat: degrees(90), lon: degrees(180) })
  .check(z.refine((county) => (county.lat === null) === (county.lon === null), { error: "admin.coordinates_both", path: ["lon"] }));
export const COUNTY_SORTS = ["id", "name", "province"] as const;
export const adminCountiesQuerySchema = listQueryOf(COUNTY_SORTS, { provinceId: idFilter });
export const adminCountyItemSchema = z.object({
  id: z.number(),
  provinceId: z.number(),
  provinceName: z.string(),
  countryCode: z.string(),
  name: z.string(),
  lat: z.nullable(z.number()),
  lon: z.nullable(z.number()),
});

/** A venue: events name one; its name may be translated. */
export const adminPlaceSchema = z.object({
  countryCode: countryCodeField,
  name: requiredText(200),
  address: requiredText(300),
  countyId: optionalRef("errors.unknown_county"),
  imagePath: z.nullable(imagePathField),
  translations: z.object(
    Object.fromEntries(["es_CO", "es_CL", "es_ES", "es_MX", "en_US", "pt_BR"].map((locale) => [locale, z.optional(z.object({ name: optionalName(200) }))])) as Record<
      "es_CO" | "es_CL" | "es_ES" | "es_MX" | "en_US" | "pt_BR",
      z.ZodMiniOptional<z.ZodMiniObject<{ name: ReturnType<typeof optionalName> }>>
    >,
  ),
});
export const PLACE_SORTS = ["id", "name", "countryCode"] as const;
export const adminPlacesQuerySchema = listQueryOf(PLACE_SORTS, { countryCode: countryFilter });
export const adminPlaceItemSchema = z.object({ id: z.number(), countryCode: z.string(), name: z.string(), address: z.string(), imagePath: z.nullable(z.string()) });

export { optionalImagePath };
