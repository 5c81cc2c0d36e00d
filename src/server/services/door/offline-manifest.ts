/**
 * What the scanner takes along for a van door without network: the paid orders of one event date, with what
 * the result screen shows and each passenger's legs already checked in, plus the date's cancelled orders (so a
 * door offline refuses their codes) and the public ticket key to check signatures in the browser. And the event dates to choose from: the next 20 with paid orders, from yesterday on (a door works
 * on the day, or takes the list along the evening before).
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { and, asc, count, eq, gte, inArray } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { OfflineManifest } from "../../../shared/schemas/answers/door";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, places } from "../../db/schema";
import { timeZoneOf } from "../../../shared/format/dates";
import { pick } from "../catalogue/rows";
import { boardingsOf, ticketHolders } from "../boarding/ticket-holders";

const DAY = 24 * 60 * 60 * 1000;

export async function doorDates(deps: ShopContext, locale: Locale) {
  const now = deps.now().getTime();
  const rows = await deps.db
    .select({ eventDateId: eventDates.id, date: eventDates.startDate, translations: events.translations, countryCode: events.countryCode, paidOrders: count(orders.id) })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .innerJoin(orders, and(eq(orders.eventDateId, eventDates.id), eq(orders.state, ORDER_STATE.paid)))
    .where(gte(eventDates.startDate, new Date(now - DAY)))
    .groupBy(eventDates.id, eventDates.startDate, events.translations, events.countryCode)
    .orderBy(asc(eventDates.startDate), asc(eventDates.id))
    .limit(20);
  return rows.map((row) => ({
    eventDateId: row.eventDateId,
    date: new Date(row.date).toISOString(),
    eventName: pick(row.translations, locale)?.name ?? "",
    paidOrders: Number(row.paidOrders),
    timeZone: timeZoneOf(row.countryCode),
  }));
}

export async function offlineManifest(deps: ShopContext, eventDateId: number, locale: Locale): Promise<OfflineManifest> {
  const [dated] = await deps.db
    .select({ date: eventDates.startDate, event: events, place: places })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(eventDates.id, eventDateId));
  if (!dated) throw new ShopError("not_found");
  const holders = await ticketHolders(deps.db, and(eq(orders.eventDateId, eventDateId), inArray(orders.state, [ORDER_STATE.paid, ORDER_STATE.cancelled])), locale);
  const legs = await boardingsOf(
    deps.db,
    holders.map((holder) => holder.orderId),
  );
  return {
    eventDateId,
    date: new Date(dated.date).toISOString(),
    event: { name: pick(dated.event.translations, locale)?.name ?? "", placeName: dated.place.translations[locale]?.name ?? dated.place.name },
    generatedAt: deps.now().toISOString(),
    timeZone: timeZoneOf(dated.event.countryCode),
    publicKey: deps.auth.ticketKey.publicJwk,
    orders: holders.map(({ countryCode: _country, passengers, ...holder }) => ({
      ...holder,
      passengers: passengers.map(({ passengerId, name }) => ({ passengerId, name })),
      checkIns: legs.get(holder.orderId) ?? [],
    })),
  };
}
