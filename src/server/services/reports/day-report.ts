/**
 * How an event date went: the figures the database computed (day-figures.ts) turned into the day's report, with
 * the passengers' ratings and the event's trend across its dates.
 *
 * - Punctuality: each stop's lateness against its published time, early/on time/late (domain/day-report.ts); per
 *   run p50, p90 and max of its measured stops; per day and leg the on-time share of measured stops. Going out the
 *   arrival at the venue is held against the event's start, coming back the departure against the date's end.
 * - Seats: the vehicle's seats, the passengers planned, boarded and not come; seat use = boarded ÷ seats.
 * - Effort: vehicle-minutes and km from each run's first to last position, km with nobody aboard, boarded
 *   passenger-legs per vehicle-hour, CO2 by the vehicle's kind (day-emissions.ts) beside each boarded passenger
 *   driving the road distance from their stop to the venue in a car shared as usual.
 */
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { punctualityOf, PUNCTUALITY, RATING_SCORES, LOW_RATING_MAX, TRACK_POINTS } from "../../../shared/domain/day-report";
import { LEG, LEGS } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { DayRatingAlert, DayReport, DayRun, DaySummary } from "../../../shared/schemas/answers/day-report";
import type { ShopContext } from "../../context";
import { dayEnds, dispatchPlans, eventDates, events, passengers, rideRatings, tickets } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { co2Kg, drivingAloneCo2Kg, emissionFactors } from "./day-emissions";
import { dayFigures, type DayFigures, type RunFigures, type StopFigures } from "./day-figures";

const MINUTE = 60_000;
const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (part: number, whole: number) => (whole > 0 ? round(part / whole, 3) : null);
const minutesBetween = (later: Date, earlier: Date) => round((later.getTime() - earlier.getTime()) / MINUTE);

