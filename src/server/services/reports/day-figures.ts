/**
 * The day's figures as the database computes them, for one event date's published runs: each stop's actual arrival
 * (the van's first position within ARRIVAL_RADIUS_M, else the driver's "at the stop" tap), each run's effort from its
 * positions (first to last fix, the distance between consecutive fixes, the part driven with nobody aboard) and the
 * venue's times, and who boarded. Every fix is read by PostgreSQL (or PGlite) in two passes over `vehicle_positions` (the
 * stops' nearest fixes, and the distances between fixes); only one row per run and per stop reaches the shop.
 *
 * The venue's point is where the van's track ends going out and starts coming back (vans end and start their trip
 * there): going out the van reached the venue at its first fix within the radius of its last one, coming back it
 * left at its last fix within the radius of its first one.
 */
import { sql } from "drizzle-orm";
import { ARRIVAL_RADIUS_M, ARRIVAL_SOURCE, type ArrivalSource } from "../../../shared/domain/day-report";
import type { VehicleKind } from "../../../shared/domain/fleet";
import { LEG, type Leg } from "../../../shared/domain/legs";
import { DRIVER_ACTION, PASSENGER_STATE } from "../../../shared/domain/dispatch";
import type { Db } from "../../db/client";
import { boardingRecords } from "./day-boardings";

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
const num = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** Metres per degree of latitude: the radius's box around a stop, before the exact distance is taken. */
const METRES_PER_DEGREE = 111_320;
const EARTH_RADIUS_M = 6_371_000;

export interface RunFigures {
  runId: number;
  leg: Leg;
  position: number;
  driverId: number | null;
  driverName: string | null;
  vehicleKind: VehicleKind | null;
  plate: string | null;
  label: string | null;
  seats: number;
  departsAt: Date;
  arrivesAt: Date;
  firstFixAt: Date | null;
  lastFixAt: Date | null;
  fixes: number;
  metres: number;
  emptyMetres: number;
  /** Going out: the arrival at the venue; coming back: the departure from it (null without positions). */
  venueAt: Date | null;
  venue: { lat: number; lon: number } | null;
}

export interface StopFigures {
  runId: number;
  position: number;
  address: string;
  lat: number;
  lon: number;
  publishedAt: Date;
  actualAt: Date | null;
  source: ArrivalSource | null;
  booked: number;
  boarded: number;
  noShows: number;
}

export interface PassengerFigures {
  passengers: number;
  boarded: number;
  noShows: number;
}

export interface DayFigures {
  runs: RunFigures[];
  stops: StopFigures[];
  passengers: PassengerFigures;
}

const EMPTY_PASSENGERS: PassengerFigures = { passengers: 0, boarded: 0, noShows: 0 };

