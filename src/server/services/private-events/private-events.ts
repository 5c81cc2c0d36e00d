/**
 * The owner's side of a private event: create, edit, read, list by state,
 * send for review and repeat. Only the owner reaches a private event (404 for anyone else); fields change only while
 * the private event is saved or under review.
 */
import { EDITABLE_PRIVATE_EVENT_STATES, PRIVATE_EVENT_STATE } from "../../../shared/domain/private-event-states";
import { and, eq, inArray } from "drizzle-orm";
import type { PrivateEventBody } from "../../../shared/schemas/private-events";
import { SPEC_DATE_TIME } from "../../../shared/schemas/private-events";
import { timeZoneOf } from "../../../shared/format/dates";
import { ShopError } from "../../../shared/domain/shop-error";
import type { PrivateEventAnswer } from "../../../shared/schemas/answers/private-events";
import type { Db } from "../../db/client";
import { counties, privateEvents, guests, provinces } from "../../db/schema";
import { localDateTime } from "../../../shared/format/local-date-time";
import { guestCounts, ownPrivateEvent, selectPrivateEvents, toAnswer } from "./private-event-rows";
import { isEditable, nextState, STATES_OF_LIST, visibleState } from "./states";
import { byOwner, changePrivateEvent } from "./private-event-life";

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
async function columnsOf(db: Db, body: PrivateEventBody, now: Date) {
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

export async function createPrivateEvent(db: Db, ownerId: number, body: PrivateEventBody, now: Date): Promise<{ id: number }> {
  const columns = await columnsOf(db, body, now);
  const [row] = await db.insert(privateEvents).values({ ...columns, ownerId, state: PRIVATE_EVENT_STATE.saved }).returning({ id: privateEvents.id });
  return { id: row!.id };
}

/** The private event's state must still let its owner change it (saved or under review). */
export function assertEditable(row: { privateEvent: { state: string; endDate: Date } }, now: Date) {
  if (!isEditable(visibleState(row.privateEvent.state, row.privateEvent.endDate, now))) throw new ShopError("request_not_editable");
}

export async function updatePrivateEvent(db: Db, ownerId: number, id: number, body: PrivateEventBody, now: Date): Promise<{ id: number }> {
  const row = await ownPrivateEvent(db, ownerId, id);
  assertEditable(row, now);
  const columns = await columnsOf(db, body, now);
  // The state is re-checked in the write itself: staff may have decided since it was read.
  const updated = await db
    .update(privateEvents)
    .set(columns)
    .where(and(eq(privateEvents.id, id), inArray(privateEvents.state, [...EDITABLE_PRIVATE_EVENT_STATES])))
    .returning({ id: privateEvents.id });
  if (updated.length === 0) throw new ShopError("request_not_editable");
  return { id };
}

export async function getPrivateEvent(db: Db, ownerId: number, id: number, now: Date): Promise<PrivateEventAnswer> {
  const row = await ownPrivateEvent(db, ownerId, id);
  return toAnswer(row, (await guestCounts(db, [id])).get(id), now);
}

/** The owner's private events in a list (1 active, 2 under review with saved and rejected, 3 saved, 4 finished). */
export async function listPrivateEvents(db: Db, ownerId: number, list: keyof typeof STATES_OF_LIST, now: Date): Promise<PrivateEventAnswer[]> {
  const rows = await selectPrivateEvents(db, eq(privateEvents.ownerId, ownerId));
  const counts = await guestCounts(db, rows.map((row) => row.privateEvent.id));
  const wanted = STATES_OF_LIST[list];
  return rows.map((row) => toAnswer(row, counts.get(row.privateEvent.id), now)).filter((privateEvent) => wanted.includes(privateEvent.state));
}

/** Saved -> under review, once the private event has its picture and at least one guest. */
export async function sendForReview(db: Db, ownerId: number, id: number, now: Date) {
  const row = await ownPrivateEvent(db, ownerId, id);
  const state = visibleState(row.privateEvent.state, row.privateEvent.endDate, now);
  if (state === PRIVATE_EVENT_STATE.under_review) return { id, state, eventSlug: null };
  if (!nextState(state, "send")) throw new ShopError("request_not_editable");
  const guestCount = (await guestCounts(db, [id])).get(id)?.count ?? 0;
  if (!row.privateEvent.imagePath || guestCount === 0) throw new ShopError("request_incomplete");
  const moved = await db.transaction((tx) => changePrivateEvent(tx, id, "send", byOwner(ownerId), { ownerId }));
  // A second tab sent it meanwhile: it is under review all the same.
  if (moved.outcome === "disallowed" && moved.state === PRIVATE_EVENT_STATE.under_review) return { id, state: moved.state, eventSlug: null };
  if (moved.outcome !== "changed") throw new ShopError(moved.outcome === "missing" ? "not_found" : "request_not_editable");
  return { id, state: PRIVATE_EVENT_STATE.under_review, eventSlug: null };
}

/**
 * The owner withdraws a private event before staff decide (saved or under review -> cancelled): staff no longer
 * see it for review and it leaves the owner's lists. Withdrawing it again answers the same; once staff decided it
 * can no longer be withdrawn.
 */
export async function withdrawPrivateEvent(db: Db, ownerId: number, id: number) {
  const moved = await db.transaction((tx) => changePrivateEvent(tx, id, "cancel", byOwner(ownerId), { ownerId }));
  if (moved.outcome === "missing") throw new ShopError("not_found");
  if (moved.outcome === "disallowed" && moved.state !== PRIVATE_EVENT_STATE.cancelled) throw new ShopError("request_not_editable");
  return { id, state: PRIVATE_EVENT_STATE.cancelled, eventSlug: null };
}

/**
 * "Repeat event" on a finished one: a new saved private event with the same fields, picture and
 * guests (each with a fresh, unclaimed invitation). Its dates are the old ones until the owner edits them.
 */
export async function repeatPrivateEvent(db: Db, ownerId: number, id: number, now: Date): Promise<{ id: number }> {
  const row = await ownPrivateEvent(db, ownerId, id);
  if (visibleState(row.privateEvent.state, row.privateEvent.endDate, now) !== PRIVATE_EVENT_STATE.finished) throw new ShopError("request_not_repeatable");
  const { privateEvent } = row;
  return db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(privateEvents)
      .values({
        ownerId,
        name: privateEvent.name,
        startDate: privateEvent.startDate,
        endDate: privateEvent.endDate,
        location: privateEvent.location,
        address: privateEvent.address,
        countyId: privateEvent.countyId,
        additionalStops: privateEvent.additionalStops,
        imagePath: privateEvent.imagePath,
        cardImagePath: privateEvent.cardImagePath,
        invitation: privateEvent.invitation,
        claimHours: privateEvent.claimHours,
        guestsExpected: privateEvent.guestsExpected,
        pickupProvinceIds: privateEvent.pickupProvinceIds,
        payer: privateEvent.payer,
        state: PRIVATE_EVENT_STATE.saved,
      })
      .returning({ id: privateEvents.id });
    const list = await tx.select().from(guests).where(eq(guests.privateEventId, id));
    if (list.length > 0) {
      await tx.insert(guests).values(list.map((guest) => ({ privateEventId: copy!.id, name: guest.name, email: guest.email, phone: guest.phone, seats: guest.seats })));
    }
    return { id: copy!.id };
  });
}
