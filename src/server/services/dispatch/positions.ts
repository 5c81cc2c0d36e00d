/**
 * Where the vans are: the driver's phone reports its run's positions (POST /shop-api/driver/positions) and the
 * live screens read the latest per run (`latestPositions`). A batch is all or nothing: it is accepted only from the
 * driver the run is given to, and only when every fix lies in the run's window (from POSITION_WINDOW_MINUTES before
 * its first pick-up to as long after its last drop-off) and no later than the shop's clock allows; otherwise nothing
 * is stored. A fix the shop already has (the same run and instant: a batch sent again from the phone's offline
 * queue) is skipped, so retries never duplicate.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { POSITION_WINDOW_MINUTES } from "../../../shared/domain/dispatch";
import { ShopError } from "../../../shared/domain/shop-error";
import type { VanPositionsAnswer, VanPositionsInput } from "../../../shared/schemas/van-positions";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { dispatchRuns, vanPositions } from "../../db/schema";

const WINDOW_MS = POSITION_WINDOW_MINUTES * 60_000;
/** A phone's clock may run a little ahead of the shop's: fixes up to this far in the future are taken as now. */
const CLOCK_SKEW_MS = 2 * 60_000;

/** The span in which a run's driver may report positions. */
export function positionWindow(run: { departsAt: Date; arrivesAt: Date }): { from: Date; until: Date } {
  return { from: new Date(run.departsAt.getTime() - WINDOW_MS), until: new Date(run.arrivesAt.getTime() + WINDOW_MS) };
}

export async function recordPositions(deps: ShopContext, driverId: number, input: VanPositionsInput): Promise<VanPositionsAnswer> {
  const [run] = await deps.db
    .select({ driverId: dispatchRuns.driverId, departsAt: dispatchRuns.departsAt, arrivesAt: dispatchRuns.arrivesAt })
    .from(dispatchRuns)
    .where(eq(dispatchRuns.id, input.runId))
    .limit(1);
  // Another driver's run and a run that does not exist answer alike: a phone learns nothing of others' runs.
  if (!run || run.driverId !== driverId) throw new ShopError("positions_not_your_run");
  const { from, until } = positionWindow(run);
  const now = deps.now().getTime();
  const fixes = input.positions.map((one) => ({ ...one, when: new Date(one.at) }));
  for (const fix of fixes) {
    const at = fix.when.getTime();
    if (at < from.getTime() || at > until.getTime() || at > now + CLOCK_SKEW_MS) throw new ShopError("positions_outside_window");
  }
  // One row per instant within the batch too: the first fix of an instant stands.
  const unique = [...new Map(fixes.map((fix) => [fix.when.getTime(), fix])).values()];
  const stored = await deps.db
    .insert(vanPositions)
    .values(unique.map((fix) => ({ runId: input.runId, driverUserId: driverId, lat: fix.lat, lon: fix.lon, accuracyM: fix.accuracy, at: fix.when, receivedAt: new Date(now) })))
    .onConflictDoNothing({ target: [vanPositions.runId, vanPositions.at] })
    .returning({ id: vanPositions.id });
  // This process's live feed recomputes the run at once (other processes hear of it by their poll of the table):
  // the passengers' pages and the dispatcher's screen show the new position without waiting for a poll.
  if (stored.length > 0) deps.live.announce([input.runId], Math.max(...stored.map((row) => row.id)));
  return { stored: stored.length, duplicates: input.positions.length - stored.length };
}

/** The last position of each run (by the phone's time of the fix), for the runs that have any. */
export interface LatestPosition {
  runId: number;
  driverUserId: number;
  lat: number;
  lon: number;
  accuracyM: number | null;
  at: Date;
  receivedAt: Date;
}

export async function latestPositions(db: Db, runIds: readonly number[]): Promise<Map<number, LatestPosition>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([vanPositions.runId], {
      runId: vanPositions.runId,
      driverUserId: vanPositions.driverUserId,
      lat: vanPositions.lat,
      lon: vanPositions.lon,
      accuracyM: vanPositions.accuracyM,
      at: vanPositions.at,
      receivedAt: vanPositions.receivedAt,
    })
    .from(vanPositions)
    .where(and(inArray(vanPositions.runId, [...runIds])))
    .orderBy(vanPositions.runId, sql`${vanPositions.at} desc`);
  return new Map(rows.map((row) => [row.runId, row]));
}
