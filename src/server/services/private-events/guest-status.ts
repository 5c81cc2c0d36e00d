/**
 * Whose seat is taken: a guest has claimed when they opened their personal link signed in, or booked a seat of
 * the event; a seat nobody claimed by the deadline (claimHours before the start) is released.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import type { GuestStatus } from "../../../shared/schemas/answers/private-events";
import type { Db } from "../../db/client";
import { LEG } from "../../../shared/domain/legs";
import { addressLines, guests, orders, passengers, publishedPickups, tickets, users } from "../../db/schema";
import { bookedSeatsByEmail, claimDeadline } from "../invited-seats/guest-seats";


/** The first pick-up address each email (lower case) booked on the event. */
async function pickupsByEmail(db: Db, eventId: number | null, emails: string[]): Promise<Map<string, string>> {
  if (eventId === null || emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, address: addressLines.address })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tickets, eq(tickets.orderId, orders.id))
    .innerJoin(addressLines, eq(addressLines.ticketId, tickets.id))
    .where(and(eq(orders.eventId, eventId), inArray(orders.state, SEAT_HOLDING_STATES), inArray(sql`lower(${users.email})`, emails)))
    .orderBy(addressLines.id);
  const first = new Map<string, string>();
  for (const row of rows) if (!first.has(row.email)) first.set(row.email, row.address);
  return first;
}

/**
 * The published times of each email's (lower case) seats on the event: the earliest outbound pick-up and the
 * earliest return departure among the passengers of the orders they booked, from the dispatcher's published plan
 * (what the passengers themselves were told). A leg not published yet has no time.
 */
async function publishedTimesByEmail(db: Db, eventId: number | null, emails: string[]): Promise<Map<string, { time: Date | null; returnAt: Date | null }>> {
  if (eventId === null || emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, leg: publishedPickups.leg, time: publishedPickups.time, departsAt: publishedPickups.departsAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tickets, eq(tickets.orderId, orders.id))
    .innerJoin(passengers, eq(passengers.ticketId, tickets.id))
    .innerJoin(publishedPickups, eq(publishedPickups.passengerId, passengers.id))
    .where(and(eq(orders.eventId, eventId), inArray(orders.state, SEAT_HOLDING_STATES), inArray(sql`lower(${users.email})`, emails)));
  const times = new Map<string, { time: Date | null; returnAt: Date | null }>();
  const earlier = (a: Date | null, b: Date) => (a === null || b.getTime() < a.getTime() ? b : a);
  for (const row of rows) {
    const known = times.get(row.email) ?? { time: null, returnAt: null };
    if (row.leg === LEG.outbound) known.time = earlier(known.time, row.time);
    else known.returnAt = earlier(known.returnAt, row.departsAt);
    times.set(row.email, known);
  }
  return times;
}

function pickupOf(address: string | undefined, times: { time: Date | null; returnAt: Date | null } | undefined): GuestStatus["pickup"] {
  if (address === undefined) return null;
  return { address, time: times?.time?.toISOString() ?? null, returnAt: times?.returnAt?.toISOString() ?? null };
}

export async function guestStatuses(
  db: Db,
  privateEvent: { id: number; eventId: number | null; startDate: Date; claimHours: number },
  now: Date,
): Promise<GuestStatus[]> {
  const list = await db.select().from(guests).where(eq(guests.privateEventId, privateEvent.id)).orderBy(guests.id);
  const emails = list.map((guest) => guest.email.toLowerCase());
  const booked = await bookedSeatsByEmail(db, privateEvent.eventId, emails);
  const pickups = await pickupsByEmail(db, privateEvent.eventId, emails);
  const published = await publishedTimesByEmail(db, privateEvent.eventId, emails);
  const past = now.getTime() >= claimDeadline(privateEvent).getTime();
  return list.map((guest) => {
    const claimed = guest.claimedAt !== null || (booked.get(guest.email.toLowerCase()) ?? 0) > 0;
    return {
      id: guest.id,
      name: guest.name,
      email: guest.email,
      phone: guest.phone,
      seats: guest.seats,
      status: claimed ? "claimed" : past ? "released" : "not_claimed",
      booked: booked.get(guest.email.toLowerCase()) ?? 0,
      // The times are the dispatcher's to publish; until then only the address the guest gave is known.
      pickup: pickupOf(pickups.get(guest.email.toLowerCase()), published.get(guest.email.toLowerCase())),
    };
  });
}
