/**
 * Who boarded and who did not come, per passenger and leg, as the day's report reads it: one row each. A boarding
 * is the one boarding record (`boardings`, the door's scan or the driver's phone); a passenger with none whom the
 * driver marked is a no-show (`run_boardings`, which holds only those marks). The report reads boardings only
 * through this one derived table.
 */
import { sql, type SQL } from "drizzle-orm";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";

/** A derived table `(passenger_id, leg, state)` with state 'boarded' or 'no_show'. */
export function boardingRecords(): SQL {
  return sql`(
    select passenger_id, leg, ${PASSENGER_STATE.boarded}::text as state from boardings
    union all
    select b.passenger_id, b.leg, b.state from run_boardings b
    where not exists (select 1 from boardings c where c.passenger_id = b.passenger_id and c.leg = b.leg)
  )`;
}
