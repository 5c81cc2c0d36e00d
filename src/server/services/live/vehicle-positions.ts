/**
 * The vans' positions as the driver's phones send them (`vehicle_positions`, written by the positions endpoint), read
 * for the live day: which runs have had new ones since a position id, which is how every shop process hears of
 * positions another process took (ids only grow, and the primary key answers it at once). Each run's latest is read
 * with the rest of its live state (live-state.ts).
 */
import type { Db } from "../../db/client";
import { runStatement } from "../../db/statements";

/**
 * The newest position id, and the runs that received positions after `since` with the newest id of each (none when
 * `since` is null). One prepared statement (db/statements.ts): every shop process asks it four times a second.
 */
const POSITIONS_AFTER_SQL = `select top.id as newest,
  (select coalesce(json_agg(json_build_array(r.run_id, r.top)), '[]')::text
     from (select run_id, max(id) as top from vehicle_positions where $1::bigint is not null and id > $1::bigint and id <= top.id group by run_id) r) as runs
from (select max(id) as id from vehicle_positions) top`;

export async function positionsAfter(db: Db, since: number | null): Promise<{ newest: number | null; runs: { runId: number; top: number }[] }> {
  const [row] = await runStatement<{ newest: number | string | null; runs: string }>(db, POSITIONS_AFTER_SQL, [since]);
  const newest = row?.newest === null || row?.newest === undefined ? null : Number(row.newest);
  if (newest === null || since === null || newest <= since) return { newest, runs: [] };
  return { newest, runs: (JSON.parse(row!.runs) as [number, number][]).map(([runId, top]) => ({ runId: Number(runId), top: Number(top) })) };
}
