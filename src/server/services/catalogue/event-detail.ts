/**
 * One event for its page (`/events/{slug or id}`).
 * The public route and the signed-in `/shop-api/events/{slug}` both answer with `getEventDetail`; only the
 * signed-in one passes `viewerUserId`.
 */
import { and, asc, eq, gt, ne, or, sql } from "drizzle-orm";
import { translate } from "../../../shared/i18n";
import type { Locale } from "../../../shared/locales";
import type { EventDetail, EventMessage } from "../../../shared/types/catalogue";
import { EVENT_TYPE } from "../../../shared/domain/event-kinds";
import { isDbId } from "../../../shared/domain/ids";
import type { Db } from "../../db/client";
import { additionalStops, countries, eventDates, privateEvents, events, guests, places, users } from "../../db/schema";
import { ShopError } from "../../../shared/domain/shop-error";
import { asTranslations, hhmm, iso } from "./rows";

export interface DetailOptions {
  /** The signed-in person asking, if any. */
  viewerUserId?: number;
  locale: Locale;
  now: Date;
}

/** `/events/{ref}`: digits are an id, anything else a slug; a private event answers by its unguessable slug only. */
function refCondition(ref: string) {
  if (/^\d+$/.test(ref)) {
    const id = Number(ref);
    return isDbId(id) ? and(eq(events.id, id), ne(events.type, EVENT_TYPE.private)) : undefined;
  }
  return eq(events.slug, ref.toLowerCase());
}

/**
 * May this person book a login-only private event? Its owner may, and so may an invited guest: a row in
 * `guests` with the person's email, on a private event that became this event.
 */
export async function canViewPrivateEvent(db: Db, eventId: number, ownerId: number | null, viewerUserId: number): Promise<boolean> {
  if (ownerId === viewerUserId) return true;
  const [row] = await db
    .select({ id: privateEvents.id })
    .from(privateEvents)
    .innerJoin(users, eq(users.id, viewerUserId))
    .leftJoin(guests, and(eq(guests.privateEventId, privateEvents.id), sql`lower(${guests.email}) = lower(${users.email})`))
    .where(and(eq(privateEvents.eventId, eventId), or(eq(privateEvents.ownerId, viewerUserId), sql`${guests.id} is not null`)))
    .limit(1);
  return row !== undefined;
}

/**
 * The event page's data, or only a message when the page must show nothing else (a login-only private
 * event for a visitor, or for someone not on its guest list).
 * Refuses with 404 `not_found` (unknown or unpublished) and 410 `event_gone` (cancelled, or every date past).
 */
export async function getEventDetail(db: Db, ref: string, options: DetailOptions): Promise<EventDetail | EventMessage> {
  return (await readEventDetail(db, ref, options)).detail;
}

/**
 * The detail and what it depends on, for the answer cache of the public reads: the event, and the start of its next
 * date (when that date passes the answer changes). The answer differs by caller only when `viewerUserId` is given.
 */
export async function readEventDetail(
  db: Db,
  ref: string,
  options: DetailOptions,
): Promise<{ detail: EventDetail | EventMessage; facts: { eventId: number; until: Date | null } }> {
  const condition = refCondition(ref.trim());
  if (!condition) throw new ShopError("not_found");
  const [row] = await db
    .select({ event: events, place: places, currency: countries.currency })
    .from(events)
    .innerJoin(places, eq(places.id, events.placeId))
    .innerJoin(countries, eq(countries.code, events.countryCode))
    .where(and(condition, eq(events.published, true)))
    .limit(1);
  if (!row) throw new ShopError("not_found");
  const { event, place, currency } = row;
  if (event.cancelled) throw new ShopError("event_gone");

  // Sent together: the stops are wasted only on a login-only event's message.
  const [calendars, stops] = await Promise.all([
    db
      .select({ id: eventDates.id, startDate: eventDates.startDate })
      .from(eventDates)
      .where(and(eq(eventDates.eventId, event.id), gt(eventDates.startDate, options.now)))
      .orderBy(asc(eventDates.startDate), asc(eventDates.id)),
    db
      .select({ id: additionalStops.id, address: additionalStops.address, time: additionalStops.time })
      .from(additionalStops)
      .where(eq(additionalStops.eventId, event.id))
      .orderBy(asc(additionalStops.time), asc(additionalStops.id)),
  ]);
  if (calendars.length === 0) throw new ShopError("event_gone");
  const facts = { eventId: event.id, until: calendars[0]!.startDate };

  if (event.requiresLogin) {
    const message = (key: "catalogue.private_event_login" | "catalogue.private_event_not_invited"): EventMessage => ({
      id: event.id,
      slug: event.slug,
      message: translate(options.locale, key),
    });
    if (options.viewerUserId === undefined) return { detail: message("catalogue.private_event_login"), facts };
    if (!(await canViewPrivateEvent(db, event.id, event.ownerId, options.viewerUserId))) {
      return { detail: message("catalogue.private_event_not_invited"), facts };
    }
  }


  const detail: EventDetail = {
    id: event.id,
    slug: event.slug,
    type: event.type as EventDetail["type"],
    message: null,
    startDate: iso(event.startDate),
    endDate: iso(event.endDate),
    countryCode: event.countryCode,
    currency,
    periodicityType: event.periodicityType as EventDetail["periodicityType"],
    paymentType: event.paymentType as EventDetail["paymentType"],
    translations: asTranslations(
      Object.fromEntries(
        Object.entries(event.translations).map(([locale, text]) => [
          locale,
          { name: text.name, imagePath: text.imagePath ?? "", ...(text.description ? { description: text.description } : {}) },
        ]),
      ),
    ),
    place: {
      id: place.id,
      name: place.name,
      imagePath: place.imagePath,
      address: place.address,
      translations: asTranslations(place.translations),
    },
    calendars: calendars.map((entry) => ({ id: entry.id, startDate: iso(entry.startDate) })),
    additionalStops: stops.map((stop) => ({ id: stop.id, address: stop.address, time: hhmm(stop.time) })),
  };
  return { detail, facts };
}
