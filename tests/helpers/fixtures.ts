/** Rows the API tests insert or look up directly: accounts, demo events and their offer, orders, guest lists, purchase bodies. */
import type { OrderState } from "../../src/shared/domain/order-states";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";
import { categories, counties, eventDates, privateEvents, events, guests, orders, productVariants, tickets, users } from "../../src/server/db/schema";
import type { PurchaseInput } from "../../src/shared/schemas/purchase";

let userCount = 0;

/** An account written straight to the table (unverified unless `verifiedAt` is given). */
export async function insertUser(db: Db, fields: Partial<typeof users.$inferInsert> = {}) {
  userCount += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `buyer${userCount}@example.com`,
      passwordHash: `not-a-real-hash-${userCount}`,
      firstName: "Ana",
      lastName: "Prueba",
      phoneNumber: "573001234567",
      countryCode: "CO",
      localeCode: "es_CO",
      ...fields,
    })
    .returning({ id: users.id, email: users.email, passwordHash: users.passwordHash, tokenVersion: users.tokenVersion });
  return user!;
}

/** A demo event with all its dates and its variants (each with its category's priority). */
export async function eventBySlug(db: Db, slug: string) {
  const [event] = await db.select().from(events).where(eq(events.slug, slug));
  if (!event) throw new Error(`no demo event ${slug}`);
  const dates = await db.select().from(eventDates).where(eq(eventDates.eventId, event.id)).orderBy(asc(eventDates.startDate));
  const variants = await db
    .select({ variant: productVariants, priority: categories.priority })
    .from(productVariants)
    .innerJoin(categories, eq(categories.id, productVariants.categoryId))
    .where(eq(categories.eventId, event.id))
    .orderBy(asc(productVariants.id));
  return { event, dates, variants: variants.map((row) => ({ ...row.variant, priority: row.priority })) };
}

/** What a purchase of a demo event names: its next date, its variants, and those of one province with typed addresses. */
export async function eventOffer(db: Db, slug: string) {
  const { event, dates, variants } = await eventBySlug(db, slug);
  const upcoming = dates.filter((date) => date.startDate > new Date());
  if (upcoming.length === 0) throw new Error(`demo event ${slug} has no upcoming date`);
  return {
    event,
    eventDateId: upcoming[0]!.id,
    dates: upcoming,
    variants,
    /** Variants of one province with typed addresses (no fixed pick-up points). */
    typed(provinceId: number) {
      return variants.filter((variant) => variant.provinceId === provinceId && variant.approaches.length === 0);
    },
  };
}

export async function countyOf(db: Db, provinceId: number): Promise<number> {
  const [county] = await db.select({ id: counties.id }).from(counties).where(eq(counties.provinceId, provinceId)).orderBy(asc(counties.id)).limit(1);
  if (!county) throw new Error(`no county in province ${provinceId}`);
  return county.id;
}

/** A valid purchase body: one ticket per variant given, one passenger and one address each. */
export function purchaseBody(offer: Awaited<ReturnType<typeof eventOffer>>, variantIds: number[], countyId: number, overrides: Partial<PurchaseInput> = {}): PurchaseInput {
  const variant = offer.variants.find((v) => v.id === variantIds[0])!;
  return {
    url: `/event/${offer.event.slug}`,
    eventDateId: offer.eventDateId,
    provinceId: variant.provinceId,
    paymentCode: "mercadopago",
    tickets: variantIds.map((productVariantId) => ({
      placeId: offer.event.placeId,
      productVariantId,
      passengers: [{ name: "Camila Prueba", email: "camila@example.com", phone: "3001234567", passengerAddress: "Calle 1 # 2-3" }],
      addresses: [{ address: "Calle 1 # 2-3", commune_id: countyId }],
    })),
    ...overrides,
  };
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

/** An order written straight to the tables, holding one ticket per variant id. */
export async function insertOrder(db: Db, spec: OrderSpec): Promise<number> {
  const [order] = await db
    .insert(orders)
    .values({
      userId: spec.userId,
      eventId: spec.eventId,
      eventDateId: spec.eventDateId,
      provinceId: spec.provinceId,
      paymentCode: "webpay",
      // A state outside the vocabulary is the database CHECK constraint's to refuse, as it would be for any writer.
      state: spec.state as OrderState,
      currency: "COP",
      subtotal: 0,
      total: 0,
      holdExpiresAt: spec.holdExpiresAt ?? null,
    })
    .returning({ id: orders.id });
  await db.insert(tickets).values(spec.ticketVariants.map((productVariantId) => ({ orderId: order!.id, productVariantId, price: 0 })));
  return order!.id;
}

/** An approved private event that became `eventId`, owned by `ownerId`, with the given guest emails. */
export async function insertGuestList(db: Db, eventId: number, ownerId: number, guestEmails: string[]) {
  const [event] = await db.select().from(events).where(and(eq(events.id, eventId)));
  const [privateEvent] = await db
    .insert(privateEvents)
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
      // Carried free of charge, as staff may approve it: its guests are invited and may book.
      quoteState: "waived",
      eventId,
    })
    .returning({ id: privateEvents.id });
  if (guestEmails.length) {
    await db.insert(guests).values(guestEmails.map((email, i) => ({ privateEventId: privateEvent!.id, name: `Invitado ${i + 1}`, email })));
  }
  return privateEvent!.id;
}
