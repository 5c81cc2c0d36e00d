/**
 * What a guest of a private event may book: the purchase checks (before its transaction, to refuse early) and
 * locks (inside it) the seats the guest list gives a buyer. Below orders, shares and private events, which all
 * read it: a purchase needs these rules without reaching into the private events' folder.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import { isQuoteSettled } from "../../../shared/domain/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import type { InTransaction } from "../orders/place-order";
import { privateEvents, guests, orders, tickets, users } from "../../db/schema";

const HOUR_MS = 3_600_000;

/** When an invited guest who has not claimed their seat loses it: the private event's claim hours before the event. */
export const claimDeadline = (privateEvent: { startDate: Date; claimHours: number }) => new Date(privateEvent.startDate.getTime() - privateEvent.claimHours * HOUR_MS);

/** Tickets each email (lower case) holds on the event. */
export async function bookedSeatsByEmail(db: Db, eventId: number | null, emails: string[]): Promise<Map<string, number>> {
  if (eventId === null || emails.length === 0) return new Map();
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})`, seats: count(tickets.id) })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(tickets, eq(tickets.orderId, orders.id))
    .where(and(eq(orders.eventId, eventId), inArray(orders.state, [...SEAT_HOLDING_STATES]), inArray(sql`lower(${users.email})`, emails)))
    .groupBy(sql`lower(${users.email})`);
  return new Map(rows.map((row) => [row.email, Number(row.seats)]));
}

export async function emailOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new ShopError("unauthorized");
  return user.email.toLowerCase();
}

/** A buyer found on an event's guest list: what the purchase re-checks under the guest row's lock. */
export interface InvitedGuest {
  guestId: number;
  eventId: number;
  email: string;
  /** The purchase's step inside the order's transaction: `lockInvitedSeats` for the seats asked for. */
  step: InTransaction;
}

/**
 * Purchase rule for an event published from a private event: the buyer's email must be on its guest list; their
 * tickets (this purchase plus the ones they hold) stay within the seats the list gives them; and after the
 * claim deadline a guest who had not claimed has lost the seat. Answers the guest (null for events not published
 * from a private event, which any invited viewer may book). This check runs before the purchase, to refuse early;
 * `lockInvitedSeats` repeats the seat count inside the purchase's transaction, where it cannot race.
 */
export async function checkInvitedSeats(db: Db, eventId: number, userId: number, wanted: number, now: Date): Promise<InvitedGuest | null> {
  const [privateEvent] = await db.select().from(privateEvents).where(eq(privateEvents.eventId, eventId));
  if (!privateEvent) return null;
  // Before the organiser's quote is settled nobody is invited yet, not even someone already on the list.
  if (!isQuoteSettled(privateEvent.quoteState)) throw new ShopError("event_not_invited");
  const email = await emailOf(db, userId);
  const [guest] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.privateEventId, privateEvent.id), sql`lower(${guests.email}) = ${email}`));
  if (!guest) throw new ShopError("event_not_invited");
  const used = (await bookedSeatsByEmail(db, eventId, [email])).get(email) ?? 0;
  if (used === 0 && guest.claimedAt === null && now.getTime() >= claimDeadline(privateEvent).getTime()) throw new ShopError("invitation_expired");
  if (used + wanted > guest.seats) throw new ShopError("guest_seats_exceeded", undefined, { seats: guest.seats, used });
  const invited = { guestId: guest.id, eventId, email };
  return { ...invited, step: { before: (tx) => lockInvitedSeats(tx, invited, wanted) } };
}

/**
 * Inside the purchase's transaction, before its write: locks the guest's row (a second purchase of the same
 * guest waits here until the first commits) and recounts the seats they hold, now including any order that
 * committed meanwhile. The lock is released by the purchase's commit or rollback.
 */
export async function lockInvitedSeats(tx: Db, guest: Omit<InvitedGuest, "step">, wanted: number): Promise<void> {
  const [row] = await tx.select({ seats: guests.seats }).from(guests).where(eq(guests.id, guest.guestId)).for("update");
  if (!row) throw new ShopError("event_not_invited");
  const used = (await bookedSeatsByEmail(tx, guest.eventId, [guest.email])).get(guest.email) ?? 0;
  if (used + wanted > row.seats) throw new ShopError("guest_seats_exceeded", undefined, { seats: row.seats, used });
}
