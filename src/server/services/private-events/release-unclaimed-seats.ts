/**
 * At the claim deadline the seats nobody claimed are released: the event's seat count becomes the seats of the
 * guests who claimed or booked, so the organiser's vans and bill count only guests who are coming. Scheduled in
 * the approval's transaction as an outbox job due at the deadline; it sets the count from the list rather than
 * subtracting, so a second run changes nothing.
 */
import { PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { eq, inArray } from "drizzle-orm";
import type { ShopContext } from "../../context";
import { categories, privateEvents, productVariants } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { guestStatuses } from "./guest-status";
import { claimDeadline } from "./private-event-rows";

type Tx = Parameters<Parameters<ShopContext["db"]["transaction"]>[0]>[0];

export async function scheduleRelease(tx: Tx, privateEvent: { id: number; startDate: Date; claimHours: number }): Promise<void> {
  await enqueue(tx, "private-event.release", { privateEventId: privateEvent.id }, { runAt: claimDeadline(privateEvent) });
}

export interface ReleaseJob {
  privateEventId: number;
}

export async function releaseJob(ctx: ShopContext, payload: ReleaseJob): Promise<void> {
  const [privateEvent] = await ctx.db.select().from(privateEvents).where(eq(privateEvents.id, payload.privateEventId));
  if (!privateEvent?.eventId || privateEvent.state !== PRIVATE_EVENT_STATE.approved) return;
  const now = ctx.now();
  // Due by the outbox's clock; a clock that disagrees waits for the retry rather than releasing early.
  if (now.getTime() < claimDeadline(privateEvent).getTime()) throw new Error(`privateEvent ${privateEvent.id}: claim deadline not reached`);
  const kept = (await guestStatuses(ctx.db, privateEvent, now)).filter((guest) => guest.status === "claimed").reduce((seats, guest) => seats + guest.seats, 0);
  const eventCategories = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.eventId, privateEvent.eventId));
  await ctx.db.update(productVariants).set({ stock: kept }).where(inArray(productVariants.categoryId, eventCategories));
  ctx.catalogue.announce({ area: "stock", eventIds: [privateEvent.eventId] });
}
