/**
 * The catalogue answers of the shop API (storefront spec sections 3 and 7), shared by the server that
 * builds them, the static build that renders them and the islands that read them.
 * Money is integer minor units of `currency`; dates are ISO 8601 strings in UTC.
 */
import type { Locale } from "../locales";

export type Translations<T> = Partial<Record<Locale, T>>;

/** 1 mass, 2 private (link-only), 3 alliance. */
export type EventType = 1 | 2 | 3;
/** 1 fixed single date, 2 any date in [startDate, endDate], 3 a choice among the calendar dates. */
export type PeriodicityType = 1 | 2 | 3;
/** 1 paid by the traveller, 2 funded by the organiser. */
export type PaymentType = 1 | 2;

export interface CalendarEntry {
  /** The `eventDateId` a purchase names. */
  id: number;
  startDate: string;
}

export interface EventListItem {
  id: number;
  slug: string;
  type: EventType;
  startDate: string;
  endDate: string;
  calendars: CalendarEntry[];
  periodicityType: PeriodicityType;
  paymentType: PaymentType;
  countryCode: string;
  currency: string;
  minTicketPrice: number;
  translations: Translations<{ name: string; imagePath: string; minTicketPrice: number; firstPlaceName: string }>;
}

export interface RecommendedEvent {
  id: number;
  regularEvent: EventListItem;
}

export interface Place {
  id: number;
  name: string;
  imagePath: string | null;
  address: string;
  translations: Translations<{ name?: string }>;
}

export interface AdditionalStop {
  id: number;
  address: string;
  /** HH:mm */
  time: string;
}

export interface EventDetail {
  id: number;
  slug: string;
  type: EventType;
  /** Present when only this message may be shown (e.g. a private event for a visitor who is not signed in). */
  message: string | null;
  startDate: string;
  endDate: string;
  countryCode: string;
  currency: string;
  periodicityType: PeriodicityType;
  paymentType: PaymentType;
  translations: Translations<{ name: string; imagePath: string; description?: string }>;
  place: Place;
  calendars: CalendarEntry[];
  additionalStops: AdditionalStop[];
}

/** What `/api/events/{slug}` answers for an event that only shows a message. */
export interface EventMessage {
  id: number;
  slug: string;
  message: string;
}

export interface County {
  id: number;
  name: string;
}

/** `/counties?country-code=`: every county of a country, with the province it belongs to. */
export interface CountyOption extends County {
  provinceId: number;
}

export interface ProvinceOption {
  id: number;
  name: string;
  counties: County[];
}

export interface Approach {
  address: string;
  countyId: number;
}

export interface Subcategory {
  productVariantId: number;
  provinceId: number;
  price: number;
  /** Passengers per ticket. */
  capacity: number;
  /** Address lines per ticket. */
  stops: number;
  /** Tickets still on sale for the asked event date (all dates' minimum when none is asked). */
  stock: number;
  approach: Approach[];
  placeId: number;
  placeAddress: string;
  translations: Translations<{ name: string; description?: string; imagePath?: string }>;
}

export interface Category {
  id: number;
  priority: number;
  /** Spec section 9: the category whose priority equals the number of categories. */
  recommended: boolean;
  translations: Translations<{ name: string; description?: string; imagePath?: string }>;
  subCategories: Subcategory[];
}

export type PaymentCode = "webpay" | "mercadopago" | "transferencia" | "prepagado";

export interface PaymentMethod {
  code: PaymentCode;
}

export interface LandingSlide {
  id: number;
  url: string;
  imagePath: string;
  alt: string;
}

export interface CommunityPost {
  id: number;
  message: string;
  user: string;
  imagePath: string;
  tags: string[];
}

export interface Partner {
  id: number;
  name: string;
  imagePath: string;
  url: string | null;
}

export interface Country {
  code: string;
  name: string;
  currency: string;
  currencyDecimals: number;
  defaultLocale: Locale;
  phonePrefix: string;
  rutLabel: string;
}

export interface LocaleOption {
  code: Locale;
  name: string;
}

export interface Channel {
  countryCode: string;
  defaultLocaleCode: Locale;
}

/** The API's answer envelope. */
export type ApiAnswer<T> =
  | { success: true; data: T }
  | { success: false; code: string; message: string; fields?: Record<string, string> };
