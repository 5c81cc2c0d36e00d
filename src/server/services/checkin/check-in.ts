/**
 * The van-door check-in (POST /order/{orderId}/check-complete). A ticket is
 * let in only when its code carries the shop's signature for the path's order, that order is paid and not given
 * back, and, when the door names the event date it works, the ticket is for that date. A passenger's code lets
 * that passenger in; the order's code lets every passenger of the order in. Each passenger has two check-ins, one
 * per leg (home to the event, back home); a second scan of a passenger's leg is recorded nowhere and answered as
 * a repeat with the first scan's time and staff member, so a copied code shows up.
 */
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError, type ShopErrorCode } from "../../../shared/domain/shop-error";
import { formatDate, formatDateTime, timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { CheckCompleteAnswer } from "../../../shared/schemas/answers/checkin";
import type { CheckComplete } from "../../../shared/schemas/checkin";
import type { PassengerTicket } from "../../../shared/tickets/ticket-code";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { checkIns, users } from "../../db/schema";
import { readTicket } from "../tickets/ticket-qr";
import { fullName, ticketHolder, type HolderPassenger, type TicketHolder } from "./ticket-holders";

/** Why an order's ticket may not ride, by the order's state (null: paid, it may). */
export function stateRefusal(state: string): ShopErrorCode | null {
  if (state === ORDER_STATE.paid) return null;
  if (state === ORDER_STATE.cancelled) return "ticket_cancelled";
  if (state === ORDER_STATE.expired) return "ticket_expired";
  return "ticket_not_paid";
}

/** A scanned code the door lets in: its order and the passengers it boards. */
export interface Admitted {
  holder: TicketHolder;
  /** The one passenger of a passenger's code; null for the order's code. */
  passenger: HolderPassenger | null;
  /** Who boards with this scan: the passenger, or every passenger of the order. */
  boarding: HolderPassenger[];
}

/** The ride's date as the refusal tells it: the day and time of an event date, the day of a chosen day. */
function rideDateText(holder: TicketHolder): string {
  if (!holder.date) return "—";
  const timeZone = timeZoneOf(holder.countryCode);
  return /^\d{4}-\d{2}-\d{2}$/.test(holder.date) ? formatDate(`${holder.date}T12:00:00Z`, "UTC") : formatDateTime(holder.date, timeZone);
}

/** The passengers a scanned code boards on this leg, or the refusal. */
export async function admitTicket(
  deps: ShopContext,
  qr: string,
  leg: Leg,
  locale: Locale,
  expected: { orderId?: number; eventDateId?: number } = {},
): Promise<Admitted> {
  const scanned = readTicket(deps.auth.ticketKey, qr);
  if (scanned === null) throw new ShopError("ticket_invalid");
  if (expected.orderId !== undefined && scanned.orderId !== expected.orderId) throw new ShopError("ticket_other_order");
  const holder = await ticketHolder(deps.db, scanned.orderId, locale);
  if (!holder) throw new ShopError("not_found");
  const refusal = stateRefusal(holder.state);
  if (refusal) throw new ShopError(refusal);
  if (holder.refunded) throw new ShopError("ticket_refunded");
  const passenger = scanned.passenger ? passengerOf(holder, scanned.passenger, leg) : null;
  // The order's date decides, not the code's: an order moved to another date keeps its printed codes.
  if (expected.eventDateId !== undefined && holder.eventDateId !== expected.eventDateId) {
    throw new ShopError("wrong_date", undefined, { date: rideDateText(holder) });
  }
  return { holder, passenger, boarding: passenger ? [passenger] : holder.passengers };
}

function passengerOf(holder: TicketHolder, ticket: PassengerTicket, leg: Leg): HolderPassenger {
  const passenger = holder.passengers.find((candidate) => candidate.passengerId === ticket.passengerId);
  // A passenger taken off the order (cancelled) keeps a code with a valid signature: it no longer rides.
  if (!passenger) throw new ShopError("ticket_cancelled");
  if (!ticket.legs.includes(leg)) throw new ShopError("ticket_wrong_leg");
  return passenger;
}

/** A passenger's check-in of one leg as stored: the first scan that let them in. */
export interface StoredCheckIn {
  id: number;
  passengerId: number;
  at: Date;
  staffId: number | null;
  staffName: string | null;
  nonce: string;
}

export async function storedCheckIns(db: Db, passengerIds: number[], leg: Leg): Promise<Map<number, StoredCheckIn>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: checkIns.id,
      passengerId: checkIns.passengerId,
      at: checkIns.createdAt,
      staffId: checkIns.staffId,
      nonce: checkIns.nonce,
      first: users.firstName,
      last: users.lastName,
    })
    .from(checkIns)
    .leftJoin(users, eq(users.id, checkIns.staffId))
    .where(and(inArray(checkIns.passengerId, passengerIds), eq(checkIns.leg, leg)));
  return new Map(
    rows.map((row) => [
      row.passengerId,
      {
        id: row.id,
        passengerId: row.passengerId,
        at: new Date(row.at),
        staffId: row.staffId,
        nonce: row.nonce,
        staffName: row.first !== null && row.last !== null ? fullName({ firstName: row.first, lastName: row.last }) : null,
      },
    ]),
  );
}

