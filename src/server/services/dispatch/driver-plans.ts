/**
 * Which runs a driver drives, as the plans were last published: the driver's phone lists them, and the driver's
 * actions and the van's positions are taken on them only. A re-plan, a move or a driver given in a draft not yet
 * published changes nothing here; a plan whose date moved or whose end changed shows nothing until it is re-planned
 * and published again (`loadPublishedPlan`).
 */
import { and, eq, gte, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { ShopContext } from "../../context";
import { dispatchPlans, dispatchRuns, eventDates, events, vehiclePositions } from "../../db/schema";
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
 * The run as `publishedRunsOfDriver(deps, driverId, runId)` finds it and `runStillPlanned` keeps it, with its latest
 * fix, for the van's positions, in one query of that run alone: the same published plan of a date from a day ago to DAYS_AHEAD ahead,
 * not to be re-planned, the run given to the driver as published (its current row while nothing changed since,
 * else its entry in `published_runs`, the only part of it read), and still in the current draft. A phone posts a fix
 * every few seconds on the day, hundreds of vans at once: reading the whole published plan each time (every run,
 * stop and passenger of the day, then grouped in Node) was the live day's heaviest work.
 */
export async function driverRunWindow(deps: ShopContext, driverId: number, runId: number): Promise<DriverRunWindow | null> {
  const now = deps.now().getTime();
  const [row] = await deps.db
    .select({
      eventDateId: dispatchPlans.eventDateId,
      country: events.countryCode,
      current: sql<boolean>`${dispatchPlans.version} = ${dispatchPlans.publishedVersion}`,
      driverId: dispatchRuns.driverId,
      departsAt: dispatchRuns.departsAt,
      arrivesAt: dispatchRuns.arrivesAt,
      published: sql<string | null>`(select elem::text from jsonb_array_elements(${dispatchPlans.publishedRuns}) elem where elem->>'id' = ${String(runId)} limit 1)`,
      // In the same statement: a phone posts every few seconds, and each statement costs both sides more than its work.
      latestFix: sql<string | null>`(select json_build_array(${vehiclePositions.lat}, ${vehiclePositions.lon}, ${vehiclePositions.accuracyM}, extract(epoch from ${vehiclePositions.at}) * 1000)::text from ${vehiclePositions} where ${vehiclePositions.runId} = ${dispatchRuns.id} order by ${vehiclePositions.at} desc limit 1)`,
    })
    .from(dispatchRuns)
    .innerJoin(dispatchPlans, eq(dispatchPlans.id, dispatchRuns.planId))
    .innerJoin(eventDates, eq(eventDates.id, dispatchPlans.eventDateId))
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(
      and(
        eq(dispatchRuns.id, runId),
        isNotNull(dispatchPlans.publishedVersion),
        isNull(dispatchPlans.replanReason),
        gte(eventDates.startDate, new Date(now - DAY_MS)),
        lte(eventDates.startDate, new Date(now + DAYS_AHEAD * DAY_MS)),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { eventDateId, country } = row;
  const fix = row.latestFix === null ? null : (JSON.parse(row.latestFix) as [number, number, number | null, number]);
  const latestFix = fix && { lat: fix[0], lon: fix[1], accuracy: fix[2], when: new Date(Math.floor(fix[3])) };
  if (row.current) return row.driverId === driverId ? { eventDateId, country, departsAt: row.departsAt, arrivesAt: row.arrivesAt, latestFix } : null;
  const published = row.published === null ? null : (JSON.parse(row.published) as PublishedRun);
  if (!published || published.driverId !== driverId) return null;
  return { eventDateId, country, departsAt: new Date(published.departsAt), arrivesAt: new Date(published.arrivesAt), latestFix };
}
