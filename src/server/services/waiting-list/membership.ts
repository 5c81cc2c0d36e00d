/**
 * A person's places on waiting lists: joining a sold-out subcategory's list for a date, reading them with their
 * offers, leaving. Joining is open while fewer seats than asked are on sale (someone wanting three seats waits
 * even when one is left); one place per person, date and subcategory while it waits or holds an offer.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { ACTIVE_WAITING_STATES, shownWaitingState, WAITING_STATE } from "../../../shared/domain/waiting-list";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { WaitingEntry } from "../../../shared/schemas/answers/waiting-list";
import type { JoinWaitingList } from "../../../shared/schemas/waiting-list";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { categories, eventDates, events, orders, productVariants, waitingList } from "../../db/schema";
import { canViewPrivateEvent } from "../catalogue/event-detail";
import { pick } from "../catalogue/rows";
import { liveStock } from "../catalogue/stock";
import { offerReturnedSeats, sweepWaitingLists } from "./offers";

/** Waiting places ahead of this one in its line. */
const ahead = sql<number>`(select count(*)::int from ${waitingList} as w2
  where w2.product_variant_id = ${waitingList.productVariantId} and w2.event_date_id = ${waitingList.eventDateId}
  and w2.state = ${WAITING_STATE.waiting} and w2.id < ${waitingList.id})`;

async function entriesOf(db: Db, where: ReturnType<typeof and>, locale: Locale): Promise<WaitingEntry[]> {
  const rows = await db
    .select({
      entry: waitingList,
      slug: events.slug,
      eventName: events.translations,
      date: eventDates.startDate,
      provinceId: productVariants.provinceId,
      subcategory: productVariants.translations,
      ahead,
      order: { state: orders.state, paidAt: orders.paidAt },
    })
    .from(waitingList)
    .innerJoin(events, eq(events.id, waitingList.eventId))
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .innerJoin(productVariants, eq(productVariants.id, waitingList.productVariantId))
    .leftJoin(orders, eq(orders.id, waitingList.orderId))
    .where(where)
    .orderBy(desc(waitingList.id))
    .limit(100);
  return rows.map((row) => ({
    id: row.entry.id,
    eventId: row.entry.eventId,
    eventSlug: row.slug,
    eventName: pick(row.eventName, locale)?.name ?? "",
    eventDateId: row.entry.eventDateId,
    date: row.date.toISOString(),
    productVariantId: row.entry.productVariantId,
    provinceId: row.provinceId,
    subcategoryName: pick(row.subcategory, locale)?.name ?? "",
    seats: row.entry.seats,
    state: shownWaitingState(row.entry.state, row.order?.state ? { state: row.order.state, paidAt: row.order.paidAt } : null),
    ahead: row.entry.state === WAITING_STATE.waiting ? Number(row.ahead) : 0,
    offerExpiresAt: row.entry.state === WAITING_STATE.offered ? (row.entry.offerExpiresAt?.toISOString() ?? null) : null,
    createdAt: row.entry.createdAt.toISOString(),
  }));
}

/** POST /shop-api/waiting-list: see the module comment. */
export async function joinWaitingList(deps: ShopContext, userId: number, body: JoinWaitingList, locale: Locale): Promise<WaitingEntry> {
  const now = deps.now();
  const [row] = await deps.db
    .select({ event: events, startDate: eventDates.startDate, variantEventId: categories.eventId })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .leftJoin(productVariants, eq(productVariants.id, body.productVariantId))
    .leftJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(eventDates.id, body.eventDateId))
    .limit(1);
  if (!row || !row.event.published) throw new ShopError("unknown_event_date", { eventDateId: "errors.unknown_event_date" });
  const { event } = row;
  if (event.requiresLogin && !(await canViewPrivateEvent(deps.db, event.id, event.ownerId, userId))) throw new ShopError("not_found");
  if (event.cancelled) throw new ShopError("event_gone");
  if (row.startDate <= now) throw new ShopError("unknown_event_date", { eventDateId: "errors.unknown_event_date" });
  if (row.variantEventId !== event.id) throw new ShopError("variant_not_in_event", { productVariantId: "errors.variant_not_in_event" });

  // Run-out holds and offers give their seats back first: the list is for seats that are really gone.
  await sweepWaitingLists(deps, { eventId: event.id });
  const left = (await liveStock(deps.db, { eventId: event.id, eventDateId: body.eventDateId, variantIds: [body.productVariantId], now })).get(body.productVariantId) ?? 0;
  if (left >= body.seats) throw new ShopError("waiting_list_seats_on_sale", undefined, { n: left });

  const mine = and(eq(waitingList.userId, userId), eq(waitingList.eventDateId, body.eventDateId), eq(waitingList.productVariantId, body.productVariantId));
  const [existing] = await deps.db.select({ id: waitingList.id }).from(waitingList).where(and(mine, inArray(waitingList.state, [...ACTIVE_WAITING_STATES])));
  if (existing) throw new ShopError("waiting_list_already_joined");
  let id: number;
  try {
    const [inserted] = await deps.db
      .insert(waitingList)
      .values({ userId, eventId: event.id, eventDateId: body.eventDateId, productVariantId: body.productVariantId, seats: body.seats, createdAt: now })
      .returning({ id: waitingList.id });
    id = inserted!.id;
  } catch (error) {
    // Two joins of one person at once: the unique index keeps one.
    if (/waiting_list_active_idx|duplicate key/.test(String((error as Error)?.message ?? error))) throw new ShopError("waiting_list_already_joined");
    throw error;
  }
  // Fewer seats than asked are on sale, but a place for fewer may still fit: offer what fits in line order.
  await offerReturnedSeats(deps, { eventId: event.id });
  const [entry] = await entriesOf(deps.db, eq(waitingList.id, id), locale);
  return entry!;
}

/** GET /shop-api/waiting-list: the caller's places, newest first; offers that ran out pass on first. */
export async function myWaitingList(deps: ShopContext, userId: number, locale: Locale): Promise<WaitingEntry[]> {
  await sweepWaitingLists(deps);
  return entriesOf(deps.db, eq(waitingList.userId, userId), locale);
}

/** DELETE /shop-api/waiting-list/{id}: the caller leaves; seats offered to them go to the next in line. */
export async function leaveWaitingList(deps: ShopContext, userId: number, entryId: number, locale: Locale): Promise<WaitingEntry> {
  const mine = and(eq(waitingList.id, entryId), eq(waitingList.userId, userId));
  const [left] = await deps.db
    .update(waitingList)
    .set({ state: WAITING_STATE.left, endedAt: deps.now() })
    .where(and(mine, inArray(waitingList.state, [...ACTIVE_WAITING_STATES])))
    .returning({ eventId: waitingList.eventId, offerExpiresAt: waitingList.offerExpiresAt });
  if (left?.offerExpiresAt) await offerReturnedSeats(deps, { eventId: left.eventId });
  const [entry] = await entriesOf(deps.db, mine, locale);
  if (!entry) throw new ShopError("not_found");
  return entry;
}
