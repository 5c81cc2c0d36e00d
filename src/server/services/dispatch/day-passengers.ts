/**
 * Who rides on an event date, and where from: every passenger of a paid or awaiting order (holds past their time
 * are expired first), each at the ticket's address line they typed (the ticket's first line otherwise), in pick-up
 * groups: one ticket's passengers at one address ride together. Awaiting orders' passengers are planned like the
 * others, so their held seats are kept in a vehicle, and marked unpaid (told nothing until they pay).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { ORDER_STATE, SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { addressLines, counties, eventDates, events, orders, passengers, places, provinces, tickets } from "../../db/schema";
import { expireHolds } from "../holds/end-unpaid-orders";
import { comparableAddress, stopKey } from "../manifests/group-loads";
import { returnDeparture } from "../manifests/pickup-times";
import { timeZoneOf } from "../../../shared/format/dates";
import { anyId } from "../../db/id-lists";



export interface CountyPlace {
  id: number;
  name: string;
  province: string;
  country: string;
  lat: number | null;
  lon: number | null;
}

export interface DayPassenger {
  passengerId: number;
  orderId: number;
  ticketId: number;
  name: string;
  phone: string;
  email: string;
  paid: boolean;
}

export interface PassengerGroup {
  id: string;
  /** Where the group is picked up (outbound) or dropped (return); groups with one key share a stop. */
  stopKey: string;
  address: string;
  county: CountyPlace | null;
  passengers: DayPassenger[];
}

export interface EventDay {
  eventDateId: number;
  eventId: number;
  countryCode: string;
  translations: Record<string, { name: string }>;
  startsAt: Date;
  /** When the event of this date ends (the return leg's anchor). */
  endsAt: Date;
  venue: { name: string; address: string; county: CountyPlace | null };
}

const countyFields = { id: counties.id, name: counties.name, province: provinces.name, country: provinces.countryCode, lat: counties.lat, lon: counties.lon };

export async function eventDay(deps: ShopContext, eventDateId: number): Promise<EventDay> {
  const [head] = await deps.db
    .select({ date: eventDates.startDate, endDate: eventDates.endDate, event: events, placeName: places.name, placeAddress: places.address, placeCounty: places.countyId })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .where(eq(eventDates.id, eventDateId))
    .limit(1);
  if (!head) throw new ShopError("not_found");
  const [county] = head.placeCounty
    ? await deps.db.select(countyFields).from(counties).innerJoin(provinces, eq(provinces.id, counties.provinceId)).where(eq(counties.id, head.placeCounty))
    : [];
  return {
    eventDateId,
    eventId: head.event.id,
    countryCode: head.event.countryCode,
    translations: head.event.translations,
    startsAt: head.date,
    // The date's own end when the back office set one; otherwise the event's length from this date's start, or for
    // a multi-day event that day at the event's daily end time.
    endsAt: head.endDate ?? returnDeparture(head.date, head.event.startDate, head.event.endDate, timeZoneOf(head.event.countryCode)),
    venue: { name: head.placeName, address: head.placeAddress, county: county ?? null },
  };
}

export async function dayPassengers(deps: ShopContext, day: EventDay): Promise<PassengerGroup[]> {
  const { db } = deps;
  await expireHolds(db, deps.now(), { eventId: day.eventId });
  const orderRows = await db
    .select({ id: orders.id, state: orders.state })
    .from(orders)
    .where(and(eq(orders.eventDateId, day.eventDateId), inArray(orders.state, SEAT_HOLDING_STATES)));
  if (orderRows.length === 0) return [];
  const paidOrders = new Set(orderRows.filter((row) => row.state === ORDER_STATE.paid).map((row) => row.id));
  const ticketRows = await db.select({ id: tickets.id, orderId: tickets.orderId }).from(tickets).where(anyId(tickets.orderId, orderRows.map((row) => row.id))).orderBy(asc(tickets.id));
  const ticketIds = ticketRows.map((row) => row.id);
  if (ticketIds.length === 0) return [];
  const [passengerRows, lineRows] = await Promise.all([
    db.select().from(passengers).where(anyId(passengers.ticketId, ticketIds)).orderBy(asc(passengers.id)),
    db
      .select({ id: addressLines.id, ticketId: addressLines.ticketId, address: addressLines.address, county: countyFields })
      .from(addressLines)
      .innerJoin(counties, eq(counties.id, addressLines.countyId))
      .innerJoin(provinces, eq(provinces.id, counties.provinceId))
      .where(anyId(addressLines.ticketId, ticketIds))
      .orderBy(asc(addressLines.id)),
  ]);
  const orderOfTicket = new Map(ticketRows.map((row) => [row.id, row.orderId]));
  const groups = new Map<string, PassengerGroup>();
  for (const passenger of passengerRows) {
    const lines = lineRows.filter((line) => line.ticketId === passenger.ticketId);
    const line = lines.find((candidate) => comparableAddress(candidate.address) === comparableAddress(passenger.passengerAddress)) ?? lines[0];
    const address = (line?.address ?? passenger.passengerAddress).trim();
    const id = line ? `t${passenger.ticketId}-a${line.id}` : `t${passenger.ticketId}`;
    let group = groups.get(id);
    if (!group) {
      group = { id, stopKey: stopKey(line?.county.id ?? 0, address), address, county: line?.county ?? null, passengers: [] };
      groups.set(id, group);
    }
    const orderId = orderOfTicket.get(passenger.ticketId)!;
    group.passengers.push({
      passengerId: passenger.id,
      orderId,
      ticketId: passenger.ticketId,
      name: passenger.name,
      phone: passenger.phone,
      email: passenger.email,
      paid: paidOrders.has(orderId),
    });
  }
  return [...groups.values()];
}
