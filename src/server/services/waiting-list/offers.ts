/**
 * Seats that come back (a refund, a cancellation, a hold or an offer that ran out, more stock) go to the waiting
 * list first: in the order people joined (across the subcategories sharing a seat pool), each place whose seats
 * fit what is free is offered them. An offer holds its seats
 * (the seat count adds them, migration 0013) for WAITING_OFFER_HOURS and is mailed through the outbox; one that
 * runs out unused ends `expired` and its seats pass to the next in line.
 *
 * Each place is served in its own transaction that first locks the subcategory as a purchase does (its shared
 * seat-stock lock, src/server/db/seat-stock-lock.ts, then the seat-count row), so what is free is read under the same
 * locks the purchases write under:
 * an offer never takes a seat a purchase took at the same moment, and two sweeps never offer one seat twice.
 */
import { and, asc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { WAITING_STATE } from "../../../shared/domain/waiting-list";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { shareSeatStock } from "../../db/seat-stock-lock";
import { eventDates, productVariants, seatCounts, seatPools, seatPoolVariants, waitingList } from "../../db/schema";
import { refusalOf } from "../../db/statements";
import type { InTransaction } from "../orders/place-order";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { enqueue } from "../../outbox/enqueue";
import { expireHolds } from "../holds/end-unpaid-orders";

export interface WaitingScope {
  eventId?: number;
}

const HOUR = 3_600_000;

/**
 * Offers that ran out end `expired` (their seats leave the seat count); answers the events touched. Each person is
 * mailed that their offer ended, queued in the same transaction, so the mail is on its way before the seats are
 * offered to the next in line (the sweep offers them only after this commits).
 */
export async function expireOffers(db: Db, now: Date, scope: WaitingScope = {}): Promise<number[]> {
  const ended = await db.transaction(async (tx) => {
    const rows = await tx
      .update(waitingList)
      .set({ state: WAITING_STATE.expired, endedAt: now })
      .where(
        and(
          eq(waitingList.state, WAITING_STATE.offered),
          lte(waitingList.offerExpiresAt, now),
          scope.eventId !== undefined ? eq(waitingList.eventId, scope.eventId) : undefined,
        ),
      )
      .returning({ id: waitingList.id, eventId: waitingList.eventId });
    for (const row of rows) await enqueue(tx, "waiting_list.offer_expired", { entryId: row.id });
    return rows;
  });
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

/**
 * What can still be held on one line, in tickets, read under the purchase's locks: the date's own stock (else the
 * subcategory's) less what the seat count holds, and, when the subcategory draws on a seat pool that date, the
 * pool's free seats in whole tickets (a pair's ticket needs two). The seat counter refuses past any of the three,
 * so an offer sized by this figure is never refused unless the figures moved under another writer. `poolLeft` is
 * the pool's free seats (null: no pool).
 */
async function holdableOn(tx: Db, line: Line): Promise<{ free: number; poolLeft: number | null }> {
  const [variant] = await tx.select({ stock: productVariants.stock, capacity: productVariants.capacity }).from(productVariants).where(eq(productVariants.id, line.productVariantId));
  if (!variant) return { free: 0, poolLeft: null };
  await tx.insert(seatCounts).values({ ...line, taken: 0 }).onConflictDoNothing();
  // Locks in the purchase's order: the seat-count row, then the pool.
  const [count] = await tx
    .select({ taken: seatCounts.taken, stock: seatCounts.stock })
    .from(seatCounts)
    .where(and(eq(seatCounts.productVariantId, line.productVariantId), eq(seatCounts.eventDateId, line.eventDateId)))
    .for("update");
  const [pool] = await tx
    .select({ seats: seatPools.seats, taken: seatPools.taken })
    .from(seatPools)
    .innerJoin(seatPoolVariants, eq(seatPoolVariants.poolId, seatPools.id))
    .where(and(eq(seatPoolVariants.productVariantId, line.productVariantId), eq(seatPoolVariants.eventDateId, line.eventDateId)))
    .for("update", { of: seatPools });
  const capacity = Math.max(1, variant.capacity);
  let free = (count?.stock ?? variant.stock) - (count?.taken ?? 0);
  if (pool) free = Math.min(free, Math.floor((pool.seats - pool.taken) / capacity));
  return { free, poolLeft: pool ? pool.seats - pool.taken : null };
}

interface Line {
  productVariantId: number;
  eventDateId: number;
}

/**
 * Serves one place under its line's purchase locks: offered when it is still waiting and its seats fit what is
 * free. Answers whether it was offered and what is left free on its line (and in its pool) afterwards.
 */
async function servePlace(deps: ShopContext, place: Line & { id: number; seats: number }, now: Date) {
  const until = new Date(now.getTime() + deps.env.WAITING_OFFER_HOURS * HOUR);
  const line = { productVariantId: place.productVariantId, eventDateId: place.eventDateId };
  return deps.db.transaction(async (tx) => {
    await shareSeatStock(tx, line.productVariantId);
    const { free, poolLeft } = await holdableOn(tx, line);
    if (free <= 0) return { offered: false, free, poolLeft };
    const [still] = await tx.select({ state: waitingList.state }).from(waitingList).where(eq(waitingList.id, place.id)).for("update");
    if (still?.state !== WAITING_STATE.waiting || place.seats > free) return { offered: false, free, poolLeft };
    const held = await offerPlace(tx, place.id, now, until);
    // After an offer the pool's seats are read again by the next place of the pool.
    return held ? { offered: true, free: free - place.seats, poolLeft: null } : { offered: false, free, poolLeft };
  });
}

/** One place offered its seats in a savepoint; false (the place keeps waiting) when the seat counter refuses. */
async function offerPlace(tx: Db, entryId: number, now: Date, until: Date): Promise<boolean> {
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint.update(waitingList).set({ state: WAITING_STATE.offered, offeredAt: now, offerExpiresAt: until }).where(eq(waitingList.id, entryId));
      await enqueue(savepoint, "waiting_list.offer", { entryId });
    });
    return true;
  } catch (error) {
    if (refusalOf(error) !== "stock_exhausted") throw error;
    console.warn(`waiting list: place ${entryId} not offered, the seat counter refused (stock_exhausted); it keeps waiting`);
    return false;
  }
}

