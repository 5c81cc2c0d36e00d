/**
 * How the day went (GET /shop-api/staff/reports/days and /days/{eventDateId}): each event date's punctuality, seats,
 * no-shows, effort, CO2 and ratings, per run and stop. Shares are 0–1, minutes and km decimals, times ISO instants.
 */
import * as z from "zod/mini";
import { ARRIVAL_SOURCES, PUNCTUALITIES } from "../../domain/day-report";
import { VEHICLE_KINDS } from "../../domain/fleet";
import { LEGS } from "../../domain/legs";

const share = z.nullable(z.number().check(z.gte(0), z.lte(1)));

/** One event date's summary: what the list of days and the event's trend show. */
export const daySummarySchema = z.object({
  eventDateId: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  /** The event country's clock (IANA), in which its day and times are read. */
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  /** Passengers in the published plans (each once, whatever their legs). */
  passengers: z.number(),
  boarded: z.number(),
  /** Share of the measured stops reached on time (null: no stop measured). */
  onTimeShare: share,
  /** Boarded ÷ seats over every run of the day (null: no seats). */
  seatUtilisation: share,
  /** Passengers who did not come, each counted once however many legs they missed. */
  noShows: z.number(),
  /** The passengers' average rating 1–5 (null: none rated). */
  rating: z.nullable(z.number()),
  ratings: z.number(),
});
export type DaySummary = z.infer<typeof daySummarySchema>;

export const daysListSchema = z.object({ days: z.array(daySummarySchema) });
export type DaysList = z.infer<typeof daysListSchema>;

const lateMinutesSchema = z.object({ p50: z.number(), p90: z.number(), max: z.number() });

export const dayStopSchema = z.object({
  position: z.number(),
  address: z.string(),
  lat: z.number(),
  lon: z.number(),
  publishedAt: z.string(),
  /** The van's first position within 100 m, or the driver's tap; null: neither. */
  actualAt: z.nullable(z.string()),
  source: z.nullable(z.enum(ARRIVAL_SOURCES)),
  /** Minutes after the published time (negative: early). */
  lateMinutes: z.nullable(z.number()),
  punctuality: z.nullable(z.enum(PUNCTUALITIES)),
  booked: z.number(),
  boarded: z.number(),
  noShows: z.number(),
});

export const dayRunSchema = z.object({
  runId: z.number(),
  leg: z.enum(LEGS),
  position: z.number(),
  vehicle: z.nullable(z.object({ plate: z.string(), label: z.string(), kind: z.enum(VEHICLE_KINDS) })),
  driver: z.nullable(z.object({ id: z.number(), name: z.string() })),
  seats: z.number(),
  booked: z.number(),
  boarded: z.number(),
  noShows: z.number(),
  seatUtilisation: share,
  /** Lateness at the run's measured stops (null: none measured). */
  lateMinutes: z.nullable(lateMinutesSchema),
  onTimeShare: share,
  /** Going out: the arrival at the venue against the event's start; coming back: the departure against the date's end. */
  venue: z.object({ publishedAt: z.string(), actualAt: z.nullable(z.string()), lateMinutes: z.nullable(z.number()) }),
  vehicleMinutes: z.number(),
  vehicleKm: z.number(),
  emptyKm: z.number(),
  co2Kg: z.number(),
  rating: z.nullable(z.number()),
  ratings: z.number(),
  stops: z.array(dayStopSchema),
  /** The van's path for the map: its fixes in time order, thinned to at most TRACK_POINTS spread over its time (both ends kept). */
  track: z.array(z.object({ lat: z.number(), lon: z.number() })),
});
export type DayRun = z.infer<typeof dayRunSchema>;

export const dayRatingAlertSchema = z.object({
  passengerId: z.number(),
  orderId: z.number(),
  name: z.string(),
  score: z.number(),
  comment: z.nullable(z.string()),
  runId: z.nullable(z.number()),
  ratedAt: z.string(),
});
export type DayRatingAlert = z.infer<typeof dayRatingAlertSchema>;

export const dayReportSchema = z.object({
  eventDateId: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  startsAt: z.string(),
  endsAt: z.nullable(z.string()),
  timeZone: z.string(),
  totals: z.object({
    runs: z.number(),
    stops: z.number(),
    stopsMeasured: z.number(),
    early: z.number(),
    onTime: z.number(),
    late: z.number(),
    onTimeShare: share,
    seats: z.number(),
    passengers: z.number(),
    booked: z.number(),
    boarded: z.number(),
    noShows: z.number(),
    seatUtilisation: share,
    vehicleMinutes: z.number(),
    vehicleKm: z.number(),
    emptyKm: z.number(),
    /** Boarded passenger-legs per hour of driving. */
    passengersPerVehicleHour: z.nullable(z.number()),
    vehicleMinutesPerPassenger: z.nullable(z.number()),
    co2Kg: z.number(),
    co2KgPerPassenger: z.nullable(z.number()),
    /** What each boarded passenger would have emitted driving to the venue and back in a car shared as usual. */
    co2KgDrivingAlonePerPassenger: z.nullable(z.number()),
    rating: z.nullable(z.number()),
    ratings: z.number(),
  }),
  legs: z.array(z.object({ leg: z.enum(LEGS), stops: z.number(), stopsMeasured: z.number(), onTimeShare: share })),
  runs: z.array(dayRunSchema),
  drivers: z.array(z.object({ id: z.number(), name: z.string(), rating: z.nullable(z.number()), ratings: z.number() })),
  /** How many passengers gave each score, 1 to 5. */
  ratingSpread: z.array(z.number()),
  /** Ratings of 1 or 2, with the passenger's comment. */
  alerts: z.array(dayRatingAlertSchema),
  /** The event's dates with their summaries, oldest first (this one included). */
  trend: z.array(daySummarySchema),
  /** The factors CO2 was computed with (grams per km by vehicle kind, people per car). */
  co2: z.object({ gramsPerKm: z.object({ van: z.number(), minibus: z.number(), bus: z.number(), car: z.number() }), carOccupancy: z.number() }),
});
export type DayReport = z.infer<typeof dayReportSchema>;

/** What a passenger's rating link shows: their trip, and their rating once given. */
export const ratingViewSchema = z.object({
  firstName: z.string(),
  eventName: z.string(),
  startsAt: z.string(),
  score: z.nullable(z.number()),
  comment: z.nullable(z.string()),
  ratedAt: z.nullable(z.string()),
});
export type RatingView = z.infer<typeof ratingViewSchema>;
