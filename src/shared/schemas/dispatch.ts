/**
 * What the dispatcher sends (/shop-api/staff/dispatch) and what a driver's phone sends (/shop-api/driver):
 * every change of a plan names the plan's version the screen shows, so a change made on an older plan is refused.
 */
import * as z from "zod/mini";
import { DRIVER_ACTIONS, MAX_DRIVER_ACTIONS_PER_CALL } from "../domain/dispatch";
import { LEGS } from "../domain/legs";
import { idParam } from "./catalogue";

const rowId = z.number({ error: "errors.invalid_id" }).check(z.int("errors.invalid_id"), z.positive("errors.invalid_id"), z.lte(2_147_483_647, "errors.invalid_id"));
const leg = z.enum(LEGS, { error: "errors.invalid_leg" });
const version = z.number({ error: "errors.invalid_number" }).check(z.int("errors.invalid_number"), z.gte(0, "errors.invalid_number"));
const position = z.number({ error: "errors.invalid_number" }).check(z.int("errors.invalid_number"), z.gte(0, "errors.invalid_number"), z.lte(10_000, "errors.invalid_number"));

/** GET /shop-api/staff/dispatch: one event date and leg. */
export const dispatchQuerySchema = z.object({ eventDateId: idParam, leg });
export type DispatchQuery = z.infer<typeof dispatchQuerySchema>;

/** POST /shop-api/staff/dispatch/plan: compute the plan (or re-plan every run not locked). */
export const dispatchPlanSchema = z.object({ eventDateId: rowId, leg });

const onPlan = { eventDateId: rowId, leg, version };

/** POST /shop-api/staff/dispatch/publish: tell the passengers the times of this version. */
export const dispatchPublishSchema = z.object(onPlan);

/**
 * Every edit may say `override: true`: kept although it makes a passenger's ride longer than their limit or a
 * driver's day longer than the shift (refused otherwise); the override is shown on the run and audited.
 */
const onEdit = { ...onPlan, override: z.optional(z.boolean({ error: "errors.invalid_value" })) };

/** POST …/move-group: the passenger's pick-up group (one ticket at one address) to another run, or to a new run (null). */
export const moveGroupSchema = z.object({ ...onEdit, passengerId: rowId, toRunId: z.nullable(rowId) });
/** POST …/move-stop: a whole stop to another run, or to a new run (null). */
export const moveStopSchema = z.object({ ...onEdit, runId: rowId, position, toRunId: z.nullable(rowId) });
/** POST …/reorder: the run's stops in a new driving order, given as their current positions. */
export const reorderStopsSchema = z.object({ ...onEdit, runId: rowId, order: z.array(position).check(z.minLength(1, "form.required"), z.maxLength(500, "form.too_long")) });
/** POST …/assign: the run's vehicle and driver (null: none yet). */
export const assignRunSchema = z.object({ ...onEdit, runId: rowId, vehicleId: z.nullable(rowId), driverId: z.nullable(rowId) });
/** POST …/lock: a locked run is kept as it is when the plan is computed again. */
export const lockRunSchema = z.object({ ...onEdit, runId: rowId, locked: z.boolean({ error: "errors.invalid_value" }) });

/**
 * POST …/insert: a passenger booked after the plan was published (waiting for a van) put into the published run
 * that keeps every ride limit and seat with the least extra driving, or into a new run; the plan is published
 * again, telling only the passengers whose time moved.
 */
export const insertLateSchema = z.object({ ...onPlan, passengerId: rowId });

/**
 * POST …/shift: every run of the date's leg moved by `minutes` (later when positive: the show ran late), timed
 * again and, once published, told to every passenger once.
 */
export const dispatchShiftSchema = z.object({
  eventDateId: rowId,
  leg,
  minutes: z
    .number({ error: "errors.invalid_number" })
    .check(z.int("errors.invalid_number"), z.gte(-240, "errors.invalid_number"), z.lte(600, "errors.invalid_number")),
});

/**
 * POST /shop-api/driver/actions: what the phone did, each once by its nonce (sent again after a lost answer or
 * from the offline queue): a passenger boarded (ticked, or their ticket scanned: `qr`), did not come, or the van
 * heads to a stop (its passengers are texted). `at` is when the driver did it.
 */
export const driverActionSchema = z.object({
  nonce: z.string({ error: "errors.invalid_value" }).check(z.trim(), z.minLength(8, "errors.invalid_value"), z.maxLength(80, "errors.invalid_value")),
  runId: rowId,
  action: z.enum(DRIVER_ACTIONS, { error: "errors.invalid_value" }),
  passengerId: z.optional(rowId),
  qr: z.optional(z.string().check(z.maxLength(2000, "form.too_long"))),
  stopPosition: z.optional(position),
  at: z.iso.datetime({ offset: true, error: "form.date_invalid" }),
  /** no_show: the driver confirms they waited at the stop although the van's last position is not near it (audited). */
  override: z.optional(z.boolean({ error: "errors.invalid_value" })),
});
export type DriverActionInput = z.infer<typeof driverActionSchema>;
export const driverActionsSchema = z.object({
  actions: z.array(driverActionSchema, { error: "errors.driver_actions_per_call" }).check(
    z.minLength(1, "errors.driver_actions_per_call"),
    z.maxLength(MAX_DRIVER_ACTIONS_PER_CALL, "errors.driver_actions_per_call"),
  ),
});

/** GET /shop-api/tracking/{token}: the passenger's signed link (passenger id, a dot, the signature). */
export const trackingTokenParams = z.object({ token: z.string().check(z.regex(/^\d{1,10}\.[A-Za-z0-9_-]{20,64}$/)) });