/**
 * Offers free seats to the waiting lists (of one event, or all); answers the places offered. Places are served in
 * the order people joined, across every line: the subcategories that share a seat pool on a date share its freed
 * seats, and the first who joined any of them is offered first (a place whose seats do not fit what is free lets
 * the next one fit). Each place is its own transaction under its line's locks; a line found full, or a pool with no
 * seat left, is passed over for the rest of the sweep.
 */
export async function offerReturnedSeats(deps: ShopContext, scope: WaitingScope = {}): Promise<number[]> {
  const now = deps.now();
  const places = await deps.db
    .select({ id: waitingList.id, seats: waitingList.seats, productVariantId: waitingList.productVariantId, eventDateId: waitingList.eventDateId, eventId: waitingList.eventId })
    .from(waitingList)
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .where(and(eq(waitingList.state, WAITING_STATE.waiting), gt(eventDates.startDate, now), scope.eventId !== undefined ? eq(waitingList.eventId, scope.eventId) : undefined))
    .orderBy(asc(waitingList.id));
  if (places.length === 0) return [];
  const pools = await deps.db
    .select({ poolId: seatPoolVariants.poolId, productVariantId: seatPoolVariants.productVariantId, eventDateId: seatPoolVariants.eventDateId })
    .from(seatPoolVariants)
    .where(inArray(seatPoolVariants.productVariantId, [...new Set(places.map((place) => place.productVariantId))]));
  const lineKey = (line: Line) => `${line.productVariantId}@${line.eventDateId}`;
  const poolOf = new Map(pools.map((row) => [lineKey(row), `pool ${row.poolId}`]));
  const full = new Set<string>();
  const offered: number[] = [];
  const events = new Set<number>();
  for (const place of places) {
    const key = lineKey(place);
    const pool = poolOf.get(key);
    if (full.has(key) || (pool && full.has(pool))) continue;
    try {
      const served = await servePlace(deps, place, now);
      if (served.offered) {
        offered.push(place.id);
        events.add(place.eventId);
      }
      if (served.free <= 0) full.add(key);
      if (pool && served.poolLeft !== null && served.poolLeft <= 0) full.add(pool);
    } catch (error) {
      // One line that cannot be served (whatever the reason) waits for the next sweep; it never stops the other
      // lines, nor the join, read or staff screen that swept. A database out of reach is the caller's to answer.
      if (isDatabaseUnavailable(error)) throw error;
      console.error(`waiting list: line ${key} not served this time`, error);
      full.add(key);
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
  if (expired.length) {
    deps.catalogue.announce({ area: "stock", eventIds: expired });
    deps.outbox.wake();
  }
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

/**
 * A purchase through the buyer's running offer, as steps of the order's transaction (orders/place-order.ts): the
 * offer ends as the order takes its seats, which leave the offer's count and enter the order's under one row lock,
 * so nobody takes them between; the order is noted on the entry; once committed, seats of the offer the order did
 * not take go to the next in line.
 */
export function offerStep(deps: ShopContext, entryId: number, eventId: number, now: Date): InTransaction {
  let used = false;
  return {
    before: async (tx) => {
      used = await useOffer(tx, entryId, now);
    },
    after: async (tx, placed) => {
      if (used) await linkOfferOrder(tx, entryId, placed.id);
    },
    committed: async () => {
      await offerReturnedSeats(deps, { eventId });
    },
  };
}

/** The order bought through an offer, for the staff's list. */
export async function linkOfferOrder(tx: Db, entryId: number, orderId: number): Promise<void> {
  await tx.update(waitingList).set({ orderId }).where(eq(waitingList.id, entryId));
}
