/**
 * An order as its desk and its mails read it: the order, its account holder, its event and its date's start, in one
 * query. One reader, so the desk and the mails never disagree on what the order is.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { eventDates, events, orders, users } from "../../db/schema";

export async function orderWithEvent(db: Db, orderId: number) {
  const [row] = await db
    .select({ order: orders, user: users, event: events, date: eventDates.startDate })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

export type OrderWithEvent = NonNullable<Awaited<ReturnType<typeof orderWithEvent>>>;
