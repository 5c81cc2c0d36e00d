/**
 * What the van door shows about a ticket (the check-complete answer): the buyer's
 * name and email, the ride's date, the event and its place, how many tickets the order holds; its passengers;
 * and each passenger's check-ins so far. Read for one scanned order or for every paid order of an event date
 * (the offline manifest).
 */
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import type { Locale } from "../../../shared/locales";
import type { Db } from "../../db/client";
import { boardings, eventDates, events, orders, passengers, payments, places, tickets, users } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";

export interface HolderPassenger {
  passengerId: number;
  ticketId: number;
  name: string;
  phone: string;
}

export interface TicketHolder {
  orderId: number;
  state: string;
  /** True when the order's payment was given back (refunded or to refund, none approved): its tickets no longer ride. */
  refunded: boolean;
  eventDateId: number | null;
  /** The event's country, whose time zone the ride's day is told in. */
  countryCode: string;
  customer: { name: string; email: string };
  date: string | null;
  event: { name: string; placeName: string };
  ticketQuantity: number;
  passengers: HolderPassenger[];
}

export interface BoardingEntry {
  passengerId: number;
  leg: Leg;
  at: string;
  staffName: string | null;
}

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

export async function ticketHolders(db: Db, where: SQL | undefined, locale: Locale): Promise<TicketHolder[]> {
  const rows = await db
    .select({ order: orders, buyer: users, event: events, place: places, eventDate: eventDates.startDate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(places, eq(places.id, events.placeId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(orders.id));
  if (rows.length === 0) return [];
  const orderIds = rows.map((row) => row.order.id);
  const [quantities, passengerRows, refundRows] = await Promise.all([
    db.select({ orderId: tickets.orderId, quantity: count() }).from(tickets).where(inArray(tickets.orderId, orderIds)).groupBy(tickets.orderId),
    db
      .select({ orderId: tickets.orderId, passengerId: passengers.id, ticketId: passengers.ticketId, name: passengers.name, phone: passengers.phone })
      .from(passengers)
      .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
      .where(inArray(tickets.orderId, orderIds))
      .orderBy(asc(passengers.id)),
    db.select({ orderId: payments.orderId, state: payments.state }).from(payments).where(inArray(payments.orderId, orderIds)),
  ]);
  const quantityOf = new Map(quantities.map((row) => [row.orderId, Number(row.quantity)]));
  // Given back: a payment refunded (or to refund) and none that still stands. A partial refund leaves the approved
  // payment standing: its passengers are taken off the order instead.
  const givenBack = (orderId: number, states: string[]) => refundRows.some((row) => row.orderId === orderId && states.includes(row.state));
  const refunded = new Set(orderIds.filter((orderId) => givenBack(orderId, [PAYMENT_STATE.refunded, PAYMENT_STATE.refund_due]) && !givenBack(orderId, [PAYMENT_STATE.approved])));
  return rows.map(({ order, buyer, event, place, eventDate }) => ({
    orderId: order.id,
    state: order.state,
    refunded: refunded.has(order.id),
    eventDateId: order.eventDateId,
    countryCode: event.countryCode,
    customer: { name: fullName(buyer), email: buyer.email },
    date: eventDate ? new Date(eventDate).toISOString() : (order.travelDate ?? null),
    event: { name: pick(event.translations, locale)?.name ?? "", placeName: place.translations[locale]?.name ?? place.name },
    ticketQuantity: quantityOf.get(order.id) ?? 0,
    passengers: passengerRows.filter((row) => row.orderId === order.id).map(({ orderId: _orderId, ...passenger }) => passenger),
  }));
}

export async function ticketHolder(db: Db, orderId: number, locale: Locale): Promise<TicketHolder | undefined> {
  const [holder] = await ticketHolders(db, eq(orders.id, orderId), locale);
  return holder;
}

/** The check-ins of these orders' passengers, each with the name of the staff member who scanned it. */
export async function boardingsOf(db: Db, orderIds: number[], leg?: Leg): Promise<Map<number, BoardingEntry[]>> {
  const byOrder = new Map<number, BoardingEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: boardings.orderId,
      passengerId: boardings.passengerId,
      leg: boardings.leg,
      at: boardings.createdAt,
      first: users.firstName,
      last: users.lastName,
    })
    .from(boardings)
    .leftJoin(users, eq(users.id, boardings.staffId))
    .where(leg ? and(inArray(boardings.orderId, orderIds), eq(boardings.leg, leg)) : inArray(boardings.orderId, orderIds))
    .orderBy(asc(boardings.createdAt), asc(boardings.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      passengerId: row.passengerId,
      leg: row.leg,
      at: new Date(row.at).toISOString(),
      staffName: row.first !== null && row.last !== null ? fullName({ firstName: row.first, lastName: row.last }) : null,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
