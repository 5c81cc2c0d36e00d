/**
 * The vans' positions as the driver's phones send them (`vehicle_positions`, written by the positions endpoint), read
 * for the live day: each run's latest, and which runs have had new ones since a position id, which is how every
 * shop process hears of positions another process took (ids only grow, and the primary key answers it at once).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { VehiclePosition } from "./live-times";
import { latestPositions } from "../dispatch/positions";

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Each run's latest position by the phone's clock (the positions endpoint's own read). */
export async function latestVehiclePositions(db: Db, runIds: readonly number[]): Promise<Map<number, VehiclePosition>> {
  const latest = await latestPositions(db, runIds);
  return new Map([...latest].map(([runId, fix]) => [runId, { lat: fix.lat, lon: fix.lon, at: fix.at }]));
}

/**
 * The newest position id, and the runs that received positions after `since` with the newest id of each (none when
 * `since` is null).
 */
export async function positionsAfter(db: Db, since: number | null): Promise<{ newest: number | null; runs: { runId: number; top: number }[] }> {
  const [top] = rowsOf<{ id: number | null }>(await db.execute(sql`select max(id) as id from vehicle_positions`));
  const newest = top?.id === null || top?.id === undefined ? null : Number(top.id);
  if (newest === null || since === null || newest <= since) return { newest, runs: [] };
  const rows = rowsOf<{ run_id: number; top: number }>(await db.execute(sql`select run_id, max(id) as top from vehicle_positions where id > ${since} and id <= ${newest} group by run_id`));
  return { newest, runs: rows.map((row) => ({ runId: Number(row.run_id), top: Number(row.top) })) };
}
