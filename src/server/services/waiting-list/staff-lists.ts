/** GET /shop-api/staff/waiting-lists: every line (a subcategory on a date) with the people in it and their offers. */
import { and, asc, eq, gt } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { StaffWaitingList } from "../../../shared/schemas/answers/waiting-list";
import type { WaitingListsQuery } from "../../../shared/schemas/waiting-list";
import type { ShopContext } from "../../context";
import { eventDates, events, orders, productVariants, users, waitingList } from "../../db/schema";
import { shownWaitingState } from "../../../shared/domain/waiting-list";
import { pick } from "../catalogue/rows";
import { liveStock } from "../catalogue/stock";
import { sweepWaitingLists } from "./offers";
import { timeZoneOf } from "../../../shared/format/dates";

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Lines of upcoming dates, soonest date first; in each, everyone who ever joined, in line order. */
export async function staffWaitingLists(deps: ShopContext, query: WaitingListsQuery, locale: Locale): Promise<StaffWaitingList[]> {
  await sweepWaitingLists(deps, query.eventId !== undefined ? { eventId: query.eventId } : {});
  const now = deps.now();
  const rows = await deps.db
    .select({
      entry: waitingList,
      eventName: events.translations,
      countryCode: events.countryCode,
      date: eventDates.startDate,
      subcategory: productVariants.translations,
      user: { firstName: users.firstName, lastName: users.lastName, email: users.email },
      order: { state: orders.state, paidAt: orders.paidAt },
    })
    .from(waitingList)
    .innerJoin(events, eq(events.id, waitingList.eventId))
    .innerJoin(eventDates, eq(eventDates.id, waitingList.eventDateId))
    .innerJoin(productVariants, eq(productVariants.id, waitingList.productVariantId))
    .innerJoin(users, eq(users.id, waitingList.userId))
    .leftJoin(orders, eq(orders.id, waitingList.orderId))
    .where(and(gt(eventDates.startDate, now), query.eventId !== undefined ? eq(waitingList.eventId, query.eventId) : undefined))
    .orderBy(asc(eventDates.startDate), asc(waitingList.productVariantId), asc(waitingList.id));

  const lists = new Map<string, StaffWaitingList>();
  for (const row of rows) {
    const key = `${row.entry.productVariantId}:${row.entry.eventDateId}`;
    let list = lists.get(key);
    if (!list) {
      list = {
        eventId: row.entry.eventId,
        eventName: pick(row.eventName, locale)?.name ?? "",
        eventDateId: row.entry.eventDateId,
        date: row.date.toISOString(),
        timeZone: timeZoneOf(row.countryCode),
        productVariantId: row.entry.productVariantId,
        subcategoryName: pick(row.subcategory, locale)?.name ?? "",
        seatsLeft: 0,
        entries: [],
      };
      lists.set(key, list);
    }
    list.entries.push({
      id: row.entry.id,
      userId: row.entry.userId,
      name: `${row.user.firstName} ${row.user.lastName}`.trim(),
      email: row.user.email,
      seats: row.entry.seats,
      state: shownWaitingState(row.entry.state, row.order?.state ? { state: row.order.state, paidAt: row.order.paidAt } : null),
      createdAt: row.entry.createdAt.toISOString(),
      offeredAt: iso(row.entry.offeredAt),
      offerExpiresAt: iso(row.entry.offerExpiresAt),
      endedAt: iso(row.entry.endedAt),
      orderId: row.entry.orderId,
    });
  }
  // What is on sale now, one count per date of the lists.
  for (const list of lists.values()) {
    const stock = await liveStock(deps.db, { eventId: list.eventId, eventDateId: list.eventDateId, variantIds: [list.productVariantId], now });
    list.seatsLeft = stock.get(list.productVariantId) ?? 0;
  }
  return [...lists.values()];
}
