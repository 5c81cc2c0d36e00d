/** Landing content and payment methods: slides, community posts, partners. */
import { asc, and, eq } from "drizzle-orm";
import type { CountryCode, Locale } from "../../../shared/locales";
import type { CommunityPost, LandingSlide, Partner, PaymentCode, PaymentMethod } from "../../../shared/types/catalogue";
import type { Db } from "../../db/client";
import { communityPosts, countries, landingSlides, partners, paymentMethods } from "../../db/schema";
import { isPaymentCode, PAYMENT_CODE } from "../../../shared/domain/payment-codes";
import { settlesCurrency } from "../../payments/currencies";
import { pick } from "./rows";

/** Slides of a country, their alt text in the asked language. */
export async function listLandingSlides(db: Db, countryCode: CountryCode, locale: Locale): Promise<LandingSlide[]> {
  const rows = await db
    .select()
    .from(landingSlides)
    .where(eq(landingSlides.countryCode, countryCode))
    .orderBy(asc(landingSlides.sortOrder), asc(landingSlides.id));
  return rows.map((row) => ({ id: row.id, url: row.url, imagePath: row.imagePath, alt: pick(row.translations, locale)?.alt ?? "" }));
}

/** The community block's posts; the landing shuffles and cuts them, the API answers them whole. */
export async function listCommunityPosts(db: Db, countryCode: CountryCode): Promise<CommunityPost[]> {
  const rows = await db.select().from(communityPosts).where(eq(communityPosts.countryCode, countryCode)).orderBy(asc(communityPosts.id));
  return rows.map((row) => ({ id: row.id, message: row.message, user: row.user, imagePath: row.imagePath, tags: row.tags }));
}

export async function listPartners(db: Db): Promise<Partner[]> {
  const rows = await db.select().from(partners).orderBy(asc(partners.sortOrder), asc(partners.id));
  return rows.map((row) => ({ id: row.id, name: row.name, imagePath: row.imagePath, url: row.url }));
}

/**
 * The methods a traveller may pay with in a country, in display order (the first is preselected).
 * `prepagado` is not listed: it is implied for organiser-funded events (paymentType 2). A gateway that cannot
 * settle the country's currency is never offered there, whatever the table says.
 */
export async function listPaymentMethods(db: Db, countryCode: CountryCode): Promise<PaymentMethod[]> {
  const rows = await db
    .select({ code: paymentMethods.code, currency: countries.currency })
    .from(paymentMethods)
    .innerJoin(countries, eq(countries.code, paymentMethods.countryCode))
    .where(and(eq(paymentMethods.countryCode, countryCode), eq(paymentMethods.enabled, true)))
    .orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.id));
  return rows
    .filter((row) => row.code !== PAYMENT_CODE.prepagado && isPaymentCode(row.code) && settlesCurrency(row.code, row.currency))
    .map((row) => ({ code: row.code as PaymentCode }));
}
