/**
 * At the claim deadline the seats nobody claimed are released: the event's seat count becomes the seats of the
 * guests who claimed or booked, so the organiser's vans and bill count only guests who are coming. Scheduled in
 * the approval's transaction as an outbox job due at the deadline; it sets the count from the list rather than
 * subtracting, so a second run changes nothing.
 */
import { REQUEST_STATE } from "../../../shared/domain/request-states";
import { eq, inArray } from "drizzle-orm";
import type { ShopContext } from "../../context";
import { categories, eventRequests, productVariants } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { guestStatuses } from "./guest-status";
import { claimDeadline } from "./request-rows";

type Tx = Parameters<Parameters<ShopContext["db"]["transaction"]>[0]>[0];

export async function scheduleRelease(tx: Tx, request: { id: number; startDate: Date; claimHours: number }): Promise<void> {
  await enqueue(tx, "private-event.release", { requestId: request.id }, { runAt: claimDeadline(request) });
}

export interface ReleaseJob {
  requestId: number;
}

export async function releaseJob(ctx: ShopContext, payload: ReleaseJob): Promise<void> {
  const [request] = await ctx.db.select().from(eventRequests).where(eq(eventRequests.id, payload.requestId));
  if (!request?.eventId || request.state !== REQUEST_STATE.approved) return;
  const now = ctx.now();
  // Due by the outbox's clock; a clock that disagrees waits for the retry rather than releasing early.
  if (now.getTime() < claimDeadline(request).getTime()) throw new Error(`request ${request.id}: claim deadline not reached`);
  const kept = (await guestStatuses(ctx.db, request, now)).filter((guest) => guest.status === "claimed").reduce((seats, guest) => seats + guest.seats, 0);
  const eventCategories = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.eventId, request.eventId));
  await ctx.db.update(productVariants).set({ stock: kept }).where(inArray(productVariants.categoryId, eventCategories));
  ctx.catalogue.announce({ area: "stock", eventIds: [request.eventId] });
}