/**
 * Writes the leg's check-in of each boarding passenger who has none; answers which ones this call wrote and
 * every one's (first) check-in. One statement: the unique (passenger, leg) index settles two doors scanning the
 * same code at once.
 */
export async function recordCheckIns(
  db: Db,
  entry: { orderId: number; boarding: HolderPassenger[]; leg: Leg; staffId: number; nonce: string; at: Date },
): Promise<{ created: Set<number>; stored: Map<number, StoredCheckIn> }> {
  if (entry.boarding.length === 0) return { created: new Set(), stored: new Map() };
  const written = await db
    .insert(checkIns)
    .values(
      entry.boarding.map((passenger) => ({
        orderId: entry.orderId,
        ticketId: passenger.ticketId,
        passengerId: passenger.passengerId,
        leg: entry.leg,
        staffId: entry.staffId,
        nonce: entry.nonce,
        createdAt: entry.at,
      })),
    )
    .onConflictDoNothing({ target: [checkIns.passengerId, checkIns.leg] })
    .returning({ passengerId: checkIns.passengerId });
  const stored = await storedCheckIns(
    db,
    entry.boarding.map((passenger) => passenger.passengerId),
    entry.leg,
  );
  return { created: new Set(written.map((row) => row.passengerId)), stored };
}

export async function checkComplete(deps: ShopContext, staffId: number, orderId: number, body: CheckComplete, locale: Locale): Promise<CheckCompleteAnswer> {
  const { holder, passenger, boarding } = await admitTicket(deps, body.qr, body.leg, locale, { orderId, eventDateId: body.eventDateId });
  const now = deps.now();
  const { created, stored } = await recordCheckIns(deps.db, { orderId, boarding, leg: body.leg, staffId, nonce: randomUUID(), at: now });
  // The whole order's check-ins of this leg, for the "2 of 3 on board" count.
  const all = await storedCheckIns(
    deps.db,
    holder.passengers.map((one) => one.passengerId),
    body.leg,
  );
  const repeat = created.size === 0;
  // A repeat answers the first scan that let them in; with several passengers, the earliest.
  const first = [...stored.values()].sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  const { state: _state, refunded: _refunded, countryCode: _country, passengers: _passengers, eventDateId, ...shown } = holder;
  return {
    ...shown,
    eventDateId,
    leg: body.leg,
    checkedInAt: repeat && first ? first.at.toISOString() : now.toISOString(),
    alreadyCheckedIn: repeat,
    checkedInBy: repeat && first ? first.staffName : ((await staffNameOf(deps.db, staffId)) ?? null),
    passenger: passenger ? { passengerId: passenger.passengerId, name: passenger.name } : null,
    passengers: holder.passengers.map((one) => ({ passengerId: one.passengerId, name: one.name, checkedIn: all.has(one.passengerId) })),
    checkedInCount: holder.passengers.filter((one) => all.has(one.passengerId)).length,
  };
}

async function staffNameOf(db: Db, staffId: number): Promise<string | undefined> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, staffId)).limit(1);
  return row ? fullName(row) : undefined;
}
