/**
 * Seats that come back (a refund, a cancellation, a hold or an offer that ran out, more stock) go to the waiting
 * list first: in line order, each place whose seats fit what is free is offered them. An offer holds its seats
 * (the seat count adds them, migration 0013) for WAITING_OFFER_HOURS and is mailed through the outbox; one that
 * runs out unused ends `expired` and its seats pass to the next in line.
 *
 * Each line is served in its own transaction that first locks the subcategory as a purchase does (its shared
 * seat-stock lock, src/server/db/seat-stock-lock.ts, then the seat-count row), so what is free is read under the same
 * locks the purchases write under:
 * an offer never takes a seat a purchase took at the same moment, and two sweeps never offer one seat twice.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { shareSeatStock } from "../../db/seat-stock-lock";
import { eventDates, productVariants, seatCounts, waitingList } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { expireHolds } from "../holds/release";

export interface WaitingScope {
  eventId?: number;
}

const HOUR = 3_600_000;

/** Offers that ran out end `expired` (their seats leave the seat count); answers the events touched. */
export async function expireOffers(db: Db, now: Date, scope: WaitingScope = {}): Promise<number[]> {
  const ended = await db
    .update(waitingList)
    .set({ state: WAITING_STATE.expired, endedAt: now })
    .where(
      and(
        eq(waitingList.state, WAITING_STATE.offered),
        lte(waitingList.offerExpiresAt, now),
        scope.eventId !== undefined ? eq(waitingList.eventId, scope.eventId) : undefined,
      ),
    )
    .returning({ eventId: waitingList.eventId });
  return [...new Set(ended.map((row) => row.eventId))];
}

/** Places still waiting for a date that has started will never be served: they leave the list. */
async function closePastDates(db: Db, now: Date, scope: WaitingScope) {
  await db
    .update(waitingList)
    .set({ state: WAITING_STATE.left, endedAt: now })
    .where(
      and(
        eq(waitingList.state, WAITING_STATE.waiting),
        scope.eventId !== undefined ? eq(waitingList.eventId, scope.eventId) : undefined,
        sql`${waitingList.eventDateId} in (select ${eventDates.id} from ${eventDates} where ${eventDates.startDate} <= ${now.toISOString()}::timestamptz)`,
      ),
    );
}

/** Serves one line (a subcategory on a date) under the purchase's locks; answers the places offered. */
async function serveLine(deps: ShopContext, line: { productVariantId: number; eventDateId: number }, now: Date): Promise<number[]> {
  const until = new Date(now.getTime() + deps.env.WAITING_OFFER_HOURS * HOUR);
  return deps.db.transaction(async (tx) => {
    await shareSeatStock(tx, line.productVariantId);
    const [variant] = await tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, line.productVariantId));
    if (!variant) return [];
    await tx.insert(seatCounts).values({ ...line, taken: 0 }).onConflictDoNothing();
    const [count] = await tx
      .select({ taken: seatCounts.taken })
      .from(seatCounts)
      .where(and(eq(seatCounts.productVariantId, line.productVariantId), eq(seatCounts.eventDateId, line.eventDateId)))
      .for("update");
    let free = variant.stock - (count?.taken ?? 0);
    if (free <= 0) return [];
    const waiting = await tx
      .select({ id: waitingList.id, seats: waitingList.seats })
      .from(waitingList)
      .where(and(eq(waitingList.productVariantId, line.productVariantId), eq(waitingList.eventDateId, line.eventDateId), eq(waitingList.state, WAITING_STATE.waiting)))
      .orderBy(asc(waitingList.id))
      .for("update");
    const offered: number[] = [];
    for (const place of waiting) {
      if (place.seats > free) continue;
      await tx.update(waitingList).set({ state: WAITING_STATE.offered, offeredAt: now, offerExpiresAt: until }).where(eq(waitingList.id, place.id));
      await enqueue(tx, "waiting_list.offer", { entryId: place.id });
      offered.push(place.id);
      free -= place.seats;
      if (free <= 0) break;
    }
    return offered;
  });
}

