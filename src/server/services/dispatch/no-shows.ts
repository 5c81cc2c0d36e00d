/**
 * No-shows: the driver says "at the stop" (`arrived`), the van waits NO_SHOW_WAIT_MINUTES, and only then may the
 * driver mark a waiting passenger of that stop as a no-show (times by the phone's clock, so it works offline too).
 * A passenger marked as a no-show is texted once per leg (outbox "dispatch.no-show-notice"), and their order shows it
 * to the buyer and to the desk. A no-show who turns up after all is checked in as usual; the mark is then gone.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { formatTime, timeZoneOf } from "../../../shared/format/dates";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import { type Leg } from "../../../shared/domain/legs";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { translate } from "../../../shared/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { driverActions, events, orders, passengers, runBoardings, tickets, users } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { pick } from "../catalogue/rows";
import { DRIVER_ACTION, RIDER_STATE } from "../../../shared/domain/dispatch";

export interface NoShowNoticeJob {
  passengerId: number;
  leg: Leg;
  /** The stop the van waited at (the pick-up address going out, the venue coming back). */
  address: string;
  /** When the driver marked the no-show (the van left). */
  at: string;
}

/** When the van reached a stop of a run, by the driver's first "at the stop" there; null before it did. */
export async function arrivedAt(db: Db, runId: number, stopPosition: number): Promise<Date | null> {
  const [first] = await db
    .select({ at: driverActions.happenedAt })
    .from(driverActions)
    .where(and(eq(driverActions.runId, runId), eq(driverActions.action, DRIVER_ACTION.arrived), eq(driverActions.stopPosition, stopPosition)))
    .orderBy(asc(driverActions.happenedAt))
    .limit(1);
  return first?.at ?? null;
}

/** Refuses a no-show marked before the van reached the stop or before the wait there was over. */
export async function requireWaitOver(deps: ShopContext, runId: number, stopPosition: number, at: Date, timeZone: string): Promise<void> {
  const minutes = deps.env.NO_SHOW_WAIT_MINUTES;
  const arrived = await arrivedAt(deps.db, runId, stopPosition);
  const from = arrived ? new Date(arrived.getTime() + minutes * 60_000) : null;
  if (!from || at < from) throw new ShopError("no_show_too_early", undefined, { minutes, time: from ? formatTime(from.toISOString(), timeZone) : "—" });
}

/** After a no-show is written: the passenger is texted once per leg (in the same transaction as the mark). */
export async function tellNoShow(tx: Db, job: NoShowNoticeJob, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(runBoardings)
    .set({ noShowToldAt: now })
    .where(and(eq(runBoardings.passengerId, job.passengerId), eq(runBoardings.leg, job.leg), eq(runBoardings.state, RIDER_STATE.noShow), isNullToldAt()))
    .returning({ passengerId: runBoardings.passengerId });
  if (!claimed) return false;
  await enqueue(tx, "dispatch.no-show-notice", job);
  return true;
}

const isNullToldAt = () => isNull(runBoardings.noShowToldAt);

/** The outbox job: the text, in the buyer's language; nothing when the passenger boarded after all or the order is no longer paid. */
export async function noShowNoticeJob(deps: ShopContext, job: NoShowNoticeJob): Promise<void> {
  const [row] = await deps.db
    .select({ phone: passengers.phone, state: runBoardings.state, orderState: orders.state, locale: users.localeCode, event: events.translations, country: events.countryCode })
    .from(runBoardings)
    .innerJoin(passengers, eq(passengers.id, runBoardings.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(runBoardings.passengerId, job.passengerId), eq(runBoardings.leg, job.leg)))
    .limit(1);
  if (!row || row.state !== RIDER_STATE.noShow || row.orderState !== ORDER_STATE.paid) return;
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(row.country) ? (row.country as PhoneCountry) : "CO";
  const to = toE164(row.phone, { country, anyCountry: true });
  if (!to) return;
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const body = translate(locale, "sms.no_show", { event: pick(row.event, locale)?.name ?? "", address: job.address, time: formatTime(job.at, timeZoneOf(row.country)) });
  await deps.sms.send({ to, body });
}

/** An order's passengers marked as no-shows, per leg, for the order's detail and the desk. */
export async function noShowsOfOrder(db: Db, orderId: number): Promise<{ passengerId: number; name: string; leg: Leg; at: string }[]> {
  const ids = await db.select({ id: passengers.id }).from(passengers).innerJoin(tickets, eq(tickets.id, passengers.ticketId)).where(eq(tickets.orderId, orderId));
  if (ids.length === 0) return [];
  const rows = await db
    .select({ passengerId: runBoardings.passengerId, name: passengers.name, leg: runBoardings.leg, at: runBoardings.at })
    .from(runBoardings)
    .innerJoin(passengers, eq(passengers.id, runBoardings.passengerId))
    .where(and(inArray(runBoardings.passengerId, ids.map((one) => one.id)), eq(runBoardings.state, RIDER_STATE.noShow)))
    .orderBy(asc(runBoardings.at));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
