/**
 * The staff's order list (the shop promises buyers that staff validate a wire transfer within 24 hours). Orders of one state or all, searched by order id, buyer email or name, or event name, a page at a
 * time. Waiting orders come oldest first (the most urgent transfer on top); any other list newest first.
 */
import { orderMoneyOf } from "../refunds/order-money";
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { isAwaiting } from "../../../shared/domain/order-states";
import type { Locale } from "../../../shared/locales";
import type { StaffOrderPage } from "../../../shared/schemas/answers/staff-day";
import type { StaffOrdersQuery } from "../../../shared/schemas/staff";
import { eventDates, events, orders, passengers, tickets, users } from "../../db/schema";
import type { ShopContext } from "../../context";
import { pick } from "../catalogue/rows";
import { expireHolds } from "../holds/end-unpaid-orders";
import { timeZoneOf } from "../../../shared/format/dates";

/** The shop promises to validate a transfer within 24 hours of the purchase. */
export const TRANSFER_PROMISE_HOURS = 24;
const HOUR = 3_600_000;
const DEFAULT_PAGE_SIZE = 20;

/** Hours left of the validation promise, to one decimal; negative once it is late. */
export function hoursLeft(placedAt: Date, now: Date): number {
  return Math.round((placedAt.getTime() + TRANSFER_PROMISE_HOURS * HOUR - now.getTime()) / (HOUR / 10)) / 10;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** The typed digits are in the stored number, or the stored number in them (typed with its country code). */
function phoneMatches(column: SQL, digits: string): SQL {
  const stored = sql`regexp_replace(${column}, '\D', '', 'g')`;
  return sql`(${stored} like ${`%${digits}%`} or (length(${stored}) >= 7 and ${digits} like '%' || ${stored}))`;
}

/**
 * What staff type to find an order: its number, the buyer's or a passenger's name (without case or accents:
 * "penaloza" finds "Peñaloza"), an email, or a phone in any format ("315 765 4321", "+57 3157654321"): digits are
 * compared with the separators left out.
 */
export function searchCondition(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = likePattern(text);
  const folded = sql`'%' || shop_fold(${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}) || '%'`;
  const byId = /^#?\d{1,9}$/.test(text) ? eq(orders.id, Number(text.replace("#", ""))) : undefined;
  const digits = text.replace(/\D/g, "");
  // Seven digits at least: fewer would match half the phone book.
  const phoneDigits = digits.length >= 7 && /^[\d\s()+.-]+$/.test(text);
  const passengersOfOrder = sql`select 1 from ${tickets} t join ${passengers} p on p.ticket_id = t.id
    where (t.order_id = ${orders.id} or t.order_id in (select s.id from ${orders} s where s.split_from_id = ${orders.id}))`;
  return or(
    byId,
    ilike(users.email, pattern),
    sql`shop_fold(${users.firstName} || ' ' || ${users.lastName}) like ${folded}`,
    sql`exists (${passengersOfOrder} and (shop_fold(p.name) like ${folded} or p.email ilike ${pattern}))`,
    phoneDigits ? phoneMatches(sql`${users.phoneNumber}`, digits) : undefined,
    phoneDigits ? sql`exists (${passengersOfOrder} and ${phoneMatches(sql`p.phone`, digits)})` : undefined,
    // Every language's event name: staff search in whatever language the buyer bought in.
    sql`exists (select 1 from jsonb_each(${events.translations}) as names(locale, text) where names.text->>'name' ilike ${pattern})`,
  );
}

export async function listStaffOrders(deps: ShopContext, query: StaffOrdersQuery, locale: Locale): Promise<StaffOrderPage> {
  const { db } = deps;
  const now = deps.now();
  // A hold that ran out reads as expired here too, as it does for the buyer.
  await expireHolds(db, now);
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const where = and(query.state ? eq(orders.state, query.state) : undefined, searchCondition(query.q));
  const oldestFirst = query.state !== undefined && isAwaiting(query.state);

  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ order: orders, user: users, event: events, date: eventDates.startDate })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(events, eq(events.id, orders.eventId))
      .leftJoin(eventDates, eq(eventDates.id, orders.eventDateId))
      .where(where)
      .orderBy(...(oldestFirst ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .innerJoin(events, eq(events.id, orders.eventId))
      .where(where),
  ]);

  // The order's total after refunds, as its desk, mails and exports show it.
  const money = await orderMoneyOf(db, rows.map((row) => row.order.id));
  return {
    page,
    pageSize,
    total: Number(totalRow?.n ?? 0),
    items: rows.map(({ order, user, event, date }) => ({
      id: order.id,
      state: order.state,
      paymentCode: order.paymentCode,
      placedAt: order.createdAt.toISOString(),
      hoursLeft: hoursLeft(order.createdAt, now),
      currency: order.currency,
      total: money.get(order.id)?.total ?? order.total,
      buyer: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      event: {
        name: pick(event.translations, locale)?.name ?? "",
        timeZone: timeZoneOf(event.countryCode),
        date: (date ?? (order.travelDate ? new Date(`${order.travelDate}T12:00:00Z`) : event.startDate)).toISOString(),
      },
    })),
  };
}
