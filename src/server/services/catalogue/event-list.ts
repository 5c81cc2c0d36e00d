/**
 * Event lists: by type and country, recommended, and search.
 * Only published, not cancelled events with an upcoming date are listed, soonest first. Private events
 * (type 2) are never listed: only their link opens them.
 */
import { and, asc, eq, gt, inArray, sql, type SQL } from "drizzle-orm";
import type { CountryCode, Locale } from "../../../shared/locales";
import { EVENT_TYPE } from "../../../shared/domain/event-kinds";
import type { EventListItem, EventType, RecommendedEvent } from "../../../shared/types/catalogue";
import type { Db } from "../../db/client";
import { categories, countries, eventDates, events, places, productVariants } from "../../db/schema";
import { iso } from "./rows";

/** Types that public lists and search may show. */
export const LISTED_TYPES: EventType[] = [EVENT_TYPE.mass, EVENT_TYPE.alliance];
/** Calendar entries carried by a list item: the card only reads the first. */
export const LIST_ITEM_CALENDARS = 10;

interface ListOptions {
  countryCode: CountryCode;
  types: EventType[];
  now: Date;
  limit?: number;
  recommendedOnly?: boolean;
  /** Extra condition on `events` / `places` (search). */
  where?: SQL;
}

async function loadListItems(db: Db, options: ListOptions): Promise<EventListItem[]> {
  const types = options.types.filter((type) => LISTED_TYPES.includes(type));
  if (types.length === 0) return [];

  const nextDates = db
    .select({ eventId: eventDates.eventId, next: sql<string>`min(${eventDates.startDate})`.as("next_date") })
    .from(eventDates)
    .where(gt(eventDates.startDate, options.now))
    .groupBy(eventDates.eventId)
    .as("next_dates");
  const minPrices = db
    .select({ eventId: categories.eventId, minPrice: sql<number>`min(${productVariants.price})::int`.as("min_price") })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .groupBy(categories.eventId)
    .as("min_prices");

  const rows = await db
    .select({ event: events, place: places, currency: countries.currency, minPrice: minPrices.minPrice })
    .from(events)
    .innerJoin(nextDates, eq(nextDates.eventId, events.id))
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(countries, eq(countries.code, events.countryCode))
    .leftJoin(minPrices, eq(minPrices.eventId, events.id))
    .where(
      and(
        eq(events.countryCode, options.countryCode),
        inArray(events.type, types),
        eq(events.published, true),
        eq(events.cancelled, false),
        options.recommendedOnly ? eq(events.recommended, true) : undefined,
        options.where,
      ),
    )
    .orderBy(asc(nextDates.next), asc(events.id))
    .limit(options.limit ?? 100);
  if (rows.length === 0) return [];

  const calendarRows = await db
    .select({ id: eventDates.id, eventId: eventDates.eventId, startDate: eventDates.startDate })
    .from(eventDates)
    .where(and(inArray(eventDates.eventId, rows.map((row) => row.event.id)), gt(eventDates.startDate, options.now)))
    .orderBy(asc(eventDates.startDate), asc(eventDates.id));
  const calendars = new Map<number, { id: number; startDate: string }[]>();
  for (const row of calendarRows) {
    const list = calendars.get(row.eventId) ?? [];
    if (list.length < LIST_ITEM_CALENDARS) list.push({ id: row.id, startDate: iso(row.startDate) });
    calendars.set(row.eventId, list);
  }

  return rows.map(({ event, place, currency, minPrice }) => {
    const price = Number(minPrice ?? 0);
    return {
      id: event.id,
      slug: event.slug,
      type: event.type as EventType,
      startDate: iso(event.startDate),
      endDate: iso(event.endDate),
      calendars: calendars.get(event.id) ?? [],
      periodicityType: event.periodicityType as EventListItem["periodicityType"],
      paymentType: event.paymentType as EventListItem["paymentType"],
      countryCode: event.countryCode,
      currency,
      minTicketPrice: price,
      translations: Object.fromEntries(
        Object.entries(event.translations).map(([locale, text]) => [
          locale,
          {
            name: text.name,
            imagePath: text.cardImagePath ?? text.imagePath ?? "",
            minTicketPrice: price,
            firstPlaceName: place.translations[locale]?.name ?? place.name,
          },
        ]),
      ) as EventListItem["translations"],
    };
  });
}

/**
 * When a list changes by the clock alone: an item's next date passes (it moves on to the following one, or the
 * event leaves the list). Events not in the list cannot join it by the clock.
 */
export function listChangesAt(items: readonly EventListItem[]): Date | null {
  let first: number | null = null;
  for (const item of items) {
    const next = item.calendars[0] ? Date.parse(item.calendars[0].startDate) : null;
    if (next !== null && (first === null || next < first)) first = next;
  }
  return first === null ? null : new Date(first);
}

/** `/events?type=&country-code=`: a type-2 (private) request answers an empty list. */
export function listEvents(db: Db, query: { countryCode: CountryCode; type: EventType; limit?: number; now: Date }) {
  return loadListItems(db, { countryCode: query.countryCode, types: [query.type], limit: query.limit, now: query.now });
}

/** `/recommended-events`: flagged mass and alliance events, each wrapped as `{ id, regularEvent }`. */
export async function listRecommendedEvents(db: Db, query: { countryCode: CountryCode; now: Date }): Promise<RecommendedEvent[]> {
  const items = await loadListItems(db, { countryCode: query.countryCode, types: LISTED_TYPES, recommendedOnly: true, now: query.now });
  return items.map((item) => ({ id: item.id, regularEvent: item }));
}

/** Apostrophes people leave out ("ohiggins" for "O'Higgins"): dropped on both sides of the comparison. */
const APOSTROPHES = "'’`´";
// `translate` deletes the characters of its second argument that have no counterpart in the third: the apostrophes.
const ACCENTED = `ÁÀÂÄÃÅÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãåéèêëíìîïóòôöõúùûüñç${APOSTROPHES}`;
const PLAIN = "AAAAAAEEEEIIIIOOOOOUUUUNCaaaaaaeeeeiiiiooooouuuunc";

/**
 * Accent- and case-insensitive form of a text, the same in SQL and in JS. `translate` runs before `lower`
 * because a database in the C locale only lowercases ASCII.
 */
function foldSql(expression: SQL): SQL {
  return sql`lower(translate(${expression}, ${ACCENTED}, ${PLAIN}))`;
}

export function foldText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").replace(/['’`´]/gu, "").toLowerCase();
}

/** `/search?q=`: the event name in any locale or the venue name contains the query. */
export function searchEvents(db: Db, query: { q: string; countryCode: CountryCode; now: Date; locale?: Locale }) {
  const folded = foldText(query.q.trim());
  // Only apostrophes: nothing left to look for (an empty pattern would match every event).
  if (!folded) return Promise.resolve([]);
  const pattern = `%${folded.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const matches = sql`(exists (select 1 from jsonb_each(${events.translations}) as t(locale, text)
      where ${foldSql(sql`t.text ->> 'name'`)} like ${pattern})
    or ${foldSql(sql`${places.name}`)} like ${pattern}
    or exists (select 1 from jsonb_each(${places.translations}) as p(locale, text)
      where ${foldSql(sql`p.text ->> 'name'`)} like ${pattern}))`;
  return loadListItems(db, { countryCode: query.countryCode, types: LISTED_TYPES, where: matches, now: query.now });
}
