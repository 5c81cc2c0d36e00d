/** What the dispatch calls and the driver's calls answer. Times are ISO instants (UTC). */
import * as z from "zod/mini";
import { CLASH_KINDS, PLAN_NOTE_CODES } from "../../domain/dispatch";
import { VEHICLE_KINDS } from "../../domain/fleet";
import { LEGS } from "../../domain/legs";

export const dispatchPassengerSchema = z.object({ passengerId: z.number(), orderId: z.number(), name: z.string(), phone: z.string(), paid: z.boolean() });

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
  runs: z.array(z.object({ id: z.number(), locked: z.boolean(), capacity: z.number(), departsAt: z.string(), arrivesAt: z.string() })),
  notes: z.array(z.object({ code: z.enum(PLAN_NOTE_CODES), groupIds: z.array(z.string()) })),
  /** Passengers of awaiting orders: planned (their seats held) but told nothing until they pay. */
  pending: z.number(),
  /** Runs whose vehicle or driver is also on another run at an overlapping time (another date, leg or run). */
  clashes: z.array(
    z.object({ runId: z.number(), kind: z.enum(CLASH_KINDS), eventName: z.string(), eventDateId: z.number(), leg: z.enum(LEGS), departsAt: z.string(), arrivesAt: z.string() }),
  ),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/** GET /shop-api/staff/dispatch/options: the dates to plan, the country's fleet and drivers, the map's tiles. */
export const dispatchOptionsSchema = z.object({
  dates: z.array(z.object({ eventDateId: z.number(), eventName: z.string(), startsAt: z.string(), countryCode: z.string() })),
  vehicles: z.array(z.object({ id: z.number(), plate: z.string(), label: z.string(), seats: z.number(), kind: z.enum(VEHICLE_KINDS), countryCode: z.string() })),
  drivers: z.array(z.object({ id: z.number(), name: z.string(), phone: z.string() })),
  tileUrl: z.nullable(z.string()),
});
export type DispatchOptions = z.infer<typeof dispatchOptionsSchema>;

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
  state: z.enum(["waiting", "boarded", "no_show"]),
});

/** GET /shop-api/driver/runs: the driver's runs from today on, soonest first. */
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
  /** Whether the plan's current version is the one the passengers were told. */
  published: z.boolean(),
  /** The stop the van was last sent to ("next stop"), or null. */
  heading: z.nullable(z.number()),
  stops: z.array(
    z.object({
      position: z.number(),
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
      outcome: z.enum(["done", "repeat", "refused"]),
      code: z.optional(z.string()),
      /** next_stop: passengers texted now. */
      notified: z.optional(z.number()),
    }),
  ),
});
