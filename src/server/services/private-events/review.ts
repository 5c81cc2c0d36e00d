/**
 * Staff review private events: the requests under review with their
 * owner and guests; approve (publishes the event and promises the invitation mails in the same transaction) or reject with a
 * reason the owner reads.
 */
import { and, eq, inArray } from "drizzle-orm";
import { REQUEST_STATE } from "../../../shared/domain/request-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { QuoteState } from "../../../shared/domain/event-requests";
import type { ApproveRequestBody } from "../../../shared/schemas/event-quotes";
import { enqueue } from "../../outbox/enqueue";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { eventRequests, guests, users } from "../../db/schema";
import { guestStatuses } from "./guest-status";
import { queueInvitations } from "./invitations";
import { publishRequest } from "./publish";
import { writeAudit, type Actor } from "../admin/audit";
import { scheduleRelease } from "./release";
import { buildQuote } from "./quote";
import { guestCounts, selectRequests, toAnswer } from "./request-rows";

export async function requestsUnderReview(db: Db, now: Date, list: "2" | "quoted" = "2") {
  const rows = await selectRequests(
    db,
    list === "2" ? eq(eventRequests.state, REQUEST_STATE.under_review) : and(eq(eventRequests.state, REQUEST_STATE.approved), eq(eventRequests.quoteState, "quoted")),
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.request.id);
  const counts = await guestCounts(db, ids);
  const owners = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, rows.map((row) => row.request.ownerId)));
  const ownerOf = new Map(owners.map((owner) => [owner.id, owner]));
  return Promise.all(
    rows.map(async (row) => {
      const owner = ownerOf.get(row.request.ownerId)!;
      return {
        request: toAnswer(row, counts.get(row.request.id), now),
        owner: { id: owner.id, name: `${owner.firstName} ${owner.lastName}`.trim(), email: owner.email },
        guests: await guestStatuses(db, row.request, now),
      };
    }),
  );
}

async function underReview(db: Db, id: number) {
  const [row] = await selectRequests(db, eq(eventRequests.id, id));
  if (!row) throw new ShopError("not_found");
  if (row.request.state !== REQUEST_STATE.under_review) throw new ShopError("request_not_reviewable");
  return row;
}

/**
 * Approve with staff's quote (or `waive`): publishes the event with the quoted seats and mails the organiser the
 * quote, all in one transaction. Invitations are promised here only when nothing is left for the organiser to pay
 * (each guest pays their own seat, or staff waived the charge); otherwise when the quote is paid or invoiced.
 */
export async function approveRequest(ctx: ShopContext, id: number, body: ApproveRequestBody, actor: Actor) {
  const row = await underReview(ctx.db, id);
  const now = ctx.now();
  const guestSeats = (await guestCounts(ctx.db, [id])).get(id)?.seats ?? 0;
  const quote = body.quote ? await buildQuote(ctx.db, body.quote, row.request, guestSeats, row.countryCode, now) : null;
  const quoteState: QuoteState = body.waive ? "waived" : row.request.payer === "guests" ? "guests_pay" : "quoted";
  const quotedSeats = quote?.seats ?? Math.max(row.request.guestsExpected ?? 0, guestSeats);
  const published = await ctx.db.transaction(async (tx) => {
    // The state moves first, conditionally: of two staff approving at once, one publishes.
    const moved = await tx
      .update(eventRequests)
      .set({ state: REQUEST_STATE.approved, rejectionReason: null, quote, quoteState, quotedSeats })
      .where(and(eq(eventRequests.id, id), eq(eventRequests.state, REQUEST_STATE.under_review)))
      .returning();
    if (moved.length === 0) throw new ShopError("request_not_reviewable");
    const [count] = await tx.select({ id: guests.id }).from(guests).where(eq(guests.requestId, id)).limit(1);
    if (!count) throw new ShopError("request_not_reviewable");
    const event = await publishRequest(tx, moved[0]!, row.countryCode);
    await tx.update(eventRequests).set({ eventId: event.eventId }).where(eq(eventRequests.id, id));
    if (quoteState !== "quoted") await queueInvitations(tx, id);
    await scheduleRelease(tx, moved[0]!);
    await writeAudit(tx, actor, "event-requests", id, "request_approve", { state: REQUEST_STATE.under_review }, { state: REQUEST_STATE.approved, eventId: event.eventId, quoteState });
    await enqueue(tx, "private-event.decision", { requestId: id, decision: REQUEST_STATE.approved });
    return event;
  });
  ctx.outbox.wake();
  ctx.catalogue.announce({ area: "events", eventIds: [published.eventId] });
  return { id, state: REQUEST_STATE.approved, eventSlug: published.slug };
}

/** Reject with the reason the owner reads, mailed to them once (the mail is promised with the state change). */
export async function rejectRequest(ctx: ShopContext, id: number, reason: string, actor: Actor) {
  await underReview(ctx.db, id);
  await ctx.db.transaction(async (tx) => {
    const moved = await tx
      .update(eventRequests)
      .set({ state: REQUEST_STATE.rejected, rejectionReason: reason })
      .where(and(eq(eventRequests.id, id), eq(eventRequests.state, REQUEST_STATE.under_review)))
      .returning({ id: eventRequests.id });
    if (moved.length === 0) throw new ShopError("request_not_reviewable");
    await writeAudit(tx, actor, "event-requests", id, "request_reject", { state: REQUEST_STATE.under_review }, { state: REQUEST_STATE.rejected, reason });
    await enqueue(tx, "private-event.decision", { requestId: id, decision: REQUEST_STATE.rejected });
  });
  ctx.outbox.wake();
  return { id, state: REQUEST_STATE.rejected, eventSlug: null };
}
