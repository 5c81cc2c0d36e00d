/**
 * Staff review private events: the requests under review with their
 * owner and guests; approve (publishes the event and promises the invitation mails in the same transaction) or reject with a
 * reason the owner reads.
 */
import { and, eq, inArray } from "drizzle-orm";
import { REQUEST_STATE } from "../../../shared/domain/request-states";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { eventRequests, guests, users } from "../../db/schema";
import { guestStatuses } from "./guest-status";
import { queueInvitations } from "./invitations";
import { publishRequest } from "./publish";
import { writeAudit, type Actor } from "../admin/audit";
import { scheduleRelease } from "./release";
import { guestCounts, selectRequests, toAnswer } from "./request-rows";

export async function requestsUnderReview(db: Db, now: Date) {
  const rows = await selectRequests(db, eq(eventRequests.state, REQUEST_STATE.under_review));
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
        request: toAnswer(row, counts.get(row.request.id) ?? 0, now),
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

export async function approveRequest(ctx: ShopContext, id: number, actor: Actor) {
  const row = await underReview(ctx.db, id);
  const published = await ctx.db.transaction(async (tx) => {
    // The state moves first, conditionally: of two staff approving at once, one publishes.
    const moved = await tx
      .update(eventRequests)
      .set({ state: REQUEST_STATE.approved, rejectionReason: null })
      .where(and(eq(eventRequests.id, id), eq(eventRequests.state, REQUEST_STATE.under_review)))
      .returning();
    if (moved.length === 0) throw new ShopError("request_not_reviewable");
    const [count] = await tx.select({ id: guests.id }).from(guests).where(eq(guests.requestId, id)).limit(1);
    if (!count) throw new ShopError("request_not_reviewable");
    const event = await publishRequest(tx, moved[0]!, row.countryCode);
    await tx.update(eventRequests).set({ eventId: event.eventId }).where(eq(eventRequests.id, id));
    await queueInvitations(tx, id);
    await scheduleRelease(tx, moved[0]!);
    await writeAudit(tx, actor, "event-requests", id, "request_approve", { state: REQUEST_STATE.under_review }, { state: REQUEST_STATE.approved, eventId: event.eventId });
    return event;
  });
  ctx.outbox.wake();
  ctx.catalogue.announce({ area: "events", eventIds: [published.eventId] });
  return { id, state: REQUEST_STATE.approved, eventSlug: published.slug };
}

export async function rejectRequest(db: Db, id: number, reason: string, actor: Actor) {
  await underReview(db, id);
  await db.transaction(async (tx) => {
    const moved = await tx
      .update(eventRequests)
      .set({ state: REQUEST_STATE.rejected, rejectionReason: reason })
      .where(and(eq(eventRequests.id, id), eq(eventRequests.state, REQUEST_STATE.under_review)))
      .returning({ id: eventRequests.id });
    if (moved.length === 0) throw new ShopError("request_not_reviewable");
    await writeAudit(tx, actor, "event-requests", id, "request_reject", { state: REQUEST_STATE.under_review }, { state: REQUEST_STATE.rejected, reason });
  });
  return { id, state: REQUEST_STATE.rejected, eventSlug: null };
}
