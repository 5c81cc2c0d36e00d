/**
 * Approval publishes the request as an event the way the demo catalogue's private, organiser-funded events are
 * written (src/server/db/seed/catalog.ts `seedEvent`): a venue, the event (type 2, link-only and login-only,
 * paymentType 2, fixed date), its calendar row, its extra stops, one category and one subcategory in the
 * province of the request's county, at price 0 with one seat per ticket and as many tickets as the guest list
 * gives seats. Runs inside the approval's transaction.
 */
import { randomBytes } from "node:crypto";
import { eq, sum } from "drizzle-orm";
import { EVENT_TYPE, PAYMENT_TYPE, PERIODICITY_TYPE } from "../../../shared/domain/event-kinds";
import { translate } from "../../../shared/i18n";
import { LOCALES } from "../../../shared/locales";
import type { Db } from "../../db/client";
import type { eventRequests} from "../../db/schema";
import { additionalStops, categories, counties, eventDates, events, guests, places, productVariants } from "../../db/schema";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Request = typeof eventRequests.$inferSelect;

const byLocale = <T>(make: (locale: (typeof LOCALES)[number]) => T) => Object.fromEntries(LOCALES.map((locale) => [locale, make(locale)]));

/** The name as a slug plus a random suffix: a private event's address cannot be guessed from its name. */
export function unguessableSlug(name: string): string {
  const base = name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return `${base || "evento"}-${randomBytes(8).toString("hex")}`;
}

export async function publishRequest(tx: Tx | Db, request: Request, countryCode: string): Promise<{ eventId: number; slug: string }> {
  const [county] = await tx.select({ provinceId: counties.provinceId }).from(counties).where(eq(counties.id, request.countyId));
  const [seatRow] = await tx.select({ seats: sum(guests.seats) }).from(guests).where(eq(guests.requestId, request.id));
  const seats = Number(seatRow?.seats ?? 0);
  const [place] = await tx
    .insert(places)
    .values({ countryCode, name: request.location, address: request.address, countyId: request.countyId })
    .returning({ id: places.id });
  const slug = unguessableSlug(request.name);
  const imagePath = request.imagePath ?? undefined;
  const [event] = await tx
    .insert(events)
    .values({
      slug,
      type: EVENT_TYPE.private,
      periodicityType: PERIODICITY_TYPE.fixed,
      paymentType: PAYMENT_TYPE.organiser,
      countryCode,
      placeId: place!.id,
      startDate: request.startDate,
      endDate: request.endDate,
      translations: byLocale(() => ({
        name: request.name,
        description: request.invitation,
        ...(imagePath ? { imagePath, cardImagePath: request.cardImagePath ?? imagePath } : {}),
      })),
      requiresLogin: true,
      ownerId: request.ownerId,
    })
    .returning({ id: events.id });
  const eventId = event!.id;
  await tx.insert(eventDates).values({ eventId, startDate: request.startDate });
  if (request.additionalStops.length > 0) {
    await tx.insert(additionalStops).values(request.additionalStops.map((stop) => ({ eventId, address: stop.address, countyId: stop.countyId, time: stop.time })));
  }
  const [category] = await tx
    .insert(categories)
    .values({
      eventId,
      priority: 1,
      translations: byLocale((locale) => ({ name: translate(locale, "private_events.category"), description: translate(locale, "private_events.category_description") })),
    })
    .returning({ id: categories.id });
  await tx.insert(productVariants).values({
    categoryId: category!.id,
    provinceId: county!.provinceId,
    price: 0,
    capacity: 1,
    stops: 1,
    stock: seats,
    translations: byLocale((locale) => ({ name: translate(locale, "private_events.variant") })),
  });
  return { eventId, slug };
}
