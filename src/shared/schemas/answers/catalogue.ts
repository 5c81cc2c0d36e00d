/**
 * The public catalogue's answers, shared by the server that builds them,
 * the static build that renders them and the islands that read them (as types only: these schemas stay out of
 * the browser bundle). Money is integer minor units of `currency`; dates are ISO 8601 strings in UTC.
 */
import { EVENT_TYPE, PAYMENT_TYPE, PERIODICITY_TYPE } from "../../domain/event-kinds";
import { PAYMENT_CODES } from "../../domain/payment-codes";
import * as z from "zod/mini";
import { LOCALES } from "../../locales";

const locale = z.enum(LOCALES);
/** Per-language texts; a language without its own text is absent. */
const translations = <S extends z.ZodMiniType>(text: S) => z.partialRecord(locale, text);
const isoDate = z.string();

/** 1 mass, 2 private (link-only), 3 alliance. */
export const eventTypeSchema = z.literal(Object.values(EVENT_TYPE));
/** 1 fixed single date, 2 any date in [startDate, endDate], 3 a choice among the calendar dates. */
export const periodicityTypeSchema = z.literal(Object.values(PERIODICITY_TYPE));
/** 1 paid by the traveller, 2 funded by the organiser. */
export const paymentTypeSchema = z.literal(Object.values(PAYMENT_TYPE));

export const calendarEntrySchema = z.object({
  /** The `eventDateId` a purchase names. */
  id: z.number(),
  startDate: isoDate,
});

export const eventListItemSchema = z.object({
  id: z.number(),
  slug: z.string(),
  type: eventTypeSchema,
  startDate: isoDate,
  endDate: isoDate,
  calendars: z.array(calendarEntrySchema),
  periodicityType: periodicityTypeSchema,
  paymentType: paymentTypeSchema,
  countryCode: z.string(),
  currency: z.string(),
  minTicketPrice: z.number(),
  translations: translations(z.object({ name: z.string(), imagePath: z.string(), minTicketPrice: z.number(), firstPlaceName: z.string() })),
});

export const recommendedEventSchema = z.object({ id: z.number(), regularEvent: eventListItemSchema });

export const placeSchema = z.object({
  id: z.number(),
  name: z.string(),
  imagePath: z.nullable(z.string()),
  address: z.string(),
  translations: translations(z.object({ name: z.optional(z.string()) })),
});

export const additionalStopSchema = z.object({
  id: z.number(),
  address: z.string(),
  /** HH:mm */
  time: z.string(),
});

export const eventDetailSchema = z.object({
  id: z.number(),
  slug: z.string(),
  type: eventTypeSchema,
  /** Present when only this message may be shown (e.g. a private event for a visitor who is not signed in). */
  message: z.nullable(z.string()),
  startDate: isoDate,
  endDate: isoDate,
  countryCode: z.string(),
  currency: z.string(),
  periodicityType: periodicityTypeSchema,
  paymentType: paymentTypeSchema,
  translations: translations(z.object({ name: z.string(), imagePath: z.string(), description: z.optional(z.string()) })),
  place: placeSchema,
  calendars: z.array(calendarEntrySchema),
  additionalStops: z.array(additionalStopSchema),
});

/** What `/api/events/{slug}` answers for an event that only shows a message. */
export const eventMessageSchema = z.object({ id: z.number(), slug: z.string(), message: z.string() });

/** The event call: the whole event, or only its message. */
export const eventViewSchema = z.union([eventDetailSchema, eventMessageSchema]);

export const countySchema = z.object({ id: z.number(), name: z.string() });

/** `/counties?country-code=`: every county of a country, with the province it belongs to. */
export const countyOptionSchema = z.extend(countySchema, { provinceId: z.number(), provinceName: z.string() });

export const provinceOptionSchema = z.object({ id: z.number(), name: z.string(), counties: z.array(countySchema) });

export const approachSchema = z.object({ address: z.string(), countyId: z.number() });

const offerTexts = z.object({ name: z.string(), description: z.optional(z.string()), imagePath: z.optional(z.string()) });

export const subcategorySchema = z.object({
  productVariantId: z.number(),
  provinceId: z.number(),
  price: z.number(),
  /** Passengers per ticket. */
  capacity: z.number(),
  /** Address lines per ticket. */
  stops: z.number(),
  /** Tickets still on sale for the asked event date (all dates' minimum when none is asked). */
  stock: z.number(),
  approach: z.array(approachSchema),
  placeId: z.number(),
  placeAddress: z.string(),
  translations: translations(offerTexts),
});

export const categorySchema = z.object({
  id: z.number(),
  priority: z.number(),
  /** The recommended category is the one whose priority equals the number of categories. */
  recommended: z.boolean(),
  translations: translations(offerTexts),
  subCategories: z.array(subcategorySchema),
});

export const paymentCodeSchema = z.enum(PAYMENT_CODES);

export const paymentMethodSchema = z.object({ code: paymentCodeSchema });

export const landingSlideSchema = z.object({ id: z.number(), url: z.string(), imagePath: z.string(), alt: z.string() });

export const communityPostSchema = z.object({
  id: z.number(),
  message: z.string(),
  user: z.string(),
  imagePath: z.string(),
  tags: z.array(z.string()),
});

export const partnerSchema = z.object({ id: z.number(), name: z.string(), imagePath: z.string(), url: z.nullable(z.string()) });

export const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  currency: z.string(),
  currencyDecimals: z.number(),
  defaultLocale: locale,
  phonePrefix: z.string(),
  rutLabel: z.string(),
});

export const localeOptionSchema = z.object({ code: locale, name: z.string() });

export const channelSchema = z.object({ countryCode: z.string(), defaultLocaleCode: locale });

/** The public forms (contact, marriage, quote): the stored request's id. */
export const leadStoredSchema = z.object({ id: z.number() });

export const healthSchema = z.object({ ok: z.literal(true) });
export const readySchema = z.object({ ok: z.literal(true), database: z.literal("ok") });
