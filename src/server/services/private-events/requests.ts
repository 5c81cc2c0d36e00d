/**
 * The owner's side of a private event request: create, edit, read, list by state,
 * send for review and repeat. Only the owner reaches a request (404 for anyone else); fields change only while
 * the request is saved or under review.
 */
import { EDITABLE_REQUEST_STATES, REQUEST_STATE } from "../../../shared/domain/request-states";
import { and, eq, inArray } from "drizzle-orm";
import type { EventRequestBody } from "../../../shared/schemas/private-events";
import { SPEC_DATE_TIME } from "../../../shared/schemas/private-events";
import { timeZoneOf } from "../../../shared/format/dates";
import { ShopError } from "../../../shared/domain/shop-error";
import type { EventRequestAnswer } from "../../../shared/schemas/answers/private-events";
import type { Db } from "../../db/client";
import { counties, eventRequests, guests, provinces } from "../../db/schema";
import { localDateTime } from "../../db/seed/time";
import { guestCounts, ownRequest, selectRequests, toAnswer } from "./request-rows";
import { isEditable, nextState, STATES_OF_LIST, visibleState } from "./states";

/** "YYYY/MM/DD HH:mm" in the event country's time zone, as an instant. */
export function specDateTimeInstant(value: string, countryCode: string): Date {
  const [, y, m, d, hh, mm] = SPEC_DATE_TIME.exec(value)!.map(Number) as number[];
  // Noon UTC of that day is the same calendar day in every country the shop serves.
  return localDateTime(new Date(Date.UTC(y!, m! - 1, d!, 12)), timeZoneOf(countryCode), 0, `${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}`);
}

async function countryOfCounty(db: Db, countyId: number, field: string): Promise<string> {
  const [row] = await db
    .select({ countryCode: provinces.countryCode })
    .from(counties)
    .innerJoin(provinces, eq(provinces.id, counties.provinceId))
    .where(eq(counties.id, countyId))
    .limit(1);
  if (!row) throw new ShopError("unknown_county", { [field]: "errors.unknown_county" });
  return row.countryCode;
}

/** The body as columns: dates in the event's time zone, every county known and of the event's country. */
async function columnsOf(db: Db, body: EventRequestBody, now: Date) {
  const countryCode = await countryOfCounty(db, body.countyId, "countyId");
  for (const [index, stop] of body.additionalStops.entries()) {
    if ((await countryOfCounty(db, stop.countyId, `additionalStops.${index}.countyId`)) !== countryCode) {
      throw new ShopError("unknown_county", { [`additionalStops.${index}.countyId`]: "errors.unknown_county" });
    }
  }
  const pickupProvinceIds = [...new Set(body.pickupProvinceIds)];
  if (pickupProvinceIds.length > 0) {
    const known = await db.select({ id: provinces.id }).from(provinces).where(and(inArray(provinces.id, pickupProvinceIds), eq(provinces.countryCode, countryCode)));
    if (known.length !== pickupProvinceIds.length) throw new ShopError("unknown_province", { pickupProvinceIds: "errors.unknown_province" });
  }
  const startDate = specDateTimeInstant(body.startDate, countryCode);
  let endDate = specDateTimeInstant(body.endDate, countryCode);
  if (startDate.getTime() <= now.getTime()) throw new ShopError("request_date_past", { startDate: "errors.request_date_past" });
  // An end not after the start is the next day's (a party past midnight).
  if (endDate.getTime() <= startDate.getTime()) endDate = new Date(endDate.getTime() + 86_400_000);
  return {
    name: body.name,
    startDate,
    endDate,
    location: body.location,
    address: body.address,
    countyId: body.countyId,
    additionalStops: body.additionalStops,
    invitation: body.invitation,
    claimHours: body.claimHours,
    guestsExpected: body.guestsExpected ?? null,
    pickupProvinceIds,
    payer: body.payer,
  };
}

export async function createRequest(db: Db, ownerId: number, body: EventRequestBody, now: Date): Promise<{ id: number }> {
  const columns = await columnsOf(db, body, now);
  const [row] = await db.insert(eventRequests).values({ ...columns, ownerId, state: REQUEST_STATE.saved }).returning({ id: eventRequests.id });
  return { id: row!.id };
}

