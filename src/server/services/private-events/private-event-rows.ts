/** Reading private events: one query shape for the owner's and staff's views, and the answer built from it. */
import { and, count, eq, inArray, sum, type SQL } from "drizzle-orm";
import type { PrivateEventAnswer } from "../../../shared/schemas/answers/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import { claimDeadline } from "../invited-seats/guest-seats";
import { counties, privateEvents, events, guests, provinces } from "../../db/schema";
import { visibleState } from "./states";


export type PrivateEventRow = Awaited<ReturnType<typeof selectPrivateEvents>>[number];

export async function selectPrivateEvents(db: Db, where: SQL | undefined) {
  return db
    .select({
      privateEvent: privateEvents,
      county: { id: counties.id, name: counties.name },
      countryCode: provinces.countryCode,
      eventSlug: events.slug,
    })
    .from(privateEvents)
    .innerJoin(counties, eq(counties.id, privateEvents.countyId))
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .leftJoin(events, eq(events.id, privateEvents.eventId))
    .where(where)
    .orderBy(privateEvents.startDate, privateEvents.id);
}

/** The owner's private event, or 404 for anyone else (another person's private event does not exist for them). */
export async function ownPrivateEvent(db: Db, ownerId: number, id: number): Promise<PrivateEventRow> {
  const [row] = await selectPrivateEvents(db, and(eq(privateEvents.id, id), eq(privateEvents.ownerId, ownerId)));
  if (!row) throw new ShopError("not_found");
  return row;
}

export interface GuestCount {
  count: number;
  seats: number;
}

/** Guests and the seats they are given, per private event. */
export async function guestCounts(db: Db, ids: number[]): Promise<Map<number, GuestCount>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ privateEventId: guests.privateEventId, n: count(), seats: sum(guests.seats) })
    .from(guests)
    .where(inArray(guests.privateEventId, ids))
    .groupBy(guests.privateEventId);
  return new Map(rows.map((row) => [row.privateEventId, { count: Number(row.n), seats: Number(row.seats ?? 0) }]));
}

export function toAnswer(row: PrivateEventRow, counted: GuestCount | undefined, now: Date): PrivateEventAnswer {
  const { privateEvent } = row;
  const guestCount = counted?.count ?? 0;
  return {
    id: privateEvent.id,
    name: privateEvent.name,
    startDate: privateEvent.startDate.toISOString(),
    endDate: privateEvent.endDate.toISOString(),
    location: privateEvent.location,
    address: privateEvent.address,
    countyId: privateEvent.countyId,
    county: row.county,
    countryCode: row.countryCode,
    additionalStops: privateEvent.additionalStops,
    invitation: privateEvent.invitation,
    imagePath: privateEvent.imagePath,
    cardImagePath: privateEvent.cardImagePath,
    hasGuests: guestCount > 0,
    guestCount,
    state: visibleState(privateEvent.state, privateEvent.endDate, now),
    rejectionReason: privateEvent.rejectionReason,
    eventSlug: row.eventSlug,
    claimHours: privateEvent.claimHours,
    claimDeadline: claimDeadline(privateEvent).toISOString(),
    guestsExpected: privateEvent.guestsExpected,
    pickupProvinceIds: privateEvent.pickupProvinceIds,
    payer: privateEvent.payer,
    quote: privateEvent.quote,
    quoteState: privateEvent.quoteState,
    quotedSeats: privateEvent.quotedSeats,
    guestSeats: counted?.seats ?? 0,
  };
}

/** Seats no guest claimed by this instant are released (default 48 h before the start). */
export { claimDeadline };
