/**
 * What an event card shows, computed once from an API list item so the
 * static pages and the search island render the very same card.
 */
import { PERIODICITY_TYPE } from "../../shared/domain/event-kinds";
import { formatPrice } from "../../shared/format/money";
import { dateLabels, formatTime, timeZoneOf } from "../../shared/format/dates";
import type { Locale } from "../../shared/locales";
import type { EventListItem } from "../../shared/types/catalogue";
import { pickTranslation } from "./translation";

export const CARD_KEYS = ["card.hours", "card.choose_date", "card.book_transfer", "card.transfer_from"] as const;
export type CardLabels = Record<(typeof CARD_KEYS)[number], string>;

export interface EventCardData {
  id: number;
  slug: string;
  href: string;
  name: string;
  imagePath: string;
  /** periodicityType 1: day, month name, place, time; otherwise null ("Elige tu fecha"). */
  fixedDate: { day: string; month: string; place: string; time: string; iso: string } | null;
  /** Null while nothing is on sale (a new event whose subcategories are still being set up). */
  price: string | null;
}

/** The card's date: the first calendar entry's start when present, else the event's start. */
export function cardDate(item: Pick<EventListItem, "calendars" | "startDate">): string {
  return item.calendars[0]?.startDate ?? item.startDate;
}

export function eventCardData(item: EventListItem, locale: Locale, prefix: string): EventCardData {
  const text = pickTranslation(item.translations, locale);
  const timeZone = timeZoneOf(item.countryCode);
  const iso = cardDate(item);
  const minPrice = text?.minTicketPrice ?? item.minTicketPrice;
  const labels = dateLabels(iso, locale, timeZone);
  return {
    id: item.id,
    slug: item.slug,
    href: `${prefix}/event/${encodeURIComponent(item.slug)}`,
    name: text?.name ?? item.slug,
    imagePath: text?.imagePath ?? "",
    fixedDate:
      item.periodicityType === PERIODICITY_TYPE.fixed
        ? { day: labels.day, month: labels.month, place: text?.firstPlaceName ?? "", time: formatTime(iso, timeZone), iso }
        : null,
    price: minPrice > 0 ? formatPrice(minPrice, item.currency, locale) : null,
  };
}
