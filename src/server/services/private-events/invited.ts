/**
 * The guest's side: the events whose guest list holds the signed-in person's email (the account's
 * invited events), claiming a personal link, and the purchase rule that a guest books at most the seats the list
 * gives them, and only until the claim deadline unless they claimed in time.
 */
import { REQUEST_STATE } from "../../../shared/domain/request-states";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { InvitedEvent } from "../../../shared/schemas/answers/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import { SETTLED_QUOTE_STATES, isQuoteSettled } from "../../../shared/domain/event-requests";
import type { Db } from "../../db/client";
import { eventRequests, events, guests, users } from "../../db/schema";
import { bookedSeatsByEmail } from "./guest-status";
import { hashClaimToken } from "./invitations";
import { claimDeadline } from "./request-rows";

async function emailOf(db: Db, userId: number): Promise<string> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) throw new ShopError("unauthorized");
  return user.email.toLowerCase();
}

export async function invitedEvents(db: Db, userId: number, now: Date): Promise<InvitedEvent[]> {
  const email = await emailOf(db, userId);
  const rows = await db
    .select({ request: eventRequests, guest: guests, slug: events.slug })
    .from(guests)
    .innerJoin(eventRequests, eq(eventRequests.id, guests.requestId))
    .innerJoin(events, eq(events.id, eventRequests.eventId))
    .where(
      and(
        sql`lower(${guests.email}) = ${email}`,
        eq(eventRequests.state, REQUEST_STATE.approved),
        // Invited only once the quote is settled: before, no invitation has gone out.
        inArray(eventRequests.quoteState, [...SETTLED_QUOTE_STATES]),
        gt(eventRequests.endDate, now),
        eq(events.cancelled, false),
      ),
    )
    .orderBy(eventRequests.startDate);
  const answers: InvitedEvent[] = [];
  for (const { request, guest, slug } of rows) {
    const booked = (await bookedSeatsByEmail(db, request.eventId, [email])).get(email) ?? 0;
    answers.push({
      requestId: request.id,
      name: request.name,
      startDate: request.startDate.toISOString(),
      endDate: request.endDate.toISOString(),
      location: request.location,
      address: request.address,
      invitation: request.invitation,
      imagePath: request.cardImagePath ?? request.imagePath,
      eventSlug: slug,
      seats: guest.seats,
      claimed: guest.claimedAt !== null || booked > 0,
      claimDeadline: claimDeadline(request).toISOString(),
    });
  }
  return answers;
}

/** A personal link opened by its guest, signed in with the invited email, before the deadline. */
export async function claimInvitation(db: Db, userId: number, token: string, now: Date) {
  const [row] = await db
    .select({ guest: guests, request: eventRequests, slug: events.slug })
    .from(guests)
    .innerJoin(eventRequests, eq(eventRequests.id, guests.requestId))
    .innerJoin(events, eq(events.id, eventRequests.eventId))
    .where(eq(guests.claimTokenHash, hashClaimToken(token)));
  if (!row || row.request.state !== REQUEST_STATE.approved || !isQuoteSettled(row.request.quoteState)) throw new ShopError("not_found");
  if (row.guest.email.toLowerCase() !== (await emailOf(db, userId))) throw new ShopError("event_not_invited");
  if (row.guest.claimedAt === null) {
    if (now.getTime() >= claimDeadline(row.request).getTime()) throw new ShopError("invitation_expired");
    await db.update(guests).set({ claimedAt: now }).where(eq(guests.id, row.guest.id));
  }
  return { eventSlug: row.slug, seats: row.guest.seats };
}

/** A buyer found on an event's guest list: what the purchase re-checks under the guest row's lock. */
export interface InvitedGuest {
  guestId: number;
  eventId: number;
  email: string;
}

/**
 * Purchase rule for an event published from a request: the buyer's email must be on its guest list; their
 * tickets (this purchase plus the ones they hold) stay within the seats the list gives them; and after the
 * claim deadline a guest who had not claimed has lost the seat. Answers the guest (null for events not published
 * from a request, which any invited viewer may book). This check runs before the purchase, to refuse early;
 * `lockInvitedSeats` repeats the seat count inside the purchase's transaction, where it cannot race.
 */
export async function checkInvitedSeats(db: Db, eventId: number, userId: number, wanted: number, now: Date): Promise<InvitedGuest | null> {
  const [request] = await db.select().from(eventRequests).where(eq(eventRequests.eventId, eventId));
  if (!request) return null;
  // Before the organiser's quote is settled nobody is invited yet, not even someone already on the list.
  if (!isQuoteSettled(request.quoteState)) throw new ShopError("event_not_invited");
  const email = await emailOf(db, userId);
  const [guest] = await db
    .select()
    .from(guests)
    .where(and(eq(guests.requestId, request.id), sql`lower(${guests.email}) = ${email}`));
  if (!guest) throw new ShopError("event_not_invited");
  const used = (await bookedSeatsByEmail(db, eventId, [email])).get(email) ?? 0;
  if (used === 0 && guest.claimedAt === null && now.getTime() >= claimDeadline(request).getTime()) throw new ShopError("invitation_expired");
  if (used + wanted > guest.seats) throw new ShopError("guest_seats_exceeded", undefined, { seats: guest.seats, used });
  return { guestId: guest.id, eventId, email };
}

/**
 * Inside the purchase's transaction, before its write: locks the guest's row (a second purchase of the same
 * guest waits here until the first commits) and recounts the seats they hold, now including any order that
 * committed meanwhile. The lock is released by the purchase's commit or rollback.
 */
export async function lockInvitedSeats(tx: Db, guest: InvitedGuest, wanted: number): Promise<void> {
  const [row] = await tx.select({ seats: guests.seats }).from(guests).where(eq(guests.id, guest.guestId)).for("update");
  if (!row) throw new ShopError("event_not_invited");
  const used = (await bookedSeatsByEmail(tx, guest.eventId, [guest.email])).get(guest.email) ?? 0;
  if (used + wanted > row.seats) throw new ShopError("guest_seats_exceeded", undefined, { seats: row.seats, used });
}
