/**
 * Approval publishes the private event as an event the way the demo catalogue's private events are written
 * (src/server/seed/catalogue.ts `seedEvent`): a venue, the event (type 2, link-only and login-only, fixed date),
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
import type { privateEvents} from "../../db/schema";
import { additionalStops, categories, counties, eventDates, events, places, productVariants } from "../../db/schema";
import { QUOTE_STATE } from "../../../shared/domain/private-events";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type PrivateEvent = typeof privateEvents.$inferSelect;

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

export async function publishPrivateEvent(tx: Tx | Db, privateEvent: PrivateEvent, countryCode: string): Promise<{ eventId: number; slug: string }> {
  const [county] = await tx.select({ provinceId: counties.provinceId }).from(counties).where(eq(counties.id, privateEvent.countyId));
  const seats = privateEvent.quotedSeats ?? 0;
  const guestsPay = privateEvent.quoteState === QUOTE_STATE.guests_pay;
  const [place] = await tx
    .insert(places)
    .values({ countryCode, name: privateEvent.location, address: privateEvent.address, countyId: privateEvent.countyId })
    .returning({ id: places.id });
  const slug = unguessableSlug(privateEvent.name);
  const imagePath = privateEvent.imagePath ?? undefined;
  const [event] = await tx
    .insert(events)
    .values({
      slug,
      type: EVENT_TYPE.private,
      periodicityType: PERIODICITY_TYPE.fixed,
      paymentType: guestsPay ? PAYMENT_TYPE.traveller : PAYMENT_TYPE.organiser,
      countryCode,
      placeId: place!.id,
      startDate: privateEvent.startDate,
      endDate: privateEvent.endDate,
      translations: byLocale(() => ({
        name: privateEvent.name,
        description: privateEvent.invitation,
        ...(imagePath ? { imagePath, cardImagePath: privateEvent.cardImagePath ?? imagePath } : {}),
      })),
      requiresLogin: true,
      ownerId: privateEvent.ownerId,
    })
    .returning({ id: events.id });
  const eventId = event!.id;
  await tx.insert(eventDates).values({ eventId, startDate: privateEvent.startDate });
  if (privateEvent.additionalStops.length > 0) {
    await tx.insert(additionalStops).values(privateEvent.additionalStops.map((stop) => ({ eventId, address: stop.address, countyId: stop.countyId, time: stop.time })));
  }
  const [category] = await tx
    .insert(categories)
    .values({
      eventId,
      priority: 1,
      translations: byLocale((locale) => ({ name: translate(locale, "private_events.category"), description: translate(locale, "private_events.category_description") })),
    })
    .returning({ id: categories.id });
  const provinceIds = [...new Set([county!.provinceId, ...privateEvent.pickupProvinceIds])];
  const quote = privateEvent.quote;
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
