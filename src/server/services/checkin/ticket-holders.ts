/**
 * What the van door shows about a ticket (storefront spec section 3 "Check-complete response"): the buyer's
 * name and email, the ride's date, the event and its place, how many tickets the order holds; and each leg's
 * check-in so far. Read for one scanned order or for every paid order of an event date (the offline manifest).
 */
import { and, asc, count, eq, inArray, type SQL } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { CheckInLeg } from "../../../shared/schemas/checkin";
import type { Db } from "../../db/client";
import { checkIns, eventDates, events, orders, places, tickets, users } from "../../db/schema";
import { pick } from "../catalog/rows";

export interface TicketHolder {
  orderId: number;
  state: string;
  customer: { name: string; email: string };
  date: string | null;
  event: { name: string; placeName: string };
  ticketQuantity: number;
}

export interface CheckInRecord {
  leg: CheckInLeg;
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
  const quantities = await db
    .select({ orderId: tickets.orderId, quantity: count() })
    .from(tickets)
    .where(inArray(tickets.orderId, rows.map((row) => row.order.id)))
    .groupBy(tickets.orderId);
  const quantityOf = new Map(quantities.map((row) => [row.orderId, Number(row.quantity)]));
  return rows.map(({ order, buyer, event, place, eventDate }) => ({
    orderId: order.id,
    state: order.state,
    customer: { name: fullName(buyer), email: buyer.email },
    date: eventDate ? new Date(eventDate).toISOString() : (order.travelDate ?? null),
    event: { name: pick(event.translations, locale)?.name ?? "", placeName: place.translations[locale]?.name ?? place.name },
    ticketQuantity: quantityOf.get(order.id) ?? 0,
  }));
}

export async function ticketHolder(db: Db, orderId: number, locale: Locale): Promise<TicketHolder | undefined> {
  const [holder] = await ticketHolders(db, eq(orders.id, orderId), locale);
  return holder;
}

/** The check-ins of these orders, each with the name of the staff member who scanned it. */
export async function checkInsOf(db: Db, orderIds: number[], leg?: CheckInLeg): Promise<Map<number, CheckInRecord[]>> {
  const byOrder = new Map<number, CheckInRecord[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({ orderId: checkIns.orderId, leg: checkIns.leg, at: checkIns.createdAt, nonce: checkIns.nonce, first: users.firstName, last: users.lastName })
    .from(checkIns)
    .leftJoin(users, eq(users.id, checkIns.staffId))
    .where(leg ? and(inArray(checkIns.orderId, orderIds), eq(checkIns.leg, leg)) : inArray(checkIns.orderId, orderIds))
    .orderBy(asc(checkIns.id));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push({
      leg: row.leg as CheckInLeg,
      at: new Date(row.at).toISOString(),
      staffName: row.first !== null && row.last !== null ? fullName({ firstName: row.first, lastName: row.last }) : null,
    });
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}
