/**
 * The sales of an event, or one of its dates: orders, tickets and passengers sold (paid orders), what the
 * payments took by method and currency, refunds given and owed, discounts, seats left per subcategory and date,
 * check-ins per leg, and paid tickets by day in the event country's calendar.
 */
import { PAYMENT_STATE } from "../../../shared/domain/payment-states";
import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { SalesReport } from "../../../shared/schemas/answers/order-desk";
import type { SalesReportQuery } from "../../../shared/schemas/order-desk";
import { ShopError } from "../../../shared/domain/shop-error";
import type { ShopContext } from "../../context";
import { categories, boardings, discounts as discountCodes, eventDates, events, orders, passengers, payments, productVariants, refunds, seatCounts, tickets } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { REFUND_STATE } from "../../../shared/domain/refunds";
import { ORDER_STATE } from "../../../shared/domain/order-states";

const n = (value: unknown) => Number(value ?? 0);

/**
 * What a discount took off the tickets an order still holds: a refunded ticket moved to the order split off by
 * its refund (cancelled, so never counted), and the discount it had went back with it. Read from the tickets,
 * not from the order's subtotal and total, which orders split before the split kept its subtotal right still carry.
 * Spelled out: inside a select list drizzle writes a column without its table, which `t` would capture.
 */
const keptDiscount = sql`(select coalesce(sum(t.price - coalesce(t.discount_price, t.price)), 0) from ${tickets} t where t.order_id = "orders"."id")`;

/** Payment rows whose money the shop took (given back later or not). */
const TAKEN = [PAYMENT_STATE.approved, PAYMENT_STATE.refunded, PAYMENT_STATE.refund_due];