/** The request's state must still let its owner change it (saved or under review). */
export function assertEditable(row: { request: { state: string; endDate: Date } }, now: Date) {
  if (!isEditable(visibleState(row.request.state, row.request.endDate, now))) throw new ShopError("request_not_editable");
}

export async function updateRequest(db: Db, ownerId: number, id: number, body: EventRequestBody, now: Date): Promise<{ id: number }> {
  const row = await ownRequest(db, ownerId, id);
  assertEditable(row, now);
  const columns = await columnsOf(db, body, now);
  // The state is re-checked in the write itself: staff may have decided since it was read.
  const updated = await db
    .update(eventRequests)
    .set(columns)
    .where(and(eq(eventRequests.id, id), inArray(eventRequests.state, [...EDITABLE_REQUEST_STATES])))
    .returning({ id: eventRequests.id });
  if (updated.length === 0) throw new ShopError("request_not_editable");
  return { id };
}

export async function getRequest(db: Db, ownerId: number, id: number, now: Date): Promise<EventRequestAnswer> {
  const row = await ownRequest(db, ownerId, id);
  return toAnswer(row, (await guestCounts(db, [id])).get(id), now);
}

/** The owner's requests in a list (1 active, 2 under review with saved and rejected, 3 saved, 4 finished). */
export async function listRequests(db: Db, ownerId: number, list: keyof typeof STATES_OF_LIST, now: Date): Promise<EventRequestAnswer[]> {
  const rows = await selectRequests(db, eq(eventRequests.ownerId, ownerId));
  const counts = await guestCounts(db, rows.map((row) => row.request.id));
  const wanted = STATES_OF_LIST[list];
  return rows.map((row) => toAnswer(row, counts.get(row.request.id), now)).filter((request) => wanted.includes(request.state));
}

/** Saved -> under review, once the request has its picture and at least one guest. */
export async function sendForReview(db: Db, ownerId: number, id: number, now: Date) {
  const row = await ownRequest(db, ownerId, id);
  const state = visibleState(row.request.state, row.request.endDate, now);
  if (state === REQUEST_STATE.under_review) return { id, state, eventSlug: null };
  if (!nextState(state, "send")) throw new ShopError("request_not_editable");
  const guestCount = (await guestCounts(db, [id])).get(id)?.count ?? 0;
  if (!row.request.imagePath || guestCount === 0) throw new ShopError("request_incomplete");
  await db.update(eventRequests).set({ state: REQUEST_STATE.under_review }).where(and(eq(eventRequests.id, id), eq(eventRequests.state, REQUEST_STATE.saved)));
  return { id, state: REQUEST_STATE.under_review, eventSlug: null };
}

/**
 * "Repeat event" on a finished one: a new saved request with the same fields, picture and
 * guests (each with a fresh, unclaimed invitation). Its dates are the old ones until the owner edits them.
 */
export async function repeatRequest(db: Db, ownerId: number, id: number, now: Date): Promise<{ id: number }> {
  const row = await ownRequest(db, ownerId, id);
  if (visibleState(row.request.state, row.request.endDate, now) !== REQUEST_STATE.finished) throw new ShopError("request_not_repeatable");
  const { request } = row;
  return db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(eventRequests)
      .values({
        ownerId,
        name: request.name,
        startDate: request.startDate,
        endDate: request.endDate,
        location: request.location,
        address: request.address,
        countyId: request.countyId,
        additionalStops: request.additionalStops,
        imagePath: request.imagePath,
        cardImagePath: request.cardImagePath,
        invitation: request.invitation,
        claimHours: request.claimHours,
        guestsExpected: request.guestsExpected,
        pickupProvinceIds: request.pickupProvinceIds,
        payer: request.payer,
        state: REQUEST_STATE.saved,
      })
      .returning({ id: eventRequests.id });
    const list = await tx.select().from(guests).where(eq(guests.requestId, id));
    if (list.length > 0) {
      await tx.insert(guests).values(list.map((guest) => ({ requestId: copy!.id, name: guest.name, email: guest.email, phone: guest.phone, seats: guest.seats })));
    }
    return { id: copy!.id };
  });
}
