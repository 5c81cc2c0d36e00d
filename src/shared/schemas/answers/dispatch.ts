/** What the dispatch calls and the driver's calls answer. Times are ISO instants (UTC). */
import * as z from "zod/mini";
import { CLASH_KINDS, DRIVER_OUTCOMES, PASSENGER_STATES, OVERRIDE_RULES, PLAN_NOTE_CODES, REPLAN_REASONS } from "../../domain/dispatch";
import { NEEDS } from "../../domain/needs";
import { VEHICLE_KINDS } from "../../domain/fleet";
import { LEGS } from "../../domain/legs";

export const dispatchPassengerSchema = z.object({ passengerId: z.number(), orderId: z.number(), name: z.string(), phone: z.string(), paid: z.boolean(), needs: z.array(z.enum(NEEDS)) });

/** A rule the dispatcher broke on purpose on a run: whose ride (or which driver's day), how long against the limit, by whom. */
export const runOverrideSchema = z.object({
  rule: z.enum(OVERRIDE_RULES),
  passengerId: z.optional(z.number()),
  driverId: z.optional(z.number()),
  minutes: z.number(),
  limitMinutes: z.number(),
  by: z.string(),
  at: z.string(),
});

export const dispatchStopSchema = z.object({
  position: z.number(),
  address: z.string(),
  countyId: z.nullable(z.number()),
  lat: z.number(),
  lon: z.number(),
  approximate: z.boolean(),
  time: z.string(),
  passengers: z.array(dispatchPassengerSchema),
});

export const dispatchRunSchema = z.object({
  id: z.number(),
  vehicle: z.nullable(z.object({ id: z.number(), plate: z.string(), seats: z.number() })),
  seatsNeeded: z.number(),
  driver: z.nullable(z.object({ id: z.number(), name: z.string(), phone: z.string() })),
  stops: z.array(dispatchStopSchema),
  overrides: z.array(runOverrideSchema),
});

/** GET /shop-api/staff/dispatch (and every edit): the plan. `published`: this version is the one passengers were told. */
export const dispatchPlanSchema = z.object({
  eventDateId: z.number(),
  leg: z.enum(LEGS),
  version: z.number(),
  published: z.boolean(),
  runs: z.array(dispatchRunSchema),
});
export type DispatchPlan = z.infer<typeof dispatchPlanSchema>;

/** GET /shop-api/staff/dispatch/board: what the dispatcher's screen shows beside the plan. */
export const dispatchBoardSchema = z.object({
  eventDateId: z.number(),
  leg: z.enum(LEGS),
  version: z.number(),
  publishedVersion: z.nullable(z.number()),
  venue: z.object({ name: z.string(), lat: z.number(), lon: z.number() }),
  runs: z.array(z.object({ id: z.number(), locked: z.boolean(), capacity: z.number(), departsAt: z.string(), arrivesAt: z.string(), overrides: z.array(runOverrideSchema) })),
  notes: z.array(z.object({ code: z.enum(PLAN_NOTE_CODES), groupIds: z.array(z.string()) })),
  /** Passengers of awaiting orders: planned (their seats held) but told nothing until they pay. */
  pending: z.number(),
  /** Runs whose vehicle or driver is also on another run at an overlapping time (another date, leg or run). */
  clashes: z.array(
    z.object({ runId: z.number(), kind: z.enum(CLASH_KINDS), eventName: z.string(), eventDateId: z.number(), leg: z.enum(LEGS), departsAt: z.string(), arrivesAt: z.string() }),
  ),
  /**
   * Paid passengers in no run of a published plan (booked after it was published): waiting for a van, each
   * with an alert on the board until inserted (POST …/insert) or re-planned.
   */
  waiting: z.array(z.object({ passengerId: z.number(), orderId: z.number(), name: z.string(), phone: z.string(), address: z.string(), needs: z.array(z.enum(NEEDS)) })),
  /** Minutes every run of this leg was moved by (POST …/shift). */
  shiftMinutes: z.number(),
  /** Why the plan must be computed again before it is published again (its date moved, its end changed), or null. */
  replanReason: z.nullable(z.enum(REPLAN_REASONS)),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/**
 * The board's stream (…/dispatch/live/events) sends this `board` event at once and whenever the plan or its day
 * changed (an edit, a publish, a booking paid or cancelled, another plan's runs): the board and the plan, as
 * GET …/dispatch/board and GET …/dispatch answer them.
 */
export const dispatchBoardEventSchema = z.object({ board: dispatchBoardSchema, plan: dispatchPlanSchema });
export type DispatchBoardEvent = z.infer<typeof dispatchBoardEventSchema>;

/** GET /shop-api/staff/dispatch/options: the dates to plan, the country's fleet and drivers, the map's tiles. */
export const dispatchOptionsSchema = z.object({
  dates: z.array(z.object({ eventDateId: z.number(), eventName: z.string(), startsAt: z.string(), countryCode: z.string() })),
  vehicles: z.array(z.object({ id: z.number(), plate: z.string(), label: z.string(), seats: z.number(), kind: z.enum(VEHICLE_KINDS), countryCode: z.string() })),
  drivers: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string() })),
  tileUrl: z.nullable(z.string()),
});
export type DispatchOptions = z.infer<typeof dispatchOptionsSchema>;