export async function salesReport(deps: ShopContext, query: SalesReportQuery, locale: Locale): Promise<SalesReport> {
  const { db } = deps;
  const withOrders = await db
    .select({ id: events.id, translations: events.translations, countryCode: events.countryCode })
    .from(events)
    .where(sql`exists (select 1 from ${orders} o where o.event_id = ${events.id})`)
    .orderBy(desc(events.startDate))
    .limit(200);
  const dates = withOrders.length
    ? await db.select().from(eventDates).where(inArray(eventDates.eventId, withOrders.map((event) => event.id))).orderBy(asc(eventDates.startDate))
    : [];
  const eventList = withOrders.map((event) => ({
    id: event.id,
    name: pick(event.translations, locale)?.name ?? "",
    timeZone: timeZoneOf(event.countryCode),
    dates: dates.filter((date) => date.eventId === event.id).map((date) => ({ id: date.id, startsAt: date.startDate.toISOString() })),
  }));
  if (!query.eventId) return { events: eventList, report: null };

  const [event] = await db.select().from(events).where(eq(events.id, query.eventId));
  if (!event) throw new ShopError("not_found");
  const timeZone = timeZoneOf(event.countryCode);
  const ofEvent: SQL = and(eq(orders.eventId, event.id), query.eventDateId ? eq(orders.eventDateId, query.eventDateId) : undefined)!;
  const paid = and(ofEvent, eq(orders.state, ORDER_STATE.paid))!;

  const [sold, revenue, refundRows, discounts, codes, seats, boarded, byDay] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(distinct ${orders.id})::int`,
        tickets: sql<number>`count(distinct ${tickets.id})::int`,
        passengers: sql<number>`count(${passengers.id})::int`,
      })
      .from(orders)
      .leftJoin(tickets, eq(tickets.orderId, orders.id))
      .leftJoin(passengers, eq(passengers.ticketId, tickets.id))
      .where(paid),
    db
      .select({ method: payments.method, currency: orders.currency, amount: sql<number>`sum(${payments.amount})::int`, count: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(ofEvent, inArray(payments.state, TAKEN)))
      .groupBy(payments.method, orders.currency),
    db
      .select({ method: refunds.method, currency: refunds.currency, state: refunds.state, amount: sql<number>`sum(${refunds.amount})::int`, count: sql<number>`count(*)::int` })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(ofEvent)
      .groupBy(refunds.method, refunds.currency, refunds.state),
    db
      .select({ currency: orders.currency, amount: sql<number>`sum(${keptDiscount})::int`, orders: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(paid, sql`${orders.discountId} is not null`))
      .groupBy(orders.currency),
    db
      // Each code's paid orders and what it took off the tickets they keep.
      .select({ code: discountCodes.code, currency: orders.currency, uses: sql<number>`count(*)::int`, amount: sql<number>`sum(${keptDiscount})::int` })
      .from(orders)
      .innerJoin(discountCodes, eq(discountCodes.id, orders.discountId))
      .where(paid)
      .groupBy(discountCodes.code, orders.currency)
      .orderBy(asc(discountCodes.code)),
    db
      // A date's own stock, when set, is that date's stock (migration 0014).
      .select({ variantId: productVariants.id, translations: productVariants.translations, stock: sql<number>`coalesce(${seatCounts.stock}, ${productVariants.stock})::int`, eventDateId: eventDates.id, taken: seatCounts.taken })
      .from(productVariants)
      .innerJoin(categories, eq(categories.id, productVariants.categoryId))
      .innerJoin(eventDates, eq(eventDates.eventId, categories.eventId))
      .leftJoin(seatCounts, and(eq(seatCounts.productVariantId, productVariants.id), eq(seatCounts.eventDateId, eventDates.id)))
      .where(and(eq(categories.eventId, event.id), query.eventDateId ? eq(eventDates.id, query.eventDateId) : undefined))
      .orderBy(asc(eventDates.startDate), asc(productVariants.id)),
    db
      .select({ leg: boardings.leg, count: sql<number>`count(*)::int` })
      .from(boardings)
      .innerJoin(orders, eq(orders.id, boardings.orderId))
      .where(ofEvent)
      .groupBy(boardings.leg),
    db
      .select({
        day: sql<string>`to_char(${orders.paidAt} at time zone ${timeZone}, 'YYYY-MM-DD')`,
        // Spelled out: inside a select list drizzle writes a column without its table, which `t` would capture.
        tickets: sql<number>`(select count(*) from ${tickets} t where t.order_id = "orders"."id")::int`,
        amount: orders.total,
      })
      .from(orders)
      .where(and(paid, sql`${orders.paidAt} is not null`)),
  ]);

  const days = new Map<string, { tickets: number; amount: number }>();
  for (const row of byDay) {
    const day = days.get(row.day) ?? { tickets: 0, amount: 0 };
    day.tickets += n(row.tickets);
    day.amount += n(row.amount);
    days.set(row.day, day);
  }
  const line = (row: { method: string; currency: string; amount: number; count: number }) => ({ method: row.method, currency: row.currency, amount: n(row.amount), count: n(row.count) });
  // The day's closing figures per currency: what the payments took, every refund given or owed, and what stays.
  const currencies = [...new Set([...revenue.map((row) => row.currency), ...refundRows.map((row) => row.currency)])].sort();
  const totals = currencies.map((currency) => {
    const gross = revenue.filter((row) => row.currency === currency).reduce((sum, row) => sum + n(row.amount), 0);
    const given = refundRows.filter((row) => row.currency === currency).reduce((sum, row) => sum + n(row.amount), 0);
    return { currency, gross, refunds: given, net: gross - given };
  });
  return {
    events: eventList,
    report: {
      eventId: event.id,
      eventDateId: query.eventDateId ?? null,
      timeZone,
      orders: n(sold[0]?.orders),
      tickets: n(sold[0]?.tickets),
      passengers: n(sold[0]?.passengers),
      revenue: revenue.map(line),
      refunds: refundRows.filter((row) => row.state === REFUND_STATE.refunded).map(line),
      refundsOwed: refundRows.filter((row) => row.state !== REFUND_STATE.refunded).map(line),
      discounts: discounts.map((row) => ({ currency: row.currency, amount: n(row.amount), orders: n(row.orders) })),
      totals,
      discountCodes: codes.map((row) => ({ code: row.code, currency: row.currency, uses: n(row.uses), amount: n(row.amount) })),
      seatsLeft: seats.map((row) => ({
        variantId: row.variantId,
        name: pick(row.translations, locale)?.name ?? "",
        eventDateId: row.eventDateId,
        stock: row.stock,
        taken: n(row.taken),
        left: Math.max(row.stock - n(row.taken), 0),
      })),
      checkIns: boarded.map((row) => ({ leg: row.leg, count: n(row.count) })),
      byDay: [...days.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([day, figures]) => ({ day, ...figures })),
    },
  };
}
