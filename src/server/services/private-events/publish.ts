/**
 * Approval publishes the request as an event the way the demo catalogue's private events are written
 * (src/server/db/seed/catalogue.ts `seedEvent`): a venue, the event (type 2, link-only and login-only, fixed date),
 * its calendar row, its extra stops, one category and one subcategory per pick-up province (the venue's and every
 * province the organiser chose, so a guest is picked up where they live), one seat per ticket and the quoted seats.
 * When the organiser pays (or staff waived the charge) the event is organiser-funded (paymentType 2, price 0);
 * when each guest pays, it is sold to its guests at the quoted price of their province. Runs inside the approval's
 * transaction.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { EVENT_TYPE, PAYMENT_TYPE, PERIODICITY_TYPE } from "../../../shared/domain/event-kinds";
import { translate } from "../../../shared/i18n";
import { LOCALES } from "../../../shared/locales";
import type { Db } from "../../db/client";
import { seatPrice } from "./invitations";
import type { eventRequests} from "../../db/schema";
import { additionalStops, categories, counties, eventDates, events, places, productVariants } from "../../db/schema";

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
  const seats = request.quotedSeats ?? 0;
  const guestsPay = request.quoteState === "guests_pay";
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
      paymentType: guestsPay ? PAYMENT_TYPE.traveller : PAYMENT_TYPE.organiser,
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
  const provinceIds = [...new Set([county!.provinceId, ...request.pickupProvinceIds])];
  const quote = request.quote;
  const priceIn = (provinceId: number) => {
    if (!guestsPay || !quote) return 0;
    return quote.provinces.find((row) => row.provinceId === provinceId)?.perSeat ?? seatPrice(quote);
  };
  await tx.insert(productVariants).values(
    provinceIds.map((provinceId) => ({
      categoryId: category!.id,
      provinceId,
      price: priceIn(provinceId),
      capacity: 1,
      stops: 1,
      stock: seats,
      translations: byLocale((locale) => ({ name: translate(locale, "private_events.variant") })),
    })),
  );
  return { eventId, slug };
}
