/**
 * Events in the back office: the event row with its calendar dates (orders name them, so a kept date keeps
 * its id and a date with orders cannot be removed), its extra stops and its texts. Cancelling an event whose
 * tickets are sold or held needs `confirmCancel`; without it the refusal names the orders concerned.
 */
import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { ShopError } from "../../../shared/domain/shop-error";
import { storedTranslations } from "../../../shared/schemas/admin/common";
import type { AdminEvent, AdminEventItem } from "../../../shared/schemas/admin/events";
import type { Db } from "../../db/client";
import { additionalStops, eventDates, events, orders } from "../../db/schema";
import { holdsSeats } from "../catalogue/stock";
import { hhmm, iso } from "../catalogue/rows";
import { cancelEventOrders } from "../orders/event-cancellation";
import { byStaff } from "../order-life/order-life";
import { rowById, type AdminResource } from "./crud";
import { runList, totalField } from "./list";
import { markReplan } from "../dispatch/plan-store";
import { REPLAN_REASON } from "../../../shared/domain/dispatch";

type Translations = AdminEvent["translations"];

/** How many of the orders an event's refusal names; the count says the rest. */
const ORDERS_NAMED = 20;

const nameSql = sql<string>`coalesce(${events.translations}->'es_CO'->>'name', ${events.slug})`;

async function readEvent(db: Db, id: number): Promise<AdminEvent | undefined> {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) return undefined;
  const [dates, stops] = await Promise.all([
    db.select({ id: eventDates.id, startDate: eventDates.startDate, endDate: eventDates.endDate }).from(eventDates).where(eq(eventDates.eventId, id)).orderBy(asc(eventDates.startDate), asc(eventDates.id)),
    db.select().from(additionalStops).where(eq(additionalStops.eventId, id)).orderBy(asc(additionalStops.time), asc(additionalStops.id)),
  ]);
  return {
    slug: row.slug,
    type: row.type as AdminEvent["type"],
    countryCode: row.countryCode as AdminEvent["countryCode"],
    periodicityType: row.periodicityType as AdminEvent["periodicityType"],
    paymentType: row.paymentType as AdminEvent["paymentType"],
    placeId: row.placeId,
    dates: dates.map((date) => ({ id: date.id, startDate: iso(date.startDate), endDate: date.endDate ? iso(date.endDate) : null })),
    endDate: iso(row.endDate),
    additionalStops: stops.map((stop) => ({ address: stop.address, countyId: stop.countyId, time: hhmm(stop.time) })),
    translations: row.translations as Translations,
    published: row.published,
    cancelled: row.cancelled,
    recommended: row.recommended,
    requiresLogin: row.requiresLogin,
    cancelFreeHours: row.cancelFreeHours,
    cancelLateKeepPercent: row.cancelLateKeepPercent,
  };
}

function eventRow(body: AdminEvent) {
  const starts = body.dates.map((date) => new Date(date.startDate).getTime());
  return {
    slug: body.slug,
    type: body.type,
    countryCode: body.countryCode,
    periodicityType: body.periodicityType,
    paymentType: body.paymentType,
    placeId: body.placeId,
    startDate: new Date(Math.min(...starts)),
    endDate: new Date(body.endDate),
    translations: storedTranslations(body.translations) as Record<string, { name: string }>,
    published: body.published,
    cancelled: body.cancelled,
    recommended: body.recommended,
    requiresLogin: body.requiresLogin,
    // Absent from an older form: the default policy (free until 48 h before, then closed).
    cancelFreeHours: body.cancelFreeHours === undefined ? 48 : body.cancelFreeHours,
    cancelLateKeepPercent: body.cancelLateKeepPercent ?? null,
  };
}

async function writeStops(tx: Db, eventId: number, body: AdminEvent) {
  await tx.delete(additionalStops).where(eq(additionalStops.eventId, eventId));
  if (body.additionalStops.length) {
    await tx.insert(additionalStops).values(body.additionalStops.map((stop) => ({ eventId, address: stop.address, countyId: stop.countyId, time: stop.time })));
  }
}

/** A date's own end time, kept only after its start (an earlier one is refused by the form's check). */
const endOf = (date: { startDate: string; endDate?: string | null }) => (date.endDate ? new Date(date.endDate) : null);

/**
 * Dates whose start moved, and dates whose end changed (their own, or the event's daily end for dates without one):
 * their dispatch plans were timed for the old day or end and must be computed again before they are published again.
 */
async function markMovedPlans(tx: Db, body: AdminEvent, before: AdminEvent, now: Date) {
  const time = (value: string | null | undefined) => (value ? new Date(value).getTime() : null);
  const moved: number[] = [];
  const ended: number[] = [];
  const eventEndChanged = time(body.endDate) !== time(before.endDate);
  for (const date of body.dates) {
    const was = before.dates.find((one) => one.id === date.id);
    if (!was || date.id === undefined || date.id === null) continue;
    if (time(date.startDate) !== time(was.startDate)) moved.push(date.id);
    else if (time(date.endDate) !== time(was.endDate) || (eventEndChanged && !date.endDate)) ended.push(date.id);
  }
  await markReplan(tx, moved, REPLAN_REASON.date_moved, now);
  await markReplan(tx, ended, REPLAN_REASON.end_changed, now);
}

