/**
 * The passengers' boarding records (boarding-record.ts: a boarding, whoever saw it, stands over a driver's no-show
 * mark) read as part of a caller's own statement: the live day reads the vans' positions, the drivers' headings and
 * these in one round trip per recomputation, not four. The module keeps its tables' SQL here, and says what the rows
 * mean in `boardingsOf`, by the same rule as `boardingStates`.
 */
import type { BoardedBy } from "../../../shared/domain/dispatch";
import type { Leg } from "../../../shared/domain/legs";

/**
 * A scalar subquery (SQL text) of the boardings and no-show marks of the passengers `ids` on the legs `legs` (two
 * parameters: parallel arrays, `int[]` and `text[]`), as JSON text: `[[passengerId, leg, boardedBy or null], …]`,
 * null for a no-show mark.
 */
export function boardingRecordsSql(ids: string, legs: string): string {
  return `(select coalesce(json_agg(json_build_array(x.passenger_id, x.leg, x.boarded_by)), '[]')::text from (
    select b.passenger_id, b.leg, b.boarded_by from boardings b
      join unnest(${ids}::int[], ${legs}::text[]) as w(passenger_id, leg) on b.passenger_id = w.passenger_id and b.leg = w.leg
    union all
    select m.passenger_id, m.leg, null from run_boardings m
      join unnest(${ids}::int[], ${legs}::text[]) as w(passenger_id, leg) on m.passenger_id = w.passenger_id and m.leg = w.leg
  ) x)`;
}

/** A leg's boarding records: who is aboard (and who saw it), and who is marked not come and not aboard since. */
export interface LegBoardings {
  aboard: Map<number, BoardedBy>;
  noShows: Set<number>;
}

/** Each leg's records, from the JSON of `boardingRecordsSql`: a boarding stands over a no-show mark. */
export function boardingsOf(json: string): Map<Leg, LegBoardings> {
  const byLeg = new Map<Leg, LegBoardings>();
  for (const [passengerId, leg, by] of JSON.parse(json) as [number, Leg, BoardedBy | null][]) {
    let records = byLeg.get(leg);
    if (!records) byLeg.set(leg, (records = { aboard: new Map(), noShows: new Set() }));
    if (by === null) records.noShows.add(passengerId);
    else records.aboard.set(passengerId, by);
  }
  for (const records of byLeg.values()) for (const passengerId of records.aboard.keys()) records.noShows.delete(passengerId);
  return byLeg;
}
