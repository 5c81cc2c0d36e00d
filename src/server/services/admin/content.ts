/**
 * The simple back-office resources, each a declaration over one table: landing slides, partners, community
 * posts, payment methods per country, provinces, counties and venues.
 */
import { eq, sql } from "drizzle-orm";
import type * as z from "zod/mini";
import { storedTranslations } from "../../../shared/schemas/admin/common";
import type * as schemas from "../../../shared/schemas/admin/content";
import { communityPosts, counties, events, landingSlides, partners, paymentMethods, places, provinces } from "../../db/schema";
import { tableResource } from "./crud";
import { totalField } from "./list";

type Body<S extends z.ZodMiniType> = z.output<S>;

export const slidesResource = tableResource<Body<typeof schemas.adminSlideSchema>, typeof landingSlides>({
  name: "landing-slides",
  area: "content",
  table: landingSlides,
  id: landingSlides.id,
  columns: { countryCode: landingSlides.countryCode, url: landingSlides.url, imagePath: landingSlides.imagePath, translations: landingSlides.translations, sortOrder: landingSlides.sortOrder },
  toRow: (body) => ({ ...body, translations: storedTranslations(body.translations, "alt") }),
  list: {
    select: (db) =>
      db
        .select({
          id: landingSlides.id,
          countryCode: landingSlides.countryCode,
          url: landingSlides.url,
          imagePath: landingSlides.imagePath,
          alt: sql<string>`coalesce(${landingSlides.translations}->'es_CO'->>'alt', '')`,
          sortOrder: landingSlides.sortOrder,
          total: totalField,
        })
        .from(landingSlides)
        .$dynamic(),
    search: [landingSlides.url, sql`${landingSlides.translations}::text`],
    sorts: { id: landingSlides.id, sortOrder: landingSlides.sortOrder, countryCode: landingSlides.countryCode },
    defaultSort: "sortOrder",
    filters: { countryCode: landingSlides.countryCode },
    id: landingSlides.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

export const partnersResource = tableResource<Body<typeof schemas.adminPartnerSchema>, typeof partners>({
  name: "partners",
  area: "content",
  table: partners,
  id: partners.id,
  columns: { name: partners.name, imagePath: partners.imagePath, url: partners.url, sortOrder: partners.sortOrder },
  list: {
    select: (db) =>
      db.select({ id: partners.id, name: partners.name, imagePath: partners.imagePath, url: partners.url, sortOrder: partners.sortOrder, total: totalField }).from(partners).$dynamic(),
    search: [partners.name, partners.url],
    sorts: { id: partners.id, name: partners.name, sortOrder: partners.sortOrder },
    defaultSort: "sortOrder",
    id: partners.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

export const postsResource = tableResource<Body<typeof schemas.adminPostSchema>, typeof communityPosts>({
  name: "community-posts",
  area: "content",
  table: communityPosts,
  id: communityPosts.id,
  columns: { countryCode: communityPosts.countryCode, message: communityPosts.message, user: communityPosts.user, imagePath: communityPosts.imagePath, tags: communityPosts.tags },
  list: {
    select: (db) =>
      db
        .select({
          id: communityPosts.id,
          countryCode: communityPosts.countryCode,
          user: communityPosts.user,
          message: communityPosts.message,
          imagePath: communityPosts.imagePath,
          total: totalField,
        })
        .from(communityPosts)
        .$dynamic(),
    search: [communityPosts.user, communityPosts.message, sql`${communityPosts.tags}::text`],
    sorts: { id: communityPosts.id, user: communityPosts.user, countryCode: communityPosts.countryCode },
    defaultSort: "id",
    filters: { countryCode: communityPosts.countryCode },
    id: communityPosts.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

export const paymentMethodsResource = tableResource<Body<typeof schemas.adminPaymentMethodSchema>, typeof paymentMethods>({
  name: "payment-methods",
  area: "payment-methods",
  table: paymentMethods,
  id: paymentMethods.id,
  columns: { countryCode: paymentMethods.countryCode, code: paymentMethods.code, sortOrder: paymentMethods.sortOrder, enabled: paymentMethods.enabled },
  list: {
    select: (db) =>
      db
        .select({
          id: paymentMethods.id,
          countryCode: paymentMethods.countryCode,
          code: paymentMethods.code,
          sortOrder: paymentMethods.sortOrder,
          enabled: paymentMethods.enabled,
          total: totalField,
        })
        .from(paymentMethods)
        .$dynamic(),
    search: [paymentMethods.code, paymentMethods.countryCode],
    sorts: { id: paymentMethods.id, countryCode: paymentMethods.countryCode, code: paymentMethods.code, sortOrder: paymentMethods.sortOrder },
    defaultSort: "countryCode",
    filters: { countryCode: paymentMethods.countryCode },
    id: paymentMethods.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

export const provincesResource = tableResource<Body<typeof schemas.adminProvinceSchema>, typeof provinces>({
  name: "provinces",
  area: "geography",
  table: provinces,
  id: provinces.id,
  columns: { countryCode: provinces.countryCode, name: provinces.name },
  list: {
    select: (db) =>
      db
        .select({
          id: provinces.id,
          countryCode: provinces.countryCode,
          name: provinces.name,
          counties: sql<number>`(select count(*) from ${counties} where ${counties.provinceId} = ${provinces.id})`.mapWith(Number),
          total: totalField,
        })
        .from(provinces)
        .$dynamic(),
    search: [provinces.name],
    sorts: { id: provinces.id, name: provinces.name, countryCode: provinces.countryCode },
    defaultSort: "name",
    filters: { countryCode: provinces.countryCode },
    id: provinces.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

export const countiesResource = tableResource<Body<typeof schemas.adminCountySchema>, typeof counties>({
  name: "counties",
  area: "geography",
  table: counties,
  id: counties.id,
  columns: { provinceId: counties.provinceId, name: counties.name, lat: counties.lat, lon: counties.lon },
  list: {
    select: (db) =>
      db
        .select({
          id: counties.id,
          provinceId: counties.provinceId,
          provinceName: provinces.name,
          countryCode: provinces.countryCode,
          name: counties.name,
          lat: counties.lat,
          lon: counties.lon,
          total: totalField,
        })
        .from(counties)
        .innerJoin(provinces, eq(provinces.id, counties.provinceId))
        .$dynamic(),
    search: [counties.name, provinces.name],
    sorts: { id: counties.id, name: counties.name, province: provinces.name },
    defaultSort: "name",
    filters: { provinceId: counties.provinceId },
    id: counties.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});

type PlaceBody = Body<typeof schemas.adminPlaceSchema>;

export const placesResource = tableResource<PlaceBody, typeof places>({
  name: "places",
  area: "events",
  table: places,
  id: places.id,
  columns: { countryCode: places.countryCode, name: places.name, address: places.address, countyId: places.countyId, imagePath: places.imagePath, translations: places.translations },
  toRow: (body) => ({ ...body, translations: storedTranslations(body.translations) }),
  // A venue's change shows on the pages of every event held there.
  async eventIds(db, _body, id) {
    return (await db.select({ id: events.id }).from(events).where(eq(events.placeId, id))).map((row) => row.id);
  },
  list: {
    select: (db) =>
      db
        .select({ id: places.id, countryCode: places.countryCode, name: places.name, address: places.address, imagePath: places.imagePath, total: totalField })
        .from(places)
        .$dynamic(),
    search: [places.name, places.address],
    sorts: { id: places.id, name: places.name, countryCode: places.countryCode },
    defaultSort: "name",
    filters: { countryCode: places.countryCode },
    id: places.id,
    toItem: ({ total: _total, ...item }: { total: number }) => item,
  },
});