/** The published runs of an event date with their stops' arrivals and their effort: three queries. */
export async function dayFigures(db: Db, eventDateId: number): Promise<DayFigures> {
  const box = ARRIVAL_RADIUS_M / METRES_PER_DEGREE;
  // The distance between two points close together (equirectangular: exact to centimetres at 100 m).
  const metres = (lat1: string, lon1: string, lat2: string, lon2: string) =>
    sql.raw(`${EARTH_RADIUS_M} * sqrt(power(radians(${lat1} - ${lat2}), 2) + power(cos(radians(${lat1})) * radians(${lon1} - ${lon2}), 2))`);
  const days = sql`
    runs as (
      select r.id as run_id, p.leg, r.position, r.driver_id, r.departs_at, r.arrives_at,
        coalesce(v.seats, r.capacity) as seats, v.kind, v.plate, v.label
      from dispatch_runs r
      join dispatch_plans p on p.id = r.plan_id
      left join vehicles v on v.id = r.vehicle_id
      where p.event_date_id = ${eventDateId} and p.published_version is not null
    ),
    stops as (
      select s.id as stop_id, s.run_id, s.position, s.address, s.lat, s.lon, s.time as published_at
      from dispatch_stops s join runs r on r.run_id = s.run_id
    ),
    riders as (
      select sp.stop_id, sp.passenger_id, r.leg, b.state
      from dispatch_stop_passengers sp
      join stops st on st.stop_id = sp.stop_id
      join runs r on r.run_id = st.run_id
      left join ${boardingRecords()} b on b.passenger_id = sp.passenger_id and b.leg = r.leg
    )`;

  const stopRows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ${days},
      ends as (
        select r.run_id, r.leg, e.lat, e.lon
        from runs r
        cross join lateral (
          (select f.lat, f.lon from vehicle_positions f where f.run_id = r.run_id and r.leg = ${LEG.outbound} order by f.at desc limit 1)
          union all
          (select f.lat, f.lon from vehicle_positions f where f.run_id = r.run_id and r.leg = ${LEG.return} order by f.at asc limit 1)
        ) e
      ),
      places as (
        select st.stop_id as place_id, st.run_id, st.lat, st.lon from stops st
        union all
        select -e.run_id, e.run_id, e.lat, e.lon from ends e
      ),
      near as (
        select pl.place_id, min(f.at) as first_at, max(f.at) as last_at
        from places pl
        join vehicle_positions f on f.run_id = pl.run_id
          and f.lat between pl.lat - ${box} and pl.lat + ${box}
          and f.lon between pl.lon - ${box} / cos(radians(pl.lat)) and pl.lon + ${box} / cos(radians(pl.lat))
        where ${metres("f.lat", "f.lon", "pl.lat", "pl.lon")} <= ${ARRIVAL_RADIUS_M}
        group by pl.place_id
      ),
      taps as (
        select a.run_id, a.stop_position, min(a.happened_at) as at
        from driver_actions a join runs r on r.run_id = a.run_id
        where a.action = ${DRIVER_ACTION.arrived}
        group by a.run_id, a.stop_position
      ),
      counts as (
        select stop_id, count(*) as booked, count(*) filter (where state = ${PASSENGER_STATE.boarded}) as boarded, count(*) filter (where state = ${PASSENGER_STATE.noShow}) as no_shows
        from riders group by stop_id
      )
      select st.run_id, st.position, st.address, st.lat, st.lon, st.published_at,
        coalesce(n.first_at, t.at) as actual_at,
        case when n.first_at is not null then ${ARRIVAL_SOURCE.tracked}::text when t.at is not null then ${ARRIVAL_SOURCE.tapped}::text end as source,
        coalesce(c.booked, 0) as booked, coalesce(c.boarded, 0) as boarded, coalesce(c.no_shows, 0) as no_shows
      from stops st
      left join near n on n.place_id = st.stop_id
      left join taps t on t.run_id = st.run_id and t.stop_position = st.position
      left join counts c on c.stop_id = st.stop_id
      union all
      select e.run_id, -1, '', e.lat, e.lon, null,
        case when e.leg = ${LEG.outbound} then n.first_at else n.last_at end, ${ARRIVAL_SOURCE.tracked}::text, 0, 0, 0
      from ends e left join near n on n.place_id = -e.run_id
      order by 1, 2
    `),
  );
  const stops: StopFigures[] = [];
  const venues = new Map<number, { at: Date | null; lat: number; lon: number }>();
  for (const row of stopRows) {
    const runId = Number(row.run_id);
    if (Number(row.position) < 0) {
      venues.set(runId, { at: date(row.actual_at), lat: Number(row.lat), lon: Number(row.lon) });
      continue;
    }
    stops.push({
      runId,
      position: Number(row.position),
      address: String(row.address),
      lat: Number(row.lat),
      lon: Number(row.lon),
      publishedAt: date(row.published_at)!,
      actualAt: date(row.actual_at),
      source: (row.source as ArrivalSource | null) ?? null,
      booked: Number(row.booked),
      boarded: Number(row.boarded),
      noShows: Number(row.no_shows),
    });
  }

  // Nobody is aboard going out until the first stop where someone boarded, coming back after the last drop-off.
  const runRows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ${days},
      bounds as (
        select r.run_id, r.leg,
          min(a.actual_at) filter (where a.boarded > 0) as first_pickup,
          max(a.actual_at) as last_drop,
          coalesce(sum(a.boarded), 0) as boarded
        from runs r left join (values ${sql.join(
          stops.length ? stops.map((stop) => sql`(${stop.runId}::int, ${stop.actualAt?.toISOString() ?? null}::timestamptz, ${stop.boarded}::int)`) : [sql`(null::int, null::timestamptz, 0)`],
          sql`, `,
        )}) as a(run_id, actual_at, boarded) on a.run_id = r.run_id
        group by r.run_id, r.leg
      ),
      segments as (
        select f.run_id, f.at,
          ${metres("f.lat", "f.lon", "lag(f.lat) over w", "lag(f.lon) over w")} as m
        from vehicle_positions f join runs r on r.run_id = f.run_id
        window w as (partition by f.run_id order by f.at)
      ),
      effort as (
        select s.run_id, min(s.at) as first_at, max(s.at) as last_at, count(*) as fixes, coalesce(sum(s.m), 0) as metres,
          coalesce(sum(s.m) filter (where b.boarded = 0
            or (b.leg = ${LEG.outbound} and (b.first_pickup is null or s.at <= b.first_pickup))
            or (b.leg = ${LEG.return} and b.last_drop is not null and s.at > b.last_drop)), 0) as empty_metres
        from segments s join bounds b on b.run_id = s.run_id
        group by s.run_id
      )
      select r.*, u.first_name, u.last_name, e.first_at, e.last_at, coalesce(e.fixes, 0) as fixes, coalesce(e.metres, 0) as metres, coalesce(e.empty_metres, 0) as empty_metres
      from runs r
      left join effort e on e.run_id = r.run_id
      left join users u on u.id = r.driver_id
      order by r.leg, r.position, r.run_id
    `),
  );
  const runs: RunFigures[] = runRows.map((row) => {
    const runId = Number(row.run_id);
    const venue = venues.get(runId);
    return {
      runId,
      leg: row.leg as Leg,
      position: Number(row.position),
      driverId: num(row.driver_id),
      driverName: row.first_name ? `${String(row.first_name)} ${String(row.last_name ?? "")}`.trim() : null,
      vehicleKind: (row.kind as VehicleKind | null) ?? null,
      plate: (row.plate as string | null) ?? null,
      label: (row.label as string | null) ?? null,
      seats: Number(row.seats),
      departsAt: date(row.departs_at)!,
      arrivesAt: date(row.arrives_at)!,
      firstFixAt: date(row.first_at),
      lastFixAt: date(row.last_at),
      fixes: Number(row.fixes),
      metres: Number(row.metres),
      emptyMetres: Number(row.empty_metres),
      venueAt: venue?.at ?? null,
      venue: venue ? { lat: venue.lat, lon: venue.lon } : null,
    };
  });

  const [people] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ${days}
      select count(distinct passenger_id) as passengers,
        count(distinct passenger_id) filter (where state = ${PASSENGER_STATE.boarded}) as boarded,
        count(distinct passenger_id) filter (where state = ${PASSENGER_STATE.noShow}) as no_shows
      from riders
    `),
  );
  const passengers = people ? { passengers: Number(people.passengers), boarded: Number(people.boarded), noShows: Number(people.no_shows) } : EMPTY_PASSENGERS;
  return { runs, stops, passengers };
}
