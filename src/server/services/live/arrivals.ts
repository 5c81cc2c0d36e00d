/**
 * "Van arriving" by itself: when a run's live expected time at a stop still to come falls under
 * ARRIVING_NOTICE_MINUTES, the stop's paid passengers get the text, once per stop and leg. The stop's `vehicle_arrivals`
 * row (unique per run, leg and stop) and each passenger's `vehicle_notices` row (unique per passenger and leg) are
 * written in one transaction with the outbox jobs that send the texts, so two processes, a retried tick or the
 * driver's button afterwards never send a second one. Coming back, the meeting point is the venue: the notice goes
 * when the van's expected departure from it is that near, to every passenger of the run, under the key "venue".
 * Only a van that sends its position triggers it: without one the published times are all the shop knows.
 */
import { and, eq } from "drizzle-orm";
import { ARRIVING_SOURCE } from "../../../shared/domain/dispatch";
import { LEG, type Leg } from "../../../shared/domain/legs";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { LiveRun } from "../../../shared/schemas/answers/live";
import type { ShopContext } from "../../context";
import { orders, passengers, publishedPickups, tickets, users, vehicleArrivals, vehicleNotices } from "../../db/schema";
import { enqueue } from "../../outbox/enqueue";
import { pick } from "../catalogue/rows";
import { eventDay } from "../dispatch/day-passengers";
import { sendVehicleArriving } from "../manifests/vehicle-arriving";
import type { RunFrame } from "./live-state";
import { ORDER_STATE } from "../../../shared/domain/order-states";

/** The stop key of a return leg's meeting point. */
export const VENUE_STOP_KEY = "venue";

export interface VehicleArrivingJob {
  passengerId: number;
  leg: Leg;
  minutes: number;
}

/** The stops (key, passengers, minutes left) whose expected time is within the notice, not yet told. */
export function dueStops(frame: RunFrame, live: LiveRun, now: Date, noticeMinutes: number): { key: string; passengerIds: number[]; minutes: number }[] {
  if (!live.position) return [];
  const minutesTo = (iso: string) => (new Date(iso).getTime() - now.getTime()) / 60_000;
  if (frame.leg === LEG.return) {
    if (!live.venueExpected || live.stopsDone > 0) return [];
    const left = minutesTo(live.venueExpected);
    if (left > noticeMinutes) return [];
    return [{ key: VENUE_STOP_KEY, passengerIds: frame.run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)), minutes: Math.max(1, Math.ceil(left)) }];
  }
  return live.stops
    .filter((stop) => !stop.done && stop.expected !== null && minutesTo(stop.expected) <= noticeMinutes)
    .map((stop) => ({
      key: stop.address,
      passengerIds: frame.run.stops[stop.position]!.groups.flatMap((group) => group.passengerIds),
      minutes: Math.max(1, Math.ceil(minutesTo(stop.expected!))),
    }));
}

/**
 * Per app: the stops (`run leg stop`) whose notice this process saw claimed, by itself or by anyone (the driver's
 * button, another process). A claim is never taken back, so a stop known claimed is not asked again: a run is
 * recomputed with every position, and each due stop asked again was a transaction each time until the van left it.
 */
const claimedByApp = new WeakMap<ShopContext, Set<string>>();
/** A shop that runs for months forgets what it knew past this many stops: the database is asked again, never wrong. */
const CLAIMS_REMEMBERED = 20_000;
function claimedStops(deps: ShopContext): Set<string> {
  let known = claimedByApp.get(deps);
  if (!known) claimedByApp.set(deps, (known = new Set()));
  if (known.size >= CLAIMS_REMEMBERED) known.clear();
  return known;
}

/** Claims and queues the due notices of one run; answers how many passengers' texts were queued. */
export async function sendDueArrivals(deps: ShopContext, frame: RunFrame, live: LiveRun): Promise<number> {
  const due = dueStops(frame, live, deps.now(), deps.env.ARRIVING_NOTICE_MINUTES);
  if (due.length === 0) return 0;
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(frame.day.countryCode) ? (frame.day.countryCode as PhoneCountry) : "CO";
  const known = claimedStops(deps);
  let queued = 0;
  for (const stop of due) {
    const key = `${frame.runId} ${frame.leg} ${stop.key}`;
    if (known.has(key)) continue;
    queued += await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(vehicleArrivals)
        .values({ runId: frame.runId, leg: frame.leg, stopKey: stop.key, source: ARRIVING_SOURCE.automatic, minutes: stop.minutes })
        .onConflictDoNothing()
        .returning({ id: vehicleArrivals.id });
      if (!claimed) return 0;
      let told = 0;
      for (const passengerId of stop.passengerIds) {
        const one = frame.info.get(passengerId);
        if (!one?.paid) continue;
        const phone = toE164(one.phone, { country, anyCountry: true });
        if (!phone) continue;
        const [notice] = await tx.insert(vehicleNotices).values({ passengerId, leg: frame.leg, staffId: null, phone }).onConflictDoNothing().returning({ id: vehicleNotices.id });
        if (!notice) continue;
        await enqueue(tx, "live.vehicle-arriving", { passengerId, leg: frame.leg, minutes: stop.minutes });
        told += 1;
      }
      return told;
    });
    // Committed: claimed, by this call or before it.
    known.add(key);
  }
  if (queued > 0) deps.outbox.wake();
  return queued;
}

/** The outbox job: the text itself, in the buyer's language, to the number claimed; nothing once the order is not paid. */
export async function vehicleArrivingJob(deps: ShopContext, job: VehicleArrivingJob): Promise<void> {
  const [row] = await deps.db
    .select({ orderState: orders.state, eventDateId: orders.eventDateId, locale: users.localeCode, phone: vehicleNotices.phone })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(vehicleNotices, and(eq(vehicleNotices.passengerId, passengers.id), eq(vehicleNotices.leg, job.leg)))
    .where(eq(passengers.id, job.passengerId));
  if (!row || row.orderState !== ORDER_STATE.paid || !row.phone || row.eventDateId === null) return;
  const day = await eventDay(deps, row.eventDateId);
  const locale: Locale = isLocale(row.locale) ? row.locale : DEFAULT_LOCALE;
  const [pickup] = await deps.db
    .select({ address: publishedPickups.address })
    .from(publishedPickups)
    .where(and(eq(publishedPickups.passengerId, job.passengerId), eq(publishedPickups.leg, job.leg)));
  const meetingPoint = job.leg === LEG.outbound ? (pickup?.address ?? "") : [day.venue.name, day.venue.address].filter(Boolean).join(", ");
  await sendVehicleArriving(deps, { to: row.phone, locale, minutes: job.minutes, event: pick(day.translations, locale)?.name ?? "", meetingPoint });
}
