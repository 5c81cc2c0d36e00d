/**
 * No-shows: the driver says "at the stop" (`arrived`), the van waits NO_SHOW_WAIT_MINUTES, and only then may the
 * driver mark a waiting passenger of that stop as a no-show (times by the phone's clock, so it works offline too).
 * A passenger marked as a no-show is texted once per leg (outbox "dispatch.no-show-notice"), and their order shows it
 * to the buyer and to the desk. A no-show who turns up after all is checked in as usual; the mark is then gone.
 */
import { MAIL_SKIP_REASON, type MailSkipReason } from "../../../shared/domain/mail-skips";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { formatTime, timeZoneOf } from "../../../shared/format/dates";
import { mailClock } from "../../mail/mail-clock";
import { readerZoneOf } from "../payers/payer";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import { LEG, type Leg } from "../../../shared/domain/legs";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { ShopError } from "../../../shared/domain/shop-error";
import { translate } from "../../../shared/i18n";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { driverActions, events, orders, passengers, runBoardings, tickets, users } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { pick } from "../catalogue/rows";
import { DRIVER_ACTION, PASSENGER_STATE } from "../../../shared/domain/dispatch";

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

/** How near the stop (or, coming back, the venue) the van's last position must be for a no-show, in metres. */
export const NO_SHOW_NEAR_METERS = 300;

/** What the no-show rule weighs for one passenger on one leg. */
export interface NoShowCase {
  leg: Leg;
  /** The time the passenger was given: the texted pick-up going out, the venue departure coming back. */
  published: Date;
  /** The driver's first "at the stop" there (outbound); null before it, and on the return (the wait is at the venue). */
  arrived: Date | null;
  /** Metres from the van's last position to the stop (the venue coming back); null without a position. */
  distanceMeters: number | null;
  at: Date;
  override: boolean;
}

/**
 * The no-show rule: a passenger may be marked as not come only once their published time has passed and the van
 * waited NO_SHOW_WAIT_MINUTES from the later of its arrival at the stop and that time (coming back: from the venue
 * departure, at the venue), with the van's last position within NO_SHOW_NEAR_METERS of where it waited, or the
 * driver's confirmed override (audited by the caller). Going out, the wait starts only with the driver's arrival.
 * Pure, so the rule is tested on its own; the refusal's values feed its message.
 */
export function noShowRefusal(one: NoShowCase, waitMinutes: number, timeZone: string): ShopError | null {
  if (one.leg === LEG.outbound && !one.arrived) return new ShopError("no_show_too_early", undefined, { minutes: waitMinutes, time: "—" });
  const start = Math.max(one.published.getTime(), one.arrived?.getTime() ?? 0);
  const from = new Date(start + waitMinutes * 60_000);
  if (one.at < from) return new ShopError("no_show_too_early", undefined, { minutes: waitMinutes, time: formatTime(from.toISOString(), timeZone) });
  if (!one.override && (one.distanceMeters === null || one.distanceMeters > NO_SHOW_NEAR_METERS)) {
    return new ShopError("no_show_far_from_stop", undefined, { distance: one.distanceMeters === null ? "—" : `${(one.distanceMeters / 1000).toFixed(1)} km` });
  }
  return null;
}

/** After a no-show is written: the passenger is texted once per leg (in the same transaction as the mark). */
export async function tellNoShow(tx: Db, job: NoShowNoticeJob, now: Date): Promise<boolean> {
  const [claimed] = await tx
    .update(runBoardings)
    .set({ noShowToldAt: now })
    .where(and(eq(runBoardings.passengerId, job.passengerId), eq(runBoardings.leg, job.leg), eq(runBoardings.state, PASSENGER_STATE.noShow), isNullToldAt()))
    .returning({ passengerId: runBoardings.passengerId });
  if (!claimed) return false;
  await enqueue(tx, "dispatch.no-show-notice", job);
  return true;
}

const isNullToldAt = () => isNull(runBoardings.noShowToldAt);

/** The outbox job: the text, in the buyer's language; nothing when the passenger boarded after all or the order is no longer paid. */
export async function noShowNoticeJob(deps: ShopContext, job: NoShowNoticeJob): Promise<void | { skipped: MailSkipReason }> {
  const [row] = await deps.db
    .select({ phone: passengers.phone, state: runBoardings.state, orderState: orders.state, locale: users.localeCode, buyerCountry: users.countryCode, event: events.translations, country: events.countryCode })
    .from(runBoardings)
    .innerJoin(passengers, eq(passengers.id, runBoardings.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(eq(runBoardings.passengerId, job.passengerId), eq(runBoardings.leg, job.leg)))
    .limit(1);
  // A boarding removes the mark: no row, or another state, is a passenger who rode after all.
  if (!row || row.state !== PASSENGER_STATE.noShow) return { skipped: MAIL_SKIP_REASON.boarded };
  if (row.orderState !== ORDER_STATE.paid) return { skipped: MAIL_SKIP_REASON.state_changed };
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(row.country) ? (row.country as PhoneCountry) : "CO";
  const to = toE164(row.phone, { country, anyCountry: true });
  if (!to) return { skipped: MAIL_SKIP_REASON.no_contact };
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const body = translate(locale, "sms.no_show", { event: pick(row.event, locale)?.name ?? "", address: job.address, time: mailClock(locale, timeZoneOf(row.country), readerZoneOf({ countryCode: row.buyerCountry }))(job.at, "time") });
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
    .where(and(inArray(runBoardings.passengerId, ids.map((one) => one.id)), eq(runBoardings.state, PASSENGER_STATE.noShow)))
    .orderBy(asc(runBoardings.at));
  return rows.map((row) => ({ ...row, at: row.at.toISOString() }));
}
