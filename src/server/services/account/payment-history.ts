/**
 * GET /shop-api/payment-history (account.md sections 3, 7): the caller's orders, newest first, with the
 * event's name per language. Dates are UTC ISO strings; the page shows them DD-MM-YYYY HH:mm.
 */
import { desc, eq } from "drizzle-orm";
import type { Locale } from "../../../shared/locales";
import type { Db } from "../../db/client";
import { events, orders } from "../../db/schema";

export interface PurchaseItem {
  id: number;
  date: string;
  state: string;
  total: number;
  currency: string;
  regularEvent: {
    id: number;
    slug: string;
    /** In the caller's language, else the first translation there is. */
    name: string;
    translations: Record<string, { name: string }>;
  };
}

export async function paymentHistory(db: Db, userId: number, locale: Locale): Promise<PurchaseItem[]> {
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
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => {
    const translations = Object.fromEntries(Object.entries(row.translations).map(([code, value]) => [code, { name: value.name }]));
    return {
      id: row.id,
      date: row.date.toISOString(),
      state: row.state,
      total: row.total,
      currency: row.currency,
      regularEvent: {
        id: row.eventId,
        slug: row.slug,
        name: translations[locale]?.name ?? Object.values(translations)[0]?.name ?? "",
        translations,
      },
    };
  });
}