/** Offers free seats to the waiting lists (of one event, or all); answers the places offered. */
export async function offerReturnedSeats(deps: ShopContext, scope: WaitingScope = {}): Promise<number[]> {
  const now = deps.now();
  const lines = await deps.db
    .selectDistinct({ productVariantId: waitingList.productVariantId, eventDateId: waitingList.eventDateId, eventId: waitingList.eventId })
    .from(waitingList)
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .where(and(eq(waitingList.state, WAITING_STATE.waiting), gt(eventDates.startDate, now), scope.eventId !== undefined ? eq(waitingList.eventId, scope.eventId) : undefined));
  const offered: number[] = [];
  const events = new Set<number>();
  for (const line of lines) {
    try {
      const ids = await serveLine(deps, line, now);
      if (ids.length) events.add(line.eventId);
      offered.push(...ids);
    } catch (error) {
      // The stock was lowered between the read and the offer: this line waits for the next sweep.
      if (!(error instanceof ShopError && error.code === "stock_exhausted")) throw error;
    }
  }
  if (events.size) {
    deps.catalogue.announce({ area: "stock", eventIds: [...events] });
    deps.outbox.wake();
  }
  return offered;
}

/**
 * The waiting lists' sweep: holds and offers that ran out give their seats back, places for dates that started
 * leave, and the free seats are offered in line order. Run by the hold sweeper, after seats come back (the
 * `waiting_list.seats_back` job), and before a list is read, so an offer never outlives its time on any screen.
 */
export async function sweepWaitingLists(deps: ShopContext, scope: WaitingScope = {}): Promise<number[]> {
  const now = deps.now();
  await expireHolds(deps.db, now, scope.eventId !== undefined ? { eventId: scope.eventId } : {});
  const expired = await expireOffers(deps.db, now, scope);
  await closePastDates(deps.db, now, scope);
  if (expired.length) deps.catalogue.announce({ area: "stock", eventIds: expired });
  return offerReturnedSeats(deps, scope);
}

/** Queues the waiting lists' turn in the transaction that gives seats back (a refund, a cancellation). */
export function seatsCameBack(tx: Db, eventId: number): Promise<number> {
  return enqueue(tx, "waiting_list.seats_back", { eventId });
}

/**
 * The buyer's offer for this date among these subcategories, still running: a purchase of it uses the seats
 * held for them (see `useOffer`).
 */
export async function runningOffer(db: Db, userId: number, eventDateId: number, variantIds: number[], now: Date): Promise<number | null> {
  if (variantIds.length === 0) return null;
  const [row] = await db
    .select({ id: waitingList.id })
    .from(waitingList)
    .where(
      and(
        eq(waitingList.userId, userId),
        eq(waitingList.eventDateId, eventDateId),
        inArray(waitingList.productVariantId, variantIds),
        eq(waitingList.state, WAITING_STATE.offered),
        gt(waitingList.offerExpiresAt, now),
      ),
    )
    .orderBy(asc(waitingList.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * In the purchase's transaction, before its tickets are written: the offer ends `booked`, which gives its seats
 * back to the count just as the order takes them, under the same row lock, so nobody else can take them between.
 * False when the offer ran out meanwhile (the purchase then competes for seats like any other).
 */
export async function useOffer(tx: Db, entryId: number, now: Date): Promise<boolean> {
  const used = await tx
    .update(waitingList)
    .set({ state: WAITING_STATE.booked, endedAt: now })
    .where(and(eq(waitingList.id, entryId), eq(waitingList.state, WAITING_STATE.offered), gt(waitingList.offerExpiresAt, now)))
    .returning({ id: waitingList.id });
  return used.length > 0;
}

/** The order bought through an offer, for the staff's list. */
export async function linkOfferOrder(tx: Db, entryId: number, orderId: number): Promise<void> {
  await tx.update(waitingList).set({ orderId }).where(eq(waitingList.id, entryId));
}