/** Kept dates keep their ids (and their orders); a removed date must have no order at all. */
async function writeDates(tx: Db, eventId: number, body: AdminEvent, before: AdminEvent) {
  const known = new Set(before.dates.map((date) => date.id));
  const kept = body.dates.filter((date) => date.id);
  const strange = kept.find((date) => !known.has(date.id));
  if (strange) throw new ShopError("unknown_event_date", { dates: "errors.unknown_event_date" });
  const keptIds = new Set(kept.map((date) => date.id));
  const removed = before.dates.filter((date) => !keptIds.has(date.id)).map((date) => date.id!);
  if (removed.length) {
    const booked = await tx
      .select({ eventDateId: orders.eventDateId, n: count() })
      .from(orders)
      .where(inArray(orders.eventDateId, removed))
      .groupBy(orders.eventDateId);
    const first = booked[0];
    if (first) {
      const date = before.dates.find((one) => one.id === first.eventDateId)!;
      throw new ShopError("admin_date_has_orders", { dates: "errors.admin_date_has_orders_field" }, { date: date.startDate.slice(0, 16).replace("T", " ") + " UTC", count: Number(first.n) });
    }
    await tx.delete(eventDates).where(inArray(eventDates.id, removed));
  }
  for (const date of kept) {
    await tx.update(eventDates).set({ startDate: new Date(date.startDate), endDate: endOf(date) }).where(and(eq(eventDates.id, date.id!), eq(eventDates.eventId, eventId)));
  }
  const added = body.dates.filter((date) => !date.id);
  if (added.length) await tx.insert(eventDates).values(added.map((date) => ({ eventId, startDate: new Date(date.startDate), endDate: endOf(date) })));
}

/** Orders whose tickets are sold or still held: cancelling the event concerns their buyers. */
async function ordersHoldingSeats(tx: Db, eventId: number, now: Date) {
  return tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), holdsSeats(now)))
    .orderBy(asc(orders.id));
}

export const eventsResource: AdminResource<AdminEvent> = {
  name: "events",
  area: "events",
  read: readEvent,
  async insert(tx, body) {
    const [row] = await tx.insert(events).values(eventRow(body)).returning({ id: events.id });
    const eventId = row!.id;
    await tx.insert(eventDates).values(body.dates.map((date) => ({ eventId, startDate: new Date(date.startDate), endDate: endOf(date) })));
    await writeStops(tx, eventId, body);
    return eventId;
  },
  async update(tx, id, body, before, context) {
    const confirmed = (context.body as { confirmCancel?: boolean } | undefined)?.confirmCancel === true;
    if (body.cancelled && !before.cancelled && !confirmed) {
      const affected = await ordersHoldingSeats(tx, id, context.now);
      if (affected.length) {
        const named = affected.slice(0, ORDERS_NAMED).map((order) => `#${order.id}`);
        const more = affected.length > ORDERS_NAMED ? " …" : "";
        throw new ShopError("event_cancel_needs_confirmation", { cancelled: "errors.event_cancel_needs_confirmation_field" }, { count: affected.length, orders: named.join(", ") + more });
      }
    }
    await writeDates(tx, id, body, before);
    await markMovedPlans(tx, body, before, context.now);
    await writeStops(tx, id, body);
    await tx.update(events).set(eventRow(body)).where(eq(events.id, id));
    if (body.cancelled && !before.cancelled) await cancelEventOrders(tx, id, byStaff(context.actor));
  },
  ...rowById(events, events.id),
  eventIds: async (_db, _body, id) => [id],
  list: (db, query) =>
    runList(
      db,
      {
        select: (one) =>
          one
            .select({
              id: events.id,
              slug: events.slug,
              name: nameSql,
              type: events.type,
              countryCode: events.countryCode,
              startDate: events.startDate,
              dates: sql<number>`(select count(*) from ${eventDates} where ${eventDates.eventId} = ${events.id})`.mapWith(Number),
              published: events.published,
              cancelled: events.cancelled,
              recommended: events.recommended,
              total: totalField,
            })
            .from(events)
            .$dynamic(),
        search: [events.slug, sql`${events.translations}::text`],
        sorts: { id: events.id, slug: events.slug, name: nameSql, startDate: events.startDate, type: events.type, countryCode: events.countryCode },
        defaultSort: "startDate",
        filters: { countryCode: events.countryCode, type: sql`${events.type}::text` },
        id: events.id,
        toItem: (row: Omit<AdminEventItem, "startDate"> & { startDate: Date | string; total: number }): AdminEventItem => ({
          id: row.id,
          slug: row.slug,
          name: row.name,
          type: row.type,
          countryCode: row.countryCode,
          startDate: iso(row.startDate),
          dates: row.dates,
          published: row.published,
          cancelled: row.cancelled,
          recommended: row.recommended,
        }),
      },
      query,
    ),
};
