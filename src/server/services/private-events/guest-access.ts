/**
 * The guest's side: the events whose guest list holds the signed-in person's email (the account's
 * invited events), claiming a personal link, and the purchase rule that a guest books at most the seats the list
 * gives them, and only until the claim deadline unless they claimed in time.
 */
import { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { and, eq, gt, inArray, sql } from "drizzle-orm";
import type { InvitedEvent } from "../../../shared/schemas/answers/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import { SETTLED_QUOTE_STATES, isQuoteSettled } from "../../../shared/domain/private-events";
import type { Db } from "../../db/client";
import { privateEvents, events, guests } from "../../db/schema";
import { bookedSeatsByEmail, claimDeadline, emailOf } from "../invited-seats/guest-seats";
import { hashClaimToken } from "./invitations";

export async function invitedEvents(db: Db, userId: number, now: Date): Promise<InvitedEvent[]> {
  const email = await emailOf(db, userId);
  const rows = await db
    .select({ privateEvent: privateEvents, guest: guests, slug: events.slug, countryCode: events.countryCode })
    .from(guests)
    .innerJoin(privateEvents, eq(privateEvents.id, guests.privateEventId))
    .innerJoin(events, eq(events.id, privateEvents.eventId))
    .where(
      and(
        sql`lower(${guests.email}) = ${email}`,
        eq(privateEvents.state, PRIVATE_EVENT_STATE.approved),
        // Invited only once the quote is settled: before, no invitation has gone out.
        inArray(privateEvents.quoteState, [...SETTLED_QUOTE_STATES]),
        gt(privateEvents.endDate, now),
        eq(events.cancelled, false),
      ),
    )
    .orderBy(privateEvents.startDate);
  const answers: InvitedEvent[] = [];
  for (const { privateEvent, guest, slug, countryCode } of rows) {
    const booked = (await bookedSeatsByEmail(db, privateEvent.eventId, [email])).get(email) ?? 0;
    answers.push({
      requestId: privateEvent.id,
      name: privateEvent.name,
      startDate: privateEvent.startDate.toISOString(),
      endDate: privateEvent.endDate.toISOString(),
      location: privateEvent.location,
      address: privateEvent.address,
      invitation: privateEvent.invitation,
      imagePath: privateEvent.cardImagePath ?? privateEvent.imagePath,
      eventSlug: slug,
      seats: guest.seats,
      claimed: guest.claimedAt !== null || booked > 0,
      claimDeadline: claimDeadline(privateEvent).toISOString(),
      countryCode,
    });
  }
  return answers;
}

/** A personal link opened by its guest, signed in with the invited email, before the deadline. */
export async function claimInvitation(db: Db, userId: number, token: string, now: Date) {
  const [row] = await db
    .select({ guest: guests, privateEvent: privateEvents, slug: events.slug })
    .from(guests)
    .innerJoin(privateEvents, eq(privateEvents.id, guests.privateEventId))
    .innerJoin(events, eq(events.id, privateEvents.eventId))
    .where(eq(guests.claimTokenHash, hashClaimToken(token)));
  if (!row || row.privateEvent.state !== PRIVATE_EVENT_STATE.approved || !isQuoteSettled(row.privateEvent.quoteState)) throw new ShopError("not_found");
  if (row.guest.email.toLowerCase() !== (await emailOf(db, userId))) throw new ShopError("event_not_invited");
  if (row.guest.claimedAt === null) {
    if (now.getTime() >= claimDeadline(row.privateEvent).getTime()) throw new ShopError("invitation_expired");
    await db.update(guests).set({ claimedAt: now }).where(eq(guests.id, row.guest.id));
  }
  return { eventSlug: row.slug, seats: row.guest.seats };
}
