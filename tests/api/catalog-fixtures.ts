/** Rows the catalogue tests insert directly: a buyer, orders holding tickets, private-event guests. */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { categories, eventDates, eventRequests, events, guests, orders, productVariants, tickets, users } from "../../src/server/db/schema";

let userCount = 0;

export async function insertUser(db: Db, email = `buyer${++userCount}@example.com`): Promise<{ id: number; email: string }> {
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: "not-a-real-hash",
      firstName: "Ana",
      lastName: "Prueba",
      phoneNumber: "573001234567",
      countryCode: "CO",
      localeCode: "es_CO",
    })
    .returning({ id: users.id, email: users.email });
  return user!;
}

export async function eventBySlug(db: Db, slug: string) {
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event) throw new Error(`no demo event ${slug}`);
  const dates = await db.select().from(eventDates).where(eq(eventDates.eventId, event.id)).orderBy(eventDates.startDate);
  const variants = await db
    .select({ variant: productVariants, priority: categories.priority })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, event.id))
    .orderBy(productVariants.id);
  return { event, dates, variants: variants.map((row) => ({ ...row.variant, priority: row.priority })) };
}

export interface OrderSpec {
  userId: number;
  eventId: number;
  eventDateId: number;
  provinceId: number;
  state: string;
  holdExpiresAt?: Date | null;
  /** Variant id per ticket. */
  ticketVariants: number[];
}

export async function insertOrder(db: Db, spec: OrderSpec): Promise<number> {
  const [order] = await db
    .insert(orders)
    .values({
      userId: spec.userId,
      eventId: spec.eventId,
      eventDateId: spec.eventDateId,
      provinceId: spec.provinceId,
      paymentCode: "webpay",
      state: spec.state,
      currency: "COP",
      subtotal: 0,
      total: 0,
      holdExpiresAt: spec.holdExpiresAt ?? null,
    })
    .returning({ id: orders.id });
  await db.insert(tickets).values(spec.ticketVariants.map((productVariantId) => ({ orderId: order!.id, productVariantId, price: 0 })));
  return order!.id;
}

/** An approved event request that became `eventId`, owned by `ownerId`, with the given guest emails. */
export async function insertGuestList(db: Db, eventId: number, ownerId: number, guestEmails: string[]) {
  const [event] = await db.select().from(events).where(and(eq(events.id, eventId)));
  const [request] = await db
    .insert(eventRequests)
    .values({
      ownerId,
      name: "Boda",
      startDate: event!.startDate,
      endDate: event!.endDate,
      location: "Hacienda Fagua",
      address: "Chía",
      countyId: 1,
      invitation: "¡Te esperamos!",
      state: "approved",
      eventId,
    })
    .returning({ id: eventRequests.id });
  if (guestEmails.length) {
    await db.insert(guests).values(guestEmails.map((email, i) => ({ requestId: request!.id, name: `Invitado ${i + 1}`, email })));
  }
  return request!.id;
}
