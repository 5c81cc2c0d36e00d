/**
 * The day, live: what the dispatcher's screen shows of every published run (GET /shop-api/staff/dispatch/live and
 * its event stream) and what a passenger's tracking link shows (GET /shop-api/tracking/{token}). Times are ISO
 * instants (UTC).
 */
import * as z from "zod/mini";
import { BOARDED_BY, PASSENGER_STATES } from "../../domain/dispatch";
import { LEGS } from "../../domain/legs";
import { TRACKING_STATES } from "../../domain/tracking";

const vehiclePositionSchema = z.object({ lat: z.number(), lon: z.number(), at: z.string(), ageSeconds: z.number() });

export const liveStopSchema = z.object({
  position: z.number(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  /** The published time: pick-up going out, drop-off coming back. */
  planned: z.string(),
  done: z.boolean(),
  /** From the van's last position through the travel times plus the dwell; null once done. */
  expected: z.nullable(z.string()),
  /** Whole minutes late (negative: early); null once done. */
  delayMinutes: z.nullable(z.number()),
});

export const livePassengerSchema = z.object({
  passengerId: z.number(),
  name: z.string(),
  phone: z.string(),
  /** The stop's position in the run. */
  stop: z.number(),
  state: z.enum(PASSENGER_STATES),
  by: z.nullable(z.enum(BOARDED_BY)),
  /** Not boarded where the van has been (or, coming back, once the van should have left the venue). */
  missing: z.boolean(),
});

export const liveRunSchema = z.object({
  runId: z.number(),
  eventDateId: z.number(),
  leg: z.enum(LEGS),
  vehicle: z.nullable(z.object({ plate: z.string(), label: z.string() })),
  driver: z.nullable(z.object({ firstName: z.string(), name: z.string(), phone: z.string() })),
  departsAt: z.string(),
  arrivesAt: z.string(),
  position: z.nullable(vehiclePositionSchema),
  stopsDone: z.number(),
  stopsTotal: z.number(),
  /** Going out: the expected arrival at the venue; coming back: the expected departure from it (null once gone). */
  venueExpected: z.nullable(z.string()),
  delayMinutes: z.number(),
  stops: z.array(liveStopSchema),
  riders: z.array(livePassengerSchema),
});
export type LiveRun = z.infer<typeof liveRunSchema>;

/** GET /shop-api/staff/dispatch/live: every published run of an event date and leg. */
export const liveDaySchema = z.object({
  eventDateId: z.number(),
  leg: z.enum(LEGS),
  venue: z.object({ name: z.string(), lat: z.number(), lon: z.number() }),
  runs: z.array(liveRunSchema),
  at: z.string(),
});
export type LiveDay = z.infer<typeof liveDaySchema>;

/** One leg as its passenger sees it: their van and their own stop, nothing of the other passengers. */
export const trackingLegSchema = z.object({
  leg: z.enum(LEGS),
  vehicle: z.nullable(z.object({ plate: z.string(), label: z.string() })),
  driverFirstName: z.nullable(z.string()),
  /** The van's last position, or null while it has sent none. */
  van: z.nullable(vehiclePositionSchema),
  /** The passenger's own stop: where they are picked up (out) or dropped (back); done once the van was there. */
  stop: z.object({ address: z.string(), lat: z.number(), lon: z.number(), done: z.boolean() }),
  /** Going out: the expected arrival at the venue; coming back: the expected departure from it (null once gone). */
  venueExpected: z.nullable(z.string()),
  /** The leg's one state (waiting, on the way, arriving, aboard, dropped off, missed). */
  state: z.enum(TRACKING_STATES),
  /** The time the passenger was texted: the pick-up going out, the departure from the venue coming back. */
  published: z.string(),
  /** Coming back: the drop-off at their stop the same text named; null going out. */
  publishedArrival: z.nullable(z.string()),
  /** The time the page counts down to (the van at their stop), or null while it shows the published time. */
  expected: z.nullable(z.string()),
  /** Whole minutes late (negative: early) against what the passenger was told; null when nothing is expected. */
  delayMinutes: z.nullable(z.number()),
  aboard: z.boolean(),
});

/** GET /shop-api/tracking/{token}: a passenger's van on the day, no sign-in. */
export const trackingSchema = z.object({
  firstName: z.string(),
  eventName: z.string(),
  venue: z.object({ name: z.string(), lat: z.number(), lon: z.number() }),
  timeZone: z.string(),
  legs: z.array(trackingLegSchema),
  /** The link stops answering then: an hour after the passenger's last drop-off. */
  expiresAt: z.string(),
});
export type Tracking = z.infer<typeof trackingSchema>;
export type TrackingLeg = z.infer<typeof trackingLegSchema>;
