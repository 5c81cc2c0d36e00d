/**
 * Who boarded and who did not come, per passenger and leg, as the day's report reads it: one row each, a door scan
 * (`check_ins`) counting as boarded whatever the driver's phone marked, otherwise the driver's mark
 * (`run_boardings`: boarded or no-show). The report reads boardings only through this one derived table.
 */
import { sql, type SQL } from "drizzle-orm";
import { RIDER_STATE } from "../../../shared/domain/dispatch";

/** A derived table `(passenger_id, leg, state)` with state 'boarded' or 'no_show'. */
export function boardingRecords(): SQL {
  return sql`(
    select passenger_id, leg, case when bool_or(door) then ${RIDER_STATE.boarded} else min(state) end as state
    from (
      select passenger_id, leg, ${RIDER_STATE.boarded}::text as state, true as door from check_ins
      union all
      select passenger_id, leg, state, false as door from run_boardings
    ) marks
    group by passenger_id, leg
  )`;
}
