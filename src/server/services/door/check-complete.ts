/**
 * The van-door check-in (POST /order/{orderId}/check-complete). A ticket is
 * let in only when its code carries the shop's signature for the path's order, that order is paid and not given
 * back, and, when the door names the event date it works, the ticket is for that date. A passenger's code lets
 * that passenger in; the order's code lets every passenger of the order in. Each passenger has two check-ins, one
 * per leg (home to the event, back home); a second scan of a passenger's leg is recorded nowhere and answered as
 * a repeat with the first scan's time and staff member, so a copied code shows up.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { BOARDED } from "../../../shared/domain/dispatch";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { CheckCompleteAnswer } from "../../../shared/schemas/answers/door";
import type { CheckComplete } from "../../../shared/schemas/door";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { admitTicket } from "../boarding/admit-ticket";
import { recordBoardings, storedBoardings } from "../boarding/boarding-record";
import { fullName } from "../boarding/ticket-holders";

export async function checkComplete(deps: ShopContext, staffId: number, orderId: number, body: CheckComplete, locale: Locale): Promise<CheckCompleteAnswer> {
  const { holder, passenger, boarding } = await admitTicket(deps, body.qr, body.leg, locale, { orderId, eventDateId: body.eventDateId });
  const now = deps.now();
  const { created, stored } = await recordBoardings(deps.db, { orderId, boarding, leg: body.leg, staffId, nonce: randomUUID(), at: now, by: BOARDED.door });
  // The whole order's check-ins of this leg, for the "2 of 3 on board" count.
  const all = await storedBoardings(
    deps.db,
    holder.passengers.map((one) => one.passengerId),
    body.leg,
  );
  const repeat = created.size === 0;
  // A repeat answers the first scan that let them in; with several passengers, the earliest.
  const first = [...stored.values()].sort((a, b) => a.at.getTime() - b.at.getTime())[0];
  const { state: _state, refunded: _refunded, countryCode, passengers: _passengers, eventDateId, ...shown } = holder;
  return {
    ...shown,
    timeZone: timeZoneOf(countryCode),
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