/** The value below which a share `p` of the sorted values lie (linear between neighbours, as PostgreSQL's percentile_cont). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return round(sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low));
}

/** Straight-line distance in km (haversine). */
function km(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const rad = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

interface DateRow {
  eventDateId: number;
  eventId: number;
  translations: Record<string, { name: string }>;
  countryCode: string;
  startsAt: Date;
  endsAt: Date | null;
}

async function dateRows(deps: ShopContext, where: { eventDateIds?: number[]; eventId?: number }): Promise<DateRow[]> {
  return deps.db
    .select({ eventDateId: eventDates.id, eventId: events.id, translations: events.translations, countryCode: events.countryCode, startsAt: eventDates.startDate, endsAt: eventDates.endDate })
    .from(eventDates)
    .innerJoin(events, eq(events.id, eventDates.eventId))
    .where(where.eventDateIds ? inArray(eventDates.id, where.eventDateIds) : eq(events.id, where.eventId ?? -1))
    .orderBy(asc(eventDates.startDate));
}

interface RatingRow {
  passengerId: number;
  runId: number | null;
  driverId: number | null;
  score: number;
  comment: string | null;
  ratedAt: Date;
  name: string;
  orderId: number;
}

async function ratingsOf(deps: ShopContext, eventDateId: number): Promise<RatingRow[]> {
  const rows = await deps.db
    .select({ passengerId: rideRatings.passengerId, runId: rideRatings.runId, driverId: rideRatings.driverId, score: rideRatings.score, comment: rideRatings.comment, ratedAt: rideRatings.ratedAt, name: passengers.name, orderId: tickets.orderId })
    .from(rideRatings)
    .innerJoin(passengers, eq(passengers.id, rideRatings.passengerId))
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(sql`${rideRatings.eventDateId} = ${eventDateId} and ${rideRatings.score} is not null`)
    .orderBy(desc(rideRatings.ratedAt));
  return rows.map((row) => ({ ...row, score: row.score!, ratedAt: row.ratedAt! }));
}

const average = (scores: readonly number[]) => (scores.length ? round(scores.reduce((sum, one) => sum + one, 0) / scores.length, 2) : null);

function stopView(stop: StopFigures) {
  const lateMinutes = stop.actualAt ? minutesBetween(stop.actualAt, stop.publishedAt) : null;
  return {
    position: stop.position,
    address: stop.address,
    lat: stop.lat,
    lon: stop.lon,
    publishedAt: stop.publishedAt.toISOString(),
    actualAt: stop.actualAt?.toISOString() ?? null,
    source: stop.source,
    lateMinutes,
    punctuality: lateMinutes === null ? null : punctualityOf(lateMinutes),
    booked: stop.booked,
    boarded: stop.boarded,
    noShows: stop.noShows,
  };
}

interface RunContext {
  date: DateRow;
  factors: ReturnType<typeof emissionFactors>;
  ratings: RatingRow[];
  roadFactor: number;
}

function runView(run: RunFigures, stops: StopFigures[], context: RunContext): Omit<DayRun, "track"> & { passengerKm: number } {
  const views = stops.map(stopView);
  const measured = views.filter((stop) => stop.lateMinutes !== null);
  const lateness = measured.map((stop) => stop.lateMinutes!).sort((a, b) => a - b);
  const booked = stops.reduce((sum, stop) => sum + stop.booked, 0);
  const boarded = stops.reduce((sum, stop) => sum + stop.boarded, 0);
  const vehicleKm = run.metres / 1000;
  // The venue going out is the event's start; coming back the run leaves after the date's end.
  const venuePublished = run.leg === LEG.outbound ? run.arrivesAt : run.departsAt;
  const scores = context.ratings.filter((rating) => rating.runId === run.runId).map((rating) => rating.score);
  const passengerKm = run.venue ? stops.reduce((sum, stop) => sum + stop.boarded * km(stop, run.venue!) * context.roadFactor, 0) : 0;
  return {
    runId: run.runId,
    leg: run.leg,
    position: run.position,
    vehicle: run.plate && run.vehicleKind ? { plate: run.plate, label: run.label ?? run.plate, kind: run.vehicleKind } : null,
    driver: run.driverId !== null ? { id: run.driverId, name: run.driverName ?? "" } : null,
    seats: run.seats,
    booked,
    boarded,
    noShows: stops.reduce((sum, stop) => sum + stop.noShows, 0),
    seatUtilisation: ratio(boarded, run.seats),
    lateMinutes: lateness.length ? { p50: percentile(lateness, 0.5), p90: percentile(lateness, 0.9), max: lateness[lateness.length - 1]! } : null,
    onTimeShare: ratio(measured.filter((stop) => stop.punctuality === PUNCTUALITY.on_time).length, measured.length),
    venue: {
      publishedAt: venuePublished.toISOString(),
      actualAt: run.venueAt?.toISOString() ?? null,
      lateMinutes: run.venueAt ? minutesBetween(run.venueAt, venuePublished) : null,
    },
    vehicleMinutes: run.firstFixAt && run.lastFixAt ? minutesBetween(run.lastFixAt, run.firstFixAt) : 0,
    vehicleKm: round(vehicleKm, 2),
    emptyKm: round(run.emptyMetres / 1000, 2),
    co2Kg: round(co2Kg(context.factors, run.vehicleKind, vehicleKm), 2),
    rating: average(scores),
    ratings: scores.length,
    stops: views,
    passengerKm,
  };
}

function summaryOf(date: DateRow, locale: Locale, figures: DayFigures, runs: DayRun[], ratings: RatingRow[]): DaySummary {
  const measured = runs.flatMap((run) => run.stops).filter((stop) => stop.punctuality !== null);
  const seats = runs.reduce((sum, run) => sum + run.seats, 0);
  const boardedLegs = runs.reduce((sum, run) => sum + run.boarded, 0);
  return {
    eventDateId: date.eventDateId,
    eventId: date.eventId,
    eventName: pick(date.translations, locale)?.name ?? "",
    timeZone: timeZoneOf(date.countryCode),
    startsAt: date.startsAt.toISOString(),
    endsAt: date.endsAt?.toISOString() ?? null,
    passengers: figures.passengers.passengers,
    boarded: figures.passengers.boarded,
    onTimeShare: ratio(measured.filter((stop) => stop.punctuality === PUNCTUALITY.on_time).length, measured.length),
    seatUtilisation: ratio(boardedLegs, seats),
    noShows: figures.passengers.noShows,
    rating: average(ratings.map((rating) => rating.score)),
    ratings: ratings.length,
  };
}

/** One event date's report, computed now. `withTrend: false` leaves the event's other dates out. */
export async function dayReport(deps: ShopContext, eventDateId: number, locale: Locale, options: { withTrend?: boolean } = {}): Promise<DayReport> {
  const [date] = await dateRows(deps, { eventDateIds: [eventDateId] });
  if (!date) throw new ShopError("not_found");
  const [figures, ratings] = await Promise.all([dayFigures(deps.db, eventDateId), ratingsOf(deps, eventDateId)]);
  const factors = emissionFactors(deps.env);
  const context: RunContext = { date, factors, ratings, roadFactor: deps.env.TRAVEL_ROAD_FACTOR };
  const tracks = await tracksOf(deps, figures.runs.map((run) => run.runId));
  const runs = figures.runs.map((run) => ({ ...runView(run, figures.stops.filter((stop) => stop.runId === run.runId), context), track: tracks.get(run.runId) ?? [] }));

  const summary = summaryOf(date, locale, figures, runs, ratings);
  const allStops = runs.flatMap((run) => run.stops);
  const measured = allStops.filter((stop) => stop.punctuality !== null);
  const count = (which: string) => measured.filter((stop) => stop.punctuality === which).length;
  const seats = runs.reduce((sum, run) => sum + run.seats, 0);
  const boardedLegs = runs.reduce((sum, run) => sum + run.boarded, 0);
  const vehicleMinutes = runs.reduce((sum, run) => sum + run.vehicleMinutes, 0);
  const vehicleKm = runs.reduce((sum, run) => sum + run.vehicleKm, 0);
  const co2 = runs.reduce((sum, run) => sum + run.co2Kg, 0);
  const passengerKm = runs.reduce((sum, run) => sum + run.passengerKm, 0);
  const boardedPassengers = figures.passengers.boarded;

  const drivers = new Map<number, { id: number; name: string; scores: number[] }>();
  for (const run of runs) if (run.driver && !drivers.has(run.driver.id)) drivers.set(run.driver.id, { ...run.driver, scores: [] });
  for (const rating of ratings) if (rating.driverId !== null) drivers.get(rating.driverId)?.scores.push(rating.score);

  const alerts: DayRatingAlert[] = ratings
    .filter((rating) => rating.score <= LOW_RATING_MAX)
    .map((rating) => ({ passengerId: rating.passengerId, orderId: rating.orderId, name: rating.name, score: rating.score, comment: rating.comment, runId: rating.runId, ratedAt: rating.ratedAt.toISOString() }));

  const trend = options.withTrend === false ? [summary] : await eventTrend(deps, date, locale, summary);
  await storeSummary(deps, summary);

  return {
    eventDateId: date.eventDateId,
    eventId: date.eventId,
    eventName: summary.eventName,
    startsAt: summary.startsAt,
    endsAt: summary.endsAt,
    timeZone: timeZoneOf(date.countryCode),
    totals: {
      runs: runs.length,
      stops: allStops.length,
      stopsMeasured: measured.length,
      early: count(PUNCTUALITY.early),
      onTime: count(PUNCTUALITY.on_time),
      late: count(PUNCTUALITY.late),
      onTimeShare: summary.onTimeShare,
      seats,
      passengers: summary.passengers,
      booked: runs.reduce((sum, run) => sum + run.booked, 0),
      boarded: boardedLegs,
      noShows: summary.noShows,
      seatUtilisation: summary.seatUtilisation,
      vehicleMinutes: round(vehicleMinutes),
      vehicleKm: round(vehicleKm, 2),
      emptyKm: round(runs.reduce((sum, run) => sum + run.emptyKm, 0), 2),
      passengersPerVehicleHour: vehicleMinutes > 0 ? round(boardedLegs / (vehicleMinutes / 60), 2) : null,
      vehicleMinutesPerPassenger: boardedPassengers > 0 ? round(vehicleMinutes / boardedPassengers) : null,
      co2Kg: round(co2, 2),
      co2KgPerPassenger: boardedPassengers > 0 ? round(co2 / boardedPassengers, 2) : null,
      co2KgDrivingAlonePerPassenger: boardedPassengers > 0 ? round(drivingAloneCo2Kg(factors, passengerKm) / boardedPassengers, 2) : null,
      rating: summary.rating,
      ratings: summary.ratings,
    },
    legs: LEGS.map((leg) => {
      const stops = runs.filter((run) => run.leg === leg).flatMap((run) => run.stops);
      const legMeasured = stops.filter((stop) => stop.punctuality !== null);
      return { leg, stops: stops.length, stopsMeasured: legMeasured.length, onTimeShare: ratio(legMeasured.filter((stop) => stop.punctuality === PUNCTUALITY.on_time).length, legMeasured.length) };
    }),
    runs: runs.map(({ passengerKm: _, ...run }) => run),
    drivers: [...drivers.values()].map((driver) => ({ id: driver.id, name: driver.name, rating: average(driver.scores), ratings: driver.scores.length })),
    ratingSpread: RATING_SCORES.map((score) => ratings.filter((rating) => rating.score === score).length),
    alerts,
    trend,
    co2: { gramsPerKm: factors.gramsPerKm, carOccupancy: factors.carOccupancy },
  };
}

/** An ended day's summary is kept, so the list of days and the trend need not read its positions again. */
async function storeSummary(deps: ShopContext, summary: DaySummary): Promise<void> {
  await deps.db
    .update(dayEnds)
    .set({ summary })
    .where(eq(dayEnds.eventDateId, summary.eventDateId))
    .catch(() => undefined);
}

/** The summaries of these dates: kept ones for ended days, computed now for the others. */
export async function daySummaries(deps: ShopContext, dates: DateRow[], locale: Locale): Promise<DaySummary[]> {
  if (dates.length === 0) return [];
  const kept = await deps.db.select().from(dayEnds).where(inArray(dayEnds.eventDateId, dates.map((date) => date.eventDateId)));
  const byDate = new Map(kept.filter((row) => row.summary).map((row) => [row.eventDateId, row.summary!]));
  const summaries: DaySummary[] = [];
  for (const date of dates) {
    const stored = byDate.get(date.eventDateId);
    if (stored) summaries.push({ ...stored, eventName: pick(date.translations, locale)?.name ?? stored.eventName, timeZone: timeZoneOf(date.countryCode) });
    else summaries.push((await dayReport(deps, date.eventDateId, locale, { withTrend: false })).trend[0]!);
  }
  return summaries;
}

async function eventTrend(deps: ShopContext, date: DateRow, locale: Locale, own: DaySummary): Promise<DaySummary[]> {
  const planned = await plannedDates(deps, { eventId: date.eventId });
  const others = planned.filter((one) => one.eventDateId !== date.eventDateId);
  const summaries = await daySummaries(deps, others, locale);
  return [...summaries, own].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** Event dates with a published plan (newest first, at most `limit`), or one event's. */
async function plannedDates(deps: ShopContext, where: { eventId?: number; limit?: number }): Promise<DateRow[]> {
  const ids = await deps.db
    .selectDistinct({ id: dispatchPlans.eventDateId, startsAt: eventDates.startDate })
    .from(dispatchPlans)
    .innerJoin(eventDates, eq(eventDates.id, dispatchPlans.eventDateId))
    .where(sql`${dispatchPlans.publishedVersion} is not null ${where.eventId ? sql`and ${eventDates.eventId} = ${where.eventId}` : sql``}`)
    .orderBy(desc(eventDates.startDate))
    .limit(where.limit ?? 200);
  return ids.length ? dateRows(deps, { eventDateIds: ids.map((row) => row.id) }) : [];
}

/** GET /staff/reports/days: the planned event dates, newest first, with their summaries. */
export async function listDays(deps: ShopContext, query: { eventId?: number }, locale: Locale): Promise<{ days: DaySummary[] }> {
  const dates = await plannedDates(deps, { eventId: query.eventId, limit: 60 });
  const summaries = await daySummaries(deps, dates, locale);
  return { days: summaries.sort((a, b) => b.startsAt.localeCompare(a.startsAt)) };
}

/**
 * Each run's track, thinned in the database to at most TRACK_POINTS fixes: the first fix at or after each of that many
 * evenly spaced moments from the run's first fix to its last (so both ends are kept), each found through the
 * (run, time) index. A day of hundreds of thousands of fixes sends the map a few hundred points per van in a few
 * index probes per point, never a scan of the fixes.
 */
async function tracksOf(deps: ShopContext, runIds: number[]): Promise<Map<number, { lat: number; lon: number }[]>> {
  const tracks = new Map<number, { lat: number; lon: number }[]>();
  if (runIds.length === 0) return tracks;
  const last = TRACK_POINTS - 1;
  const result = await deps.db.execute(sql`
    select distinct on (r.id, f.at) r.id as run_id, f.lat, f.lon
    from unnest(array[${sql.join(runIds.map((id) => sql`${id}`), sql`, `)}]::int[]) as r(id)
    cross join lateral (select min(at) as first, max(at) as last from vehicle_positions where run_id = r.id) span
    cross join lateral generate_series(0, ${last}) as g(i)
    cross join lateral (
      select p.lat, p.lon, p.at from vehicle_positions p
      where p.run_id = r.id and p.at >= span.first + (span.last - span.first) * (g.i::float8 / ${last})
      order by p.at
      limit 1
    ) f
    where span.first is not null
    order by r.id, f.at`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { run_id: number; lat: number; lon: number }[];
  for (const row of rows) {
    const track = tracks.get(Number(row.run_id)) ?? [];
    track.push({ lat: Number(row.lat), lon: Number(row.lon) });
    tracks.set(Number(row.run_id), track);
  }
  return tracks;
}