/** POST …/shift: the plan moved, and how many were told. */
export const dispatchShiftedSchema = z.object({
  version: z.number(),
  shiftMinutes: z.number(),
  passengersNotified: z.number(),
  buyersNotified: z.number(),
});

/** POST …/insert: where the late passenger went, and how many were told. */
export const dispatchInsertedSchema = z.object({
  runId: z.number(),
  /** A new run was opened (no run with a driver could take the passenger within every rule, its vehicle and driver free). */
  newRun: z.boolean(),
  /** The passenger's run has no driver (a new run): the plan was not published again and nobody was told yet. */
  needsDriver: z.boolean(),
  version: z.number(),
  passengersNotified: z.number(),
  buyersNotified: z.number(),
});

/** POST /shop-api/staff/dispatch/publish. */
export const dispatchPublishedSchema = z.object({
  version: z.number(),
  /** Passengers told this time (mail and text), and buyers mailed. */
  passengersNotified: z.number(),
  buyersNotified: z.number(),
});

export const driverPassengerSchema = z.object({
  passengerId: z.number(),
  orderId: z.number(),
  name: z.string(),
  phone: z.string(),
  paid: z.boolean(),
  /** What the passenger needs on board, shown at their stop. */
  needs: z.optional(z.array(z.enum(NEEDS))),
  state: z.enum(PASSENGER_STATES),
});

/** GET /shop-api/driver/runs: the driver's runs from today on, soonest first, as their plans were last published. */
export const driverRunSchema = z.object({
  id: z.number(),
  leg: z.enum(LEGS),
  eventDateId: z.number(),
  eventName: z.string(),
  venue: z.object({ name: z.string(), address: z.string(), lat: z.number(), lon: z.number() }),
  timeZone: z.string(),
  departsAt: z.string(),
  arrivesAt: z.string(),
  vehicle: z.nullable(z.object({ plate: z.string(), label: z.string(), seats: z.number() })),
  /** Always true: a phone lists runs only as published (a draft not yet published is not shown). */
  published: z.boolean(),
  /** The stop the van was last sent to ("next stop"), or null. */
  heading: z.nullable(z.number()),
  /** Minutes the van waits at a stop, from "at the stop", before a no-show may be marked. */
  noShowWaitMinutes: z.number(),
  /**
   * When the phone shares the van's position: the run's window (POST /shop-api/driver/positions takes fixes within
   * it), ending earlier, at the van's fix that showed it, once the run's last stop is done (going out: at the venue).
   */
  sharing: z.object({ from: z.string(), until: z.string() }),
  stops: z.array(
    z.object({
      position: z.number(),
      /** When the driver said the van was at this stop (the no-show wait starts), or null. */
      arrivedAt: z.nullable(z.string()),
      address: z.string(),
      lat: z.number(),
      lon: z.number(),
      time: z.string(),
      navigation: z.object({ geo: z.string(), maps: z.string() }),
      passengers: z.array(driverPassengerSchema),
    }),
  ),
});
export type DriverRun = z.infer<typeof driverRunSchema>;
export const driverRunsSchema = z.array(driverRunSchema);

/** POST /shop-api/driver/actions: each action's outcome by nonce. */
export const driverActionResultsSchema = z.object({
  results: z.array(
    z.object({
      nonce: z.string(),
      /** done: applied now; repeat: this nonce was applied before; refused: `code` says why. */
      outcome: z.enum(DRIVER_OUTCOMES),
      /** refused: why; repeat: `passenger_aboard` when everyone the tick or code names was aboard already. */
      code: z.optional(z.string()),
      /** The values of the code's message (`{name}`, `{vehicle}`, `{time}` …). */
      params: z.optional(z.record(z.string(), z.union([z.string(), z.number()]))),
      /** next_stop: passengers texted now. */
      notified: z.optional(z.number()),
    }),
  ),
});
