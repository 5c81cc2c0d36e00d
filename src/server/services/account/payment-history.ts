/**
 * GET /shop-api/payment-history: the caller's orders, newest first, with the
 * event's name per language. Dates are UTC ISO strings; the page shows them DD-MM-YYYY HH:mm on the event's clock
 * (its country's time zone, answered beside it).
 */
import { desc, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { timeZoneOf } from "../../../shared/format/dates";
import { events, orders } from "../../db/schema";
import { expireHolds } from "../holds/end-unpaid-orders";
import { orderMoneyOf } from "../refunds/order-money";

import type { PurchaseItem } from "../../../shared/schemas/answers/account";
export type { PurchaseItem };

/** Unpaid orders whose seat hold ran out are marked expired first, so they read as expired rather than pending. */
export async function paymentHistory({ db, now }: ShopContext, userId: number, locale: Locale): Promise<PurchaseItem[]> {
  await expireHolds(db, now(), { userId });
  const rows = await db
    .select({
      id: orders.id,
      date: orders.createdAt,
      state: orders.state,
      total: orders.total,
      currency: orders.currency,
      eventId: events.id,
      slug: events.slug,
      translations: events.translations,
      countryCode: events.countryCode,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  // The order's total after refunds, as its page, mails and exports show it.
  const money = await orderMoneyOf(db, rows.map((row) => row.id));
  return rows.map((row) => {
    const translations = Object.fromEntries(Object.entries(row.translations).map(([code, value]) => [code, { name: value.name }]));
    return {
      id: row.id,
      date: row.date.toISOString(),
      state: row.state,
      total: money.get(row.id)?.total ?? row.total,
      currency: row.currency,
      regularEvent: {
        id: row.eventId,
        slug: row.slug,
        name: translations[locale]?.name ?? Object.values(translations)[0]?.name ?? "",
        translations,
        timeZone: timeZoneOf(row.countryCode),
      },
    };
  });
}
