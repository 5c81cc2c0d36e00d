/**
 * Staff review private events: those under review with their
 * owner and guests; approve (publishes the event and promises the invitation mails in the same transaction) or reject with a
 * reason the owner reads.
 */
import { and, eq, inArray } from "drizzle-orm";
import { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { QUOTE_STATE, PRIVATE_EVENT_PAYER, STAFF_PRIVATE_EVENT_LIST, type QuoteState, type StaffPrivateEventList } from "../../../shared/domain/private-events";
import type { ApprovePrivateEventBody } from "../../../shared/schemas/private-event-quotes";
import { enqueue } from "../../outbox/enqueue";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { privateEvents, guests, users } from "../../db/schema";
import { guestStatuses } from "./guest-status";
import { queueInvitations } from "./invitations";
import { publishPrivateEvent } from "./publish";
import type { Actor } from "../audit/write-audit";
import { byReviewer, changePrivateEvent } from "./private-event-life";
import { scheduleRelease } from "./release-unclaimed-seats";
import { buildQuote } from "./quote";
import { guestCounts, selectPrivateEvents, toAnswer } from "./private-event-rows";

/** The staff's lists: private events under review, or approved with an unpaid quote; each with its owner and guests (as `request`, the contract's name). */
export async function privateEventsForStaff(db: Db, now: Date, list: StaffPrivateEventList = STAFF_PRIVATE_EVENT_LIST.underReview) {
  const rows = await selectPrivateEvents(
    db,
    list === STAFF_PRIVATE_EVENT_LIST.underReview
      ? eq(privateEvents.state, PRIVATE_EVENT_STATE.under_review)
      : and(eq(privateEvents.state, PRIVATE_EVENT_STATE.approved), eq(privateEvents.quoteState, QUOTE_STATE.quoted)),
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.privateEvent.id);
  const counts = await guestCounts(db, ids);
  const owners = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, rows.map((row) => row.privateEvent.ownerId)));
  const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
  return Promise.all(
    rows.map(async (row) => {
      const owner = ownerOf.get(row.privateEvent.ownerId)!;
      return {
        request: toAnswer(row, counts.get(row.privateEvent.id), now),
        owner: { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email },
        guests: await guestStatuses(db, row.privateEvent, now),
      };
    }),
  );
}

async function underReview(db: Db, id: number) {
  const [row] = await selectPrivateEvents(db, eq(privateEvents.id, id));
  if (!row) throw new ShopError("not_found");
  if (row.privateEvent.state !== PRIVATE_EVENT_STATE.under_review) throw new ShopError("request_not_reviewable");
  return row;
}

/**
 * Approve with staff's quote (or `waive`): publishes the event with the quoted seats and mails the organiser the
 * quote, all in one transaction. Invitations are promised here only when nothing is left for the organiser to pay
 * (each guest pays their own seat, or staff waived the charge); otherwise when the quote is paid or invoiced.
 */
export async function approvePrivateEvent(ctx: ShopContext, id: number, body: ApprovePrivateEventBody, actor: Actor) {
  const row = await underReview(ctx.db, id);
  const now = ctx.now();
  const guestSeats = (await guestCounts(ctx.db, [id])).get(id)?.seats ?? 0;
  const quote = body.quote ? await buildQuote(ctx.db, body.quote, row.privateEvent, guestSeats, row.countryCode, now) : null;
  const quoteState: QuoteState = body.waive ? QUOTE_STATE.waived : row.privateEvent.payer === PRIVATE_EVENT_PAYER.guests ? QUOTE_STATE.guests_pay : QUOTE_STATE.quoted;
  const quotedSeats = quote?.seats ?? Math.max(row.privateEvent.guestsExpected ?? 0, guestSeats);
  const published = await ctx.db.transaction(async (tx) => {
    // The state moves first, under the row's lock: of two staff approving at once, one publishes.
    const done: { event?: Awaited<ReturnType<typeof publishPrivateEvent>> } = {};
    const moved = await changePrivateEvent(tx, id, "approve", byReviewer(actor), {
      set: { rejectionReason: null, quote, quoteState, quotedSeats },
      details: { quoteState },
      then: async (approved) => {
        const [count] = await tx.select({ id: guests.id }).from(guests).where(eq(guests.privateEventId, id)).limit(1);
        if (!count) throw new ShopError("request_not_reviewable");
        const event = await publishPrivateEvent(tx, approved, row.countryCode);
        done.event = event;
        await tx.update(privateEvents).set({ eventId: event.eventId }).where(eq(privateEvents.id, id));
        if (quoteState !== QUOTE_STATE.quoted) await queueInvitations(tx, id);
        await scheduleRelease(tx, approved);
        return { eventId: event.eventId };
      },
    });
    if (moved.outcome !== "changed" || !done.event) throw new ShopError("request_not_reviewable");
    await enqueue(tx, "private-event.decision", { privateEventId: id, decision: PRIVATE_EVENT_STATE.approved });
    return done.event;
  });
  ctx.outbox.wake();
  ctx.catalogue.announce({ area: "events", eventIds: [published.eventId] });
  return { id, state: PRIVATE_EVENT_STATE.approved, eventSlug: published.slug };
}

/** Reject with the reason the owner reads, mailed to them once (the mail is promised with the state change). */
export async function rejectPrivateEvent(ctx: ShopContext, id: number, reason: string, actor: Actor) {
  await underReview(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const moved = await changePrivateEvent(tx, id, "reject", byReviewer(actor), { set: { rejectionReason: reason }, details: { reason } });
    if (moved.outcome !== "changed") throw new ShopError("request_not_reviewable");
    await enqueue(tx, "private-event.decision", { privateEventId: id, decision: PRIVATE_EVENT_STATE.rejected });
  });
  ctx.outbox.wake();
  return { id, state: PRIVATE_EVENT_STATE.rejected, eventSlug: null };
}
