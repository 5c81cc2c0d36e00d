/** Reading requests: one query shape for the owner's and staff's views, and the answer built from it. */
import { and, count, eq, inArray, sum, type SQL } from "drizzle-orm";
import type { EventRequestAnswer } from "../../../shared/schemas/answers/private-events";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Db } from "../../db/client";
import { counties, eventRequests, events, guests, provinces } from "../../db/schema";
import { visibleState } from "./states";

const HOUR_MS = 3_600_000;

export type RequestRow = Awaited<ReturnType<typeof selectRequests>>[number];

export async function selectRequests(db: Db, where: SQL | undefined) {
  return db
    .select({
      request: eventRequests,
      county: { id: counties.id, name: counties.name },
      countryCode: provinces.countryCode,
      eventSlug: events.slug,
    })
    .from(eventRequests)
    .innerJoin(counties, eq(counties.id, eventRequests.countyId))
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .leftJoin(events, eq(events.id, eventRequests.eventId))
    .where(where)
    .orderBy(eventRequests.startDate, eventRequests.id);
}

/** The owner's request, or 404 for anyone else (another person's request does not exist for them). */
export async function ownRequest(db: Db, ownerId: number, id: number): Promise<RequestRow> {
  const [row] = await selectRequests(db, and(eq(eventRequests.id, id), eq(eventRequests.ownerId, ownerId)));
  if (!row) throw new ShopError("not_found");
  return row;
}

export interface GuestCount {
  count: number;
  seats: number;
}

/** Guests and the seats they are given, per request. */
export async function guestCounts(db: Db, ids: number[]): Promise<Map<number, GuestCount>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ requestId: guests.requestId, n: count(), seats: sum(guests.seats) })
    .from(guests)
    .where(inArray(guests.requestId, ids))
    .groupBy(guests.requestId);
  return new Map(rows.map((row) => [row.requestId, { count: Number(row.n), seats: Number(row.seats ?? 0) }]));
}

export function toAnswer(row: RequestRow, counted: GuestCount | undefined, now: Date): EventRequestAnswer {
  const { request } = row;
  const guestCount = counted?.count ?? 0;
  return {
    id: request.id,
    name: request.name,
    startDate: request.startDate.toISOString(),
    endDate: request.endDate.toISOString(),
    location: request.location,
    address: request.address,
    countyId: request.countyId,
    county: row.county,
    countryCode: row.countryCode,
    additionalStops: request.additionalStops,
    invitation: request.invitation,
    imagePath: request.imagePath,
    cardImagePath: request.cardImagePath,
    hasGuests: guestCount > 0,
    guestCount,
    state: visibleState(request.state, request.endDate, now),
    rejectionReason: request.rejectionReason,
    eventSlug: row.eventSlug,
    claimHours: request.claimHours,
    claimDeadline: claimDeadline(request).toISOString(),
    guestsExpected: request.guestsExpected,
    pickupProvinceIds: request.pickupProvinceIds,
    payer: request.payer,
    quote: request.quote,
    quoteState: request.quoteState,
    quotedSeats: request.quotedSeats,
    guestSeats: counted?.seats ?? 0,
  };
}

/** Seats no guest claimed by this instant are released (default 48 h before the start). */
export const claimDeadline = (request: { startDate: Date; claimHours: number }) => new Date(request.startDate.getTime() - request.claimHours * HOUR_MS);
