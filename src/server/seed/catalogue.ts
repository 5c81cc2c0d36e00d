/**
 * Writes the demo catalogue: venues, events with their calendar rows, extra stops, categories and
 * subcategories per province, discount codes, landing content and payment methods.
 */
import { COUNTRY_FACTS } from "../../shared/domain/countries";
import type { CountryCode, Locale } from "../../shared/locales";
import type { Db } from "../db/client";
import {
  additionalStops,
  categories,
  communityPosts,
  discountPrices,
  discounts,
  eventDates,
  events,
  landingSlides,
  partners,
  paymentMethods,
  places,
  productVariants,
} from "../db/schema";
import { CATEGORY_TEMPLATES, MEETING_POINTS, PRICE_STEP } from "./demo/offers";
import { COMMUNITY_POSTS, DISCOUNTS, PARTNERS, PAYMENT_METHODS, SLIDES } from "./demo/content";
import { COLOMBIA_EVENTS } from "./demo/events-co";
import { WORLD_EVENTS } from "./demo/events-world";
import { avatarPath, eventBannerPath, eventCardPath, partnerPath, slidePath } from "./demo/images";
import type { EventSeed, Schedule } from "./demo/types";
import { VENUES } from "./demo/venues";
import type { GeographyIds } from "./geography";
import { inLocale, localize } from "./text";
import { HOUR_MS, localDateTime } from "../../shared/format/local-date-time";

export const DEMO_EVENTS: EventSeed[] = [...COLOMBIA_EVENTS, ...WORLD_EVENTS];

/** Closing words of every event description: what the ticket includes. */
const INCLUDED: Record<Locale, string> = {
  es_CO: "Te recogemos en casa, te llevamos al evento y te traemos de vuelta al terminar.",
  es_CL: "Te recogemos en tu casa, te llevamos al evento y te traemos de vuelta al terminar.",
  es_ES: "Te recogemos en casa, te llevamos al evento y te devolvemos cuando termine.",
  es_MX: "Pasamos por ti a tu casa, te llevamos al evento y te regresamos al terminar.",
  en_US: "We pick you up at home, take you to the event and bring you back when it ends.",
  pt_BR: "Buscamos você em casa, levamos ao evento e trazemos de volta no final.",
};

/**
 * Calendar rows for every periodicity type, so a purchase always names an `eventDateId` and stock is
 * counted per day: one row for a fixed date, one per listed date, and one per day of a free range.
 */
function calendar(when: Schedule, now: Date, timeZone: string): { start: Date; end: Date; dates: Date[] } {
  const at = (day: number) => localDateTime(now, timeZone, day, when.time);
  const days =
    when.periodicity === 1
      ? [when.day]
      : when.periodicity === 3
        ? when.days
        : Array.from({ length: when.toDay - when.fromDay + 1 }, (_, i) => when.fromDay + i);
  const dates = days.map(at);
  return { start: dates[0]!, end: new Date(dates[dates.length - 1]!.getTime() + when.hours * HOUR_MS), dates };
}

function roundPrice(value: number, country: CountryCode): number {
  const step = PRICE_STEP[country];
  return Math.max(step, Math.round(value / step) * step);
}

async function seedPlaces(db: Db, geo: GeographyIds): Promise<Map<string, { id: number; address: string }>> {
  const keys = Object.keys(VENUES);
  const rows = await db
    .insert(places)
    .values(
      keys.map((key) => {
        const venue = VENUES[key]!;
        return {
          countryCode: venue.country,
          name: venue.name,
          address: venue.address,
          countyId: geo.county(venue.country, venue.province, venue.county),
          translations: Object.fromEntries(Object.entries(venue.translations ?? {}).map(([locale, name]) => [locale, { name }])),
        };
      }),
    )
    .returning({ id: places.id, name: places.name, address: places.address });
  const byName = new Map(rows.map((row) => [row.name, row]));
  return new Map(keys.map((key) => [key, byName.get(VENUES[key]!.name)!]));
}

