/**
 * Dispatch: the dispatcher's plan of an event date and leg (staff and admins), and the driver's runs and what the
 * driver's phone does (drivers only). Every change of a plan names the version it was made on: an older one is
 * refused with 409 `dispatch_version_stale`.
 */
import type * as z from "zod/mini";
import type { RouteSpec } from "../route-spec";
import * as requests from "../../schemas/dispatch";
import * as answers from "../../schemas/answers/dispatch";
import * as positions from "../../schemas/vehicle-positions";

const route = <const R extends RouteSpec>(spec: R) => spec;

const staffOnly = { 401: ["unauthorized"], 403: ["forbidden"] } as const;
const onPlan = {
  ...staffOnly,
  404: ["not_found"],
  409: ["dispatch_version_stale", "dispatch_not_planned", "dispatch_over_capacity", "ride_limit_exceeded", "shift_limit_exceeded", "dispatch_needs_unmet", "dispatch_passenger_boarded", "dispatch_clash"],
  422: ["validation_failed", "dispatch_target_invalid", "dispatch_vehicle_other_country"],
} as const;

const edit = <B extends z.ZodMiniType>(summary: string, body: B) =>
  ({
    tag: "staff",
    summary: `Dispatch: ${summary}; answers the plan with its new version and times`,
    description:
      "Refused with `ride_limit_exceeded` (naming the passenger, their ride and limit in minutes) or `shift_limit_exceeded` (the driver, their day and the longest shift) when the change would break the rule, unless the body says `override: true`: the run then carries the override (`overrides`, shown on the board) and the audit log a `dispatch_override` row. Seats are never overridden (`dispatch_over_capacity`), nor a vehicle lacking a passenger's needs (`dispatch_needs_unmet`). A passenger already aboard on the leg is never moved (`dispatch_passenger_boarded`, naming them). Every edit writes an audit row on the plan with the touched runs before and after.",
    auth: "staff",
    body,
    answer: answers.dispatchPlanSchema,
    refusals: onPlan,
  }) as const;

