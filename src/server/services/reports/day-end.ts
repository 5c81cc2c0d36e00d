/**
 * The end of a day, as the shop notices it (the leader sweeps every minute, and the sweep is safe to repeat):
 * - a passenger's drop-off is over DROP_OFF_GRACE_MINUTES after its published time coming back; then each passenger
 *   of the return who rode (boarded a leg and was no no-show coming back) gets one rating invitation: the row in
 *   `ride_ratings` and the mail with the link (`reports.rating-invite`), written in one transaction, once;
 * - an event date is over when every drop-off of its published return is; then its summary is kept (`day_ends`)
 *   and mailed to OPERATIONS_EMAIL with the link to the report (`reports.day-summary`), once.
 * Only drop-offs of the last day are swept: a date that ended long before the shop started sweeping is not
 * mailed about now.
 */
import { sql } from "drizzle-orm";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";
import { LEG } from "../../../shared/domain/legs";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { ShopContext } from "../../context";
import { enqueue } from "../../outbox/enqueue";
import { boardingRecords } from "./day-boardings";

export const DROP_OFF_GRACE_MINUTES = 30;
const SWEEP_MS = 60_000;
const LOOK_BACK_HOURS = 24;

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Invites the passengers whose drop-off is over and closes the dates whose last one is; returns what it did. */
export async function sweepDayEnds(deps: ShopContext): Promise<{ invited: number[]; ended: number[] }> {
  const now = deps.now();
  const over = new Date(now.getTime() - DROP_OFF_GRACE_MINUTES * 60_000).toISOString();
  const since = new Date(now.getTime() - (LOOK_BACK_HOURS * 60 + DROP_OFF_GRACE_MINUTES) * 60_000).toISOString();
  return deps.db.transaction(async (tx) => {
    const invited = rowsOf<{ passenger_id: number }>(
      await tx.execute(sql`
        insert into ride_ratings (passenger_id, event_date_id, run_id, driver_id, invited_at)
        select sp.passenger_id, p.event_date_id, r.id, r.driver_id, ${now.toISOString()}::timestamptz
        from dispatch_plans p
        join dispatch_runs r on r.plan_id = p.id
        join dispatch_stops s on s.run_id = r.id
        join dispatch_stop_passengers sp on sp.stop_id = s.id
        join passengers x on x.id = sp.passenger_id
        join tickets t on t.id = x.ticket_id
        join orders o on o.id = t.order_id
        where p.leg = ${LEG.return} and p.published_version is not null
          and s.time <= ${over}::timestamptz and s.time > ${since}::timestamptz
          and o.state = ${ORDER_STATE.paid}
          and exists (select 1 from ${boardingRecords()} b where b.passenger_id = sp.passenger_id and b.state = ${PASSENGER_STATE.boarded})
          and not exists (select 1 from ${boardingRecords()} b where b.passenger_id = sp.passenger_id and b.leg = ${LEG.return} and b.state = ${PASSENGER_STATE.noShow})
        on conflict (passenger_id) do nothing
        returning passenger_id
      `),
    ).map((row) => Number(row.passenger_id));
    for (const passengerId of invited) await enqueue(tx, "reports.rating-invite", { passengerId });

    const ended = rowsOf<{ event_date_id: number }>(
      await tx.execute(sql`
        insert into day_ends (event_date_id, ended_at, mailed_to)
        select p.event_date_id, ${now.toISOString()}::timestamptz, ${deps.env.OPERATIONS_EMAIL ?? null}::text
        from dispatch_plans p
        join dispatch_runs r on r.plan_id = p.id
        join dispatch_stops s on s.run_id = r.id
        where p.leg = ${LEG.return} and p.published_version is not null
        group by p.event_date_id
        having max(s.time) <= ${over}::timestamptz and max(s.time) > ${since}::timestamptz
        on conflict (event_date_id) do nothing
        returning event_date_id
      `),
    ).map((row) => Number(row.event_date_id));
    for (const eventDateId of ended) await enqueue(tx, "reports.day-summary", { eventDateId });
    return { invited, ended };
  });
}

/** Runs the sweep every minute in the leader; returns its stop. */
export function startDayEndSweeper(deps: ShopContext): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepDayEnds(deps)
      .catch((error: unknown) => console.error("day-end sweep failed", error))
      .finally(() => (running = false));
  }, SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}