async function seedEvent(db: Db, seed: EventSeed, placeId: number, geo: GeographyIds, now: Date) {
  const timeZone = COUNTRY_FACTS[seed.country].timeZone;
  const { start, end, dates } = calendar(seed.when, now, timeZone);
  const [event] = await db
    .insert(events)
    .values({
      slug: seed.slug,
      type: seed.type,
      periodicityType: seed.when.periodicity,
      paymentType: seed.paymentType ?? 1,
      countryCode: seed.country,
      placeId,
      startDate: start,
      endDate: end,
      translations: localize((locale) => ({
        name: inLocale(seed.name, locale),
        description: `${inLocale(seed.blurb, locale)} ${INCLUDED[locale]}`,
        imagePath: eventBannerPath(seed.slug),
        cardImagePath: eventCardPath(seed.slug),
      })),
      recommended: seed.recommended ?? false,
      cancelled: seed.cancelled ?? false,
      requiresLogin: seed.requiresLogin ?? false,
    })
    .returning({ id: events.id });
  const eventId = event!.id;

  await db.insert(eventDates).values(dates.map((startDate) => ({ eventId, startDate })));
  if (seed.stops?.length) {
    await db.insert(additionalStops).values(
      seed.stops.map((stop) => ({
        eventId,
        address: stop.address,
        countyId: geo.county(seed.country, stop.province, stop.county),
        time: stop.time,
      })),
    );
  }

  const kinds = seed.offer.categories;
  const insertedCategories = await db
    .insert(categories)
    .values(
      kinds.map((kind, index) => {
        const template = CATEGORY_TEMPLATES[kind];
        return {
          eventId,
          // The first listed kind gets priority = number of categories: the recommended one.
          priority: kinds.length - index,
          translations: localize((locale) => ({
            name: inLocale(template.name, locale),
            description: inLocale(template.description, locale),
          })),
        };
      }),
    )
    .returning({ id: categories.id, priority: categories.priority });
  const categoryIdByKind = new Map(
    insertedCategories.map((row) => [kinds[kinds.length - row.priority]!, row.id] as const),
  );

  const variantRows = kinds.flatMap((kind) =>
    CATEGORY_TEMPLATES[kind].variants.flatMap((variant) =>
      Object.entries(seed.offer.provinces).map(([province, provinceFactor]) => {
        const approaches = variant.fixedPickUp
          ? (MEETING_POINTS[seed.country]?.[province] ?? []).map((point) => ({
              address: point.address,
              countyId: geo.county(seed.country, province, point.county),
            }))
          : [];
        if (variant.fixedPickUp && approaches.length === 0) {
          throw new Error(`Demo data: no meeting points for ${seed.country}/${province} (${seed.slug})`);
        }
        return {
          categoryId: categoryIdByKind.get(kind)!,
          provinceId: geo.province(seed.country, province),
          price: roundPrice(seed.offer.base * variant.factor * provinceFactor, seed.country),
          capacity: variant.capacity,
          stops: variant.stops,
          stock: variant.stock,
          approaches,
          translations: localize((locale) => ({
            name: inLocale(variant.name, locale),
            description: inLocale(variant.description, locale),
          })),
        };
      }),
    ),
  );
  const variants = await db
    .insert(productVariants)
    .values(variantRows)
    .returning({ id: productVariants.id, price: productVariants.price });
  return { eventId, variants };
}

export async function seedCatalog(db: Db, geo: GeographyIds, now: Date) {
  const venueIds = await seedPlaces(db, geo);
  const seeded = new Map<string, Awaited<ReturnType<typeof seedEvent>>>();
  for (const seed of DEMO_EVENTS) {
    const place = venueIds.get(seed.venue);
    if (!place) throw new Error(`Demo data: unknown venue ${seed.venue} (${seed.slug})`);
    if (VENUES[seed.venue]!.country !== seed.country) throw new Error(`Demo data: ${seed.slug} is held abroad`);
    seeded.set(seed.slug, await seedEvent(db, seed, place.id, geo, now));
  }

  const dayAt = (offset: number | undefined, hhmm: string) =>
    offset === undefined ? null : localDateTime(now, COUNTRY_FACTS.CO.timeZone, offset, hhmm);
  for (const discount of DISCOUNTS) {
    const event = seeded.get(discount.event);
    if (!event) throw new Error(`Demo data: discount for unknown event ${discount.event}`);
    const [row] = await db
      .insert(discounts)
      .values({
        code: discount.code,
        eventId: event.eventId,
        variation: String(discount.variation),
        validFrom: dayAt(discount.validFromDay, "00:00"),
        validUntil: dayAt(discount.validUntilDay, "23:59"),
        usageLimit: discount.usageLimit ?? null,
      })
      .returning({ id: discounts.id });
    await db.insert(discountPrices).values(
      event.variants.map((variant) => ({
        discountId: row!.id,
        productVariantId: variant.id,
        discountPrice: Math.round(variant.price * (1 - discount.variation)),
      })),
    );
  }
}

export async function seedContent(db: Db) {
  await db.insert(landingSlides).values(
    SLIDES.map((slide, index) => ({
      countryCode: slide.country,
      url: slide.url,
      imagePath: slidePath(slide.key),
      translations: localize((locale) => ({ alt: inLocale(slide.alt, locale) })),
      sortOrder: index,
    })),
  );
  await db.insert(communityPosts).values(
    COMMUNITY_POSTS.map((post) => ({
      countryCode: post.country,
      message: post.message,
      user: post.user,
      imagePath: avatarPath(post.avatar),
      tags: post.tags,
    })),
  );
  await db.insert(partners).values(
    PARTNERS.map((partner, index) => ({
      name: partner.name,
      imagePath: partnerPath(partner.key),
      url: partner.url,
      sortOrder: index,
    })),
  );
  await seedPaymentMethods(db);
}

/** Which payment methods each country offers: reference data a production shop starts with too. */
export async function seedPaymentMethods(db: Db) {
  await db.insert(paymentMethods).values(
    (Object.entries(PAYMENT_METHODS) as [CountryCode, string[]][]).flatMap(([countryCode, codes]) =>
      codes.map((code, sortOrder) => ({ countryCode, code, sortOrder })),
    ),
  );
}
