/**
 * Which runs a driver drives, as the plans were last published: the driver's phone lists them, and the driver's
 * actions and the van's positions are taken on them only. A re-plan, a move or a driver given in a draft not yet
 * published changes nothing here; a plan whose date moved or whose end changed shows nothing until it is re-planned
 * and published again (`loadPublishedPlan`).
 */
import { and, eq, gte, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import { callerRowOf, CALLER_COLUMNS_SQL, type CallerRow } from "../../auth/caller";
import type { ShopContext } from "../../context";
import { dispatchPlans, dispatchRuns, eventDates } from "../../db/schema";
import type { PublishedRun } from "../../db/schema";
import { loadPublishedPlan, type PlanState, type RunState } from "./plan-store";

const DAY_MS = 24 * 3_600_000;
/** How far ahead the phone lists runs: the coming weeks, so a driver sees what is planned for them early. */
const DAYS_AHEAD = 30;

export interface DriverRunOfPlan {
  plan: PlanState;
  run: RunState;
}

/** The driver's runs in published plans of dates from a day ago to DAYS_AHEAD ahead (one run when `runId` is given). */
export async function publishedRunsOfDriver(deps: ShopContext, driverId: number, runId?: number): Promise<DriverRunOfPlan[]> {
  const now = deps.now().getTime();
  const drives = runId === undefined ? [{ driverId }] : [{ id: runId, driverId }];
  const rows = await deps.db
    .select({ plan: dispatchPlans })
    .from(dispatchPlans)
    .innerJoin(eventDates, eq(eventDates.id, dispatchPlans.eventDateId))
    .where(
      and(
        isNotNull(dispatchPlans.publishedVersion),
        isNull(dispatchPlans.replanReason),
        gte(eventDates.startDate, new Date(now - DAY_MS)),
        lte(eventDates.startDate, new Date(now + DAYS_AHEAD * DAY_MS)),
        or(
          // Nothing changed since it was published: its runs are the published ones.
          and(
            eq(dispatchPlans.version, dispatchPlans.publishedVersion),
            sql`exists (select 1 from ${dispatchRuns} where ${dispatchRuns.planId} = ${dispatchPlans.id} and ${dispatchRuns.driverId} = ${driverId} ${runId === undefined ? sql`` : sql`and ${dispatchRuns.id} = ${runId}`})`,
          ),
          and(ne(dispatchPlans.version, dispatchPlans.publishedVersion), sql`${dispatchPlans.publishedRuns} @> ${JSON.stringify(drives)}::jsonb`),
        ),
      ),
    );
  const found: DriverRunOfPlan[] = [];
  for (const row of rows) {
    const plan = await loadPublishedPlan(deps.db, row.plan);
    for (const run of plan?.runs ?? []) if (run.driverId === driverId && (runId === undefined || run.id === runId)) found.push({ plan: plan!, run });
  }
  return found.sort((a, b) => a.run.departsAt.getTime() - b.run.departsAt.getTime() || a.run.id! - b.run.id!);
}

/** Whether the run is still in the plan's current draft (a draft may have dropped a published run). */
export async function runStillPlanned(deps: Pick<ShopContext, "db">, runId: number): Promise<boolean> {
  const [row] = await deps.db.select({ id: dispatchRuns.id }).from(dispatchRuns).where(eq(dispatchRuns.id, runId)).limit(1);
  return Boolean(row);
}

/** What the positions endpoint needs of a driver's run as published: its window's times, its date and its country. */
export interface DriverRunWindow {
  eventDateId: number;
  departsAt: Date;
  arrivesAt: Date;
  country: string;
  /** The run's latest stored fix by the phone's clock, which the next ones are judged against, or null. */
  latestFix: { lat: number; lon: number; accuracy: number | null; when: Date } | null;
}

/**
 * For each position post (`$1` its token's user, `$2` its run, `$3`/`$4` the bounds of the dates looked at), the
 * caller's row (auth/caller.ts) and the run as `publishedRunsOfDriver(deps, driverId, runId)` finds it and
 * `runStillPlanned` keeps it, with its latest fix: the same published plan of a date from a day ago to DAYS_AHEAD
 * ahead, not to be re-planned, the run given to the driver as published (its current row while nothing changed since,
 * else its entry in `published_runs`, the only part of it read), and still in the current draft. One row per post,
 * `i` its place in the arrays (from 1); a run comes back with whoever it is given to, `runOfDriver` keeps it for its
 * driver only. A phone posts a fix every few seconds on the day, hundreds of vans at once: reading the whole published
 * plan each time was the live day's heaviest work, and each statement costs both sides more than its work, so the
 * posts of a few milliseconds are read in one (services/dispatch/positions.ts, which puts this text in a `with`).
 */
export const CALLERS_AND_PUBLISHED_RUNS_SQL = `select q.i, ${CALLER_COLUMNS_SQL}, r.*
from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[]) with ordinality as q(user_id, run_id, from_date, until_date, i)
left join users u on u.id = q.user_id
left join lateral (
  select p.event_date_id, e.country_code as country, p.version = p.published_version as current, dr.driver_id,
    (extract(epoch from dr.departs_at) * 1000)::float8 as departs_ms, (extract(epoch from dr.arrives_at) * 1000)::float8 as arrives_ms,
    -- Only for a plan changed since it was published: its whole published_runs is read and unfolded to find the run.
    case when p.version <> p.published_version then
      (select elem::text from jsonb_array_elements(p.published_runs) elem where elem->>'id' = q.run_id::text limit 1) end as published,
    (select json_build_array(v.lat, v.lon, v.accuracy_m, extract(epoch from v.at) * 1000)::text
       from vehicle_positions v where v.run_id = dr.id order by v.at desc limit 1) as latest_fix
  from dispatch_runs dr
  join dispatch_plans p on p.id = dr.plan_id
  join event_dates d on d.id = p.event_date_id
  join events e on e.id = d.event_id
  where u.id is not null and dr.id = q.run_id and p.published_version is not null and p.replan_reason is null
    and d.start_date >= q.from_date and d.start_date <= q.until_date
  limit 1
) r on true`;

/** The bounds of the dates `CALLERS_AND_PUBLISHED_RUNS_SQL` looks at for a post at `now`. */
export function publishedRunDates(now: number): { from: Date; until: Date } {
  return { from: new Date(now - DAY_MS), until: new Date(now + DAYS_AHEAD * DAY_MS) };
}

/** A row of `CALLERS_AND_PUBLISHED_RUNS_SQL` (numbers may come as text or JSON numbers). */
export interface CallerAndRunRow extends Record<string, unknown> {
  i: number | string | null;
  event_date_id: number | string | null;
  country: string | null;
  current: boolean | null;
  driver_id: number | string | null;
  departs_ms: number | string | null;
  arrives_ms: number | string | null;
  published: string | null;
  latest_fix: string | null;
}

/** The token's user (undefined when gone) and the run as its driver's phone shows it, with the driver it is given to. */
export function callerAndPublishedRunOf(row: CallerAndRunRow | undefined): { caller: CallerRow | undefined; run: (DriverRunWindow & { driverId: number | null }) | null } {
  const caller = callerRowOf(row);
  if (!row || row.event_date_id === null || row.event_date_id === undefined || row.country === null || row.country === undefined) return { caller, run: null };
  const eventDateId = Number(row.event_date_id);
  const country = row.country;
  const fix = row.latest_fix === null ? null : (JSON.parse(row.latest_fix) as [number, number, number | null, number]);
  const latestFix = fix && { lat: fix[0], lon: fix[1], accuracy: fix[2], when: new Date(Math.floor(fix[3])) };
  if (row.current) {
    const driverId = row.driver_id === null ? null : Number(row.driver_id);
    return { caller, run: { eventDateId, country, driverId, departsAt: new Date(Number(row.departs_ms)), arrivesAt: new Date(Number(row.arrives_ms)), latestFix } };
  }
  const published = row.published === null ? null : (JSON.parse(row.published) as PublishedRun);
  if (!published) return { caller, run: null };
  return { caller, run: { eventDateId, country, driverId: published.driverId, departsAt: new Date(published.departsAt), arrivesAt: new Date(published.arrivesAt), latestFix } };
}

/** The run of `callerAndPublishedRunOf` when it is given to `driverId` as published, else null. */
export function runOfDriver(run: (DriverRunWindow & { driverId: number | null }) | null, driverId: number): DriverRunWindow | null {
  if (!run || run.driverId !== driverId) return null;
  const { driverId: _driver, ...window } = run;
  return window;
}