export const dispatchRoutes = {
  "GET /shop-api/staff/dispatch": route({
    tag: "staff",
    summary: "Dispatch: the current plan of an event date and leg (version 0 and no runs before it is first computed)",
    description:
      "Every passenger of a paid or awaiting order is in exactly one run; awaiting orders' passengers (`paid: false`) hold their seats and are told nothing until they pay. `published`: this version is the one passengers were told.",
    auth: "staff",
    query: requests.dispatchQuerySchema,
    answer: answers.dispatchPlanSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/dispatch/board": route({
    tag: "staff",
    summary: "Dispatch: what the screen shows beside the plan (venue, runs' locks and times, the planner's notes, pending passengers)",
    auth: "staff",
    query: requests.dispatchQuerySchema,
    answer: answers.dispatchBoardSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/staff/dispatch/options": route({
    tag: "staff",
    summary: "Dispatch: event dates with bookings from yesterday on, the active fleet, the drivers and the map's tile address",
    auth: "staff",
    answer: answers.dispatchOptionsSchema,
    refusals: staffOnly,
  }),
  "POST /shop-api/staff/dispatch/plan": route({
    tag: "staff",
    summary: "Dispatch: compute the plan (or re-plan every run not locked); answers the plan",
    auth: "staff",
    body: requests.dispatchPlanSchema,
    answer: answers.dispatchPlanSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["dispatch_version_stale"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/dispatch/publish": route({
    tag: "staff",
    summary: "Dispatch: tell the passengers (mail and text) and buyers (mail) the times of this version; later publishes tell only those whose time moved past the threshold or whose vehicle changed",
    description:
      "Refused with `dispatch_replan_needed` (the `reason`: date_moved or end_changed) while the back office's change of the date or its end has not been planned again, and with `dispatch_date_past` when every run of the leg is over. Audited (`dispatch_publish`).",
    auth: "staff",
    body: requests.dispatchPublishSchema,
    answer: answers.dispatchPublishedSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["dispatch_version_stale", "dispatch_not_planned", "dispatch_replan_needed", "dispatch_date_past"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/dispatch/move-group": route(edit("move a passenger's pick-up group to another run (or a new one: toRunId null)", requests.moveGroupSchema)),
  "POST /shop-api/staff/dispatch/move-stop": route(edit("move a whole stop to another run (or a new one)", requests.moveStopSchema)),
  "POST /shop-api/staff/dispatch/reorder": route(edit("a run's stops in a new driving order", requests.reorderStopsSchema)),
  "POST /shop-api/staff/dispatch/assign": route(edit("a run's vehicle and driver", requests.assignRunSchema)),
  "POST /shop-api/staff/dispatch/lock": route(edit("lock or unlock a run (a locked run is kept when the plan is computed again)", requests.lockRunSchema)),
  "POST /shop-api/staff/dispatch/insert": route({
    tag: "staff",
    summary: "Dispatch: put a passenger booked after the plan (waiting for a van) into the best run with a driver that keeps every ride limit, seat and need with its vehicle and driver free, or a new run without a driver (`needsDriver`, not published); a plan published at this version whose passenger went into a staffed run is published again, telling only those whose time moved",
    auth: "staff",
    body: requests.insertLateSchema,
    answer: answers.dispatchInsertedSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["dispatch_version_stale", "dispatch_not_planned", "dispatch_not_waiting"], 422: ["validation_failed"] },
  }),
  "POST /shop-api/staff/dispatch/shift": route({
    tag: "staff",
    summary: "Dispatch: move every run of an event date's leg by some minutes (the show ran late), re-timed and audited; once published, every passenger is told once",
    auth: "staff",
    description:
      "The leg's total shift is bounded, however many calls make it: within −240 and 600 min; the return never leaves before the event's end less 30 min nor before the outbound's last van arrives, and the outbound's last van never arrives after the return's first leaves (`dispatch_shift_out_of_bounds`, saying the minutes still allowed).",
    body: requests.dispatchShiftSchema,
    answer: answers.dispatchShiftedSchema,
    refusals: { ...staffOnly, 404: ["not_found"], 409: ["dispatch_version_stale", "dispatch_not_planned", "dispatch_shift_out_of_bounds"], 422: ["validation_failed"] },
  }),
  "GET /shop-api/driver/runs": route({
    tag: "driver",
    summary: "Driver: my runs from today on as last published, soonest first, each stop with its passengers and their check-in",
    auth: "driver",
    answer: answers.driverRunsSchema,
    refusals: staffOnly,
  }),
  "POST /shop-api/driver/actions": route({
    tag: "driver",
    summary: "Driver: check-ins, no-shows and \"next stop\" (which texts the stop's passengers), each applied once by its nonce",
    auth: "driver",
    body: requests.driverActionsSchema,
    answer: answers.driverActionResultsSchema,
    refusals: { ...staffOnly, 422: ["validation_failed"] },
  }),
  "POST /shop-api/driver/positions": route({
    tag: "driver",
    summary: "Driver: where the van of my run was (1 to 100 fixes, each with the phone's time), stored once per run and instant",
    description:
      "Only the driver the run is given to, and only fixes within the run's window (from 2 h before its first pick-up to 2 h after its last drop-off, never in the future): otherwise the whole batch is refused and nothing is stored. A fix the shop already has (same run and `at`), or one less than a second after the run's latest, is counted in `duplicates`, so an offline queue may be sent again. A fix a van could not have is left out: outside the run's country, (0, 0), less accurate than 1,000 m, or further from the run's latest fix than 200 km/h covers in the longer of a minute and the time between them; a batch of nothing else is refused with the first reason. A driver's calls beyond a few a second are refused with 429 and `Retry-After: 1` (the queue is sent again later).",
    auth: "driver",
    body: positions.vehiclePositionsSchema,
    answer: positions.vehiclePositionsAnswerSchema,
    refusals: {
      ...staffOnly,
      403: ["forbidden", "positions_not_your_run"],
      422: ["validation_failed", "positions_outside_window", "position_outside_country", "position_null_island", "position_inaccurate", "position_too_fast"],
      429: ["positions_too_many"],
    },
  }),
} as const satisfies Record<string, RouteSpec>;
