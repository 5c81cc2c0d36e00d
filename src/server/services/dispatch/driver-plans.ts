/**
 * Which runs a driver drives, as the plans were last published: the driver's phone lists them, and the driver's
 * actions and the van's positions are taken on them only. A re-plan, a move or a driver given in a draft not yet
 * published changes nothing here; a plan whose date moved or whose end changed shows nothing until it is re-planned
 * and published again (`loadPublishedPlan`).
 */
import { and, eq, gte, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { ShopContext } from "../../context";
import { dispatchPlans, dispatchRuns, eventDates } from "../../db/schema";
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
