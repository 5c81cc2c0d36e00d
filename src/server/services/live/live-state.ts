/**
 * One live state of the day, per published run: the van's last position and its age, the stops done and to go,
 * who is aboard (the driver's check-ins and the door's scans as one record per passenger), the expected time at
 * each stop still to come from the van's position through the travel-time port plus the dwell, and the delay
 * against the published times. The dispatcher's screen, the passengers' tracking links and the automatic "van
 * arriving" all read it from here. A run's frame (its stops, van, driver, passengers) changes only with the plan;
 * what moves (position, boardings, the driver's "next stop") is read each time.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { LEG, type Leg } from "../../../shared/domain/legs";
import { type BoardedBy, DRIVER_ACTION, PASSENGER_STATE, type PassengerState } from "../../../shared/domain/dispatch";
import type { LiveDay, LiveRun } from "../../../shared/schemas/answers/live";
import type { ShopContext } from "../../context";
import { runStatement } from "../../db/statements";
import { dispatchPlans, dispatchRuns, users, vehicles } from "../../db/schema";
import { boardingRecordsSql, boardingsOf } from "../boarding/boarding-states";
import { createTravelTimes, type LatLon } from "../../geo";
import { loadPlan, type RunState } from "../dispatch/plan-store";
import { passengerInfo, type PassengerInfo } from "../dispatch/plan-view";
import { venuePlace } from "../dispatch/plan-places";
import { eventDay, type EventDay } from "../dispatch/day-passengers";
import { dispatchSettings } from "../dispatch/settings";
import { liveTimes, routeAhead, type LiveRunInput, type VehiclePosition } from "./live-times";
import { anyId } from "../../db/id-lists";

/** What a run is on the day while its plan does not change. */
export interface RunFrame {
  runId: number;
  eventDateId: number;
  leg: Leg;
  day: EventDay;
  venue: LatLon;
  run: RunState;
  vehicle: { plate: string; label: string } | null;
  driver: { id: number; firstName: string; name: string; phone: string } | null;
  info: Map<number, PassengerInfo>;
}

/** The frames of every run of the event date and leg, once its plan was published (none before). */
export async function framesOfDay(deps: ShopContext, eventDateId: number, leg: Leg): Promise<{ day: EventDay; venue: LatLon; frames: RunFrame[] }> {
  const day = await eventDay(deps, eventDateId);
  const plan = await loadPlan(deps.db, eventDateId, leg);
  const venue = await venuePlace(deps, day, plan.runs.flatMap((run) => run.stops));
  if (plan.publishedVersion === null) return { day, venue, frames: [] };
  const runs = plan.runs.filter((run) => run.id !== null);
  const vehicleIds = [...new Set(runs.map((run) => run.vehicleId).filter((id): id is number => id !== null))];
  const driverIds = [...new Set(runs.map((run) => run.driverId).filter((id): id is number => id !== null))];
  const [info, vehicleRows, driverRows] = await Promise.all([
    passengerInfo(deps.db, runs.flatMap((run) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)))),
    vehicleIds.length ? deps.db.select({ id: vehicles.id, plate: vehicles.plate, label: vehicles.label }).from(vehicles).where(anyId(vehicles.id, vehicleIds)) : [],
    driverIds.length
      ? deps.db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, phone: users.phoneNumber }).from(users).where(anyId(users.id, driverIds))
      : [],
  ]);
  const frames = runs.map((run) => {
    const vehicle = vehicleRows.find((row) => row.id === run.vehicleId);
    const driver = driverRows.find((row) => row.id === run.driverId);
    return {
      runId: run.id!,
      eventDateId,
      leg,
      day,
      venue,
      run,
      vehicle: vehicle ? { plate: vehicle.plate, label: vehicle.label } : null,
      driver: driver ? { id: driver.id, firstName: driver.firstName, name: `${driver.firstName} ${driver.lastName}`.trim(), phone: driver.phone ?? "" } : null,
      info,
    };
  });
  return { day, venue, frames };
}

/** The frame the process's live feed keeps for a run (the feed's frames are this module's). */
export const feedFrame = (deps: ShopContext, runId: number) => deps.live.frame(runId) as Promise<RunFrame | null>;

/** The event date and leg of a run of a published plan, or null (not published, or the run is gone). */
export async function publishedDayOfRun(deps: ShopContext, runId: number): Promise<{ eventDateId: number; leg: Leg } | null> {
  const [row] = await deps.db
    .select({ eventDateId: dispatchPlans.eventDateId, leg: dispatchPlans.leg })
    .from(dispatchRuns)
    .innerJoin(dispatchPlans, eq(dispatchPlans.id, dispatchRuns.planId))
    .where(and(eq(dispatchRuns.id, runId), isNotNull(dispatchPlans.publishedVersion)))
    .limit(1);
  return row ?? null;
}

const passengersOf = (run: RunState) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds));

/**
 * What moves on the day, for the runs `$1` (int[]): each run's latest position by the phone's clock, the stop the
 * driver last said they head for (`$2`, the driver's action), and the boarding records of the passengers `$3` on the
 * legs `$4` (services/boarding). One statement, prepared: each recomputation was four statements, a round trip each.
 * A run's latest position is its newest row by the (run, time) index, not every row of the run sorted: a van posts
 * every few seconds all day.
 */
const LIVE_READS_SQL = `select
  (select coalesce(json_agg(json_build_array(p.run_id, p.lat, p.lon, (extract(epoch from p.at) * 1000)::float8)), '[]')::text
     from unnest($1::int[]) r(run_id)
     cross join lateral (select v.run_id, v.lat, v.lon, v.at from vehicle_positions v where v.run_id = r.run_id order by v.at desc limit 1) p) as positions,
  (select coalesce(json_agg(json_build_array(h.run_id, h.stop_position)), '[]')::text
     from (select distinct on (run_id) run_id, stop_position from driver_actions
            where run_id = any($1::int[]) and action = $2 and stop_position is not null
            order by run_id, happened_at desc, created_at desc) h) as headings,
  ${boardingRecordsSql("$3", "$4")} as boardings`;

/** The live state of each frame, read and computed now. */
export async function liveRuns(deps: ShopContext, frames: readonly RunFrame[]): Promise<LiveRun[]> {
  if (frames.length === 0) return [];
  const now = deps.now();
  const runIds = frames.map((frame) => frame.runId);
  const passengerIds: number[] = [];
  const legs: Leg[] = [];
  for (const frame of frames) {
    for (const passengerId of passengersOf(frame.run)) {
      passengerIds.push(passengerId);
      legs.push(frame.leg);
    }
  }
  const [read] = await runStatement<{ positions: string; headings: string; boardings: string }>(deps.db, LIVE_READS_SQL, [runIds, DRIVER_ACTION.next_stop, passengerIds, legs]);
  const positions = new Map(
    (JSON.parse(read!.positions) as [number, number, number, number][]).map(([runId, lat, lon, at]): [number, VehiclePosition] => [runId, { lat, lon, at: new Date(Math.floor(at)) }]),
  );
  const headings = new Map(JSON.parse(read!.headings) as [number, number][]);
  const boardingsByLeg = boardingsOf(read!.boardings);
  const travel = createTravelTimes(deps.env);
  const dwellMinutes = dispatchSettings(deps.env).plan.dwellMinutes;
  return Promise.all(
    frames.map(async (frame) => {
      const records = boardingsByLeg.get(frame.leg);
      const states = new Map<number, { state: PassengerState; by: BoardedBy | null }>();
      for (const [passengerId, by] of records?.aboard ?? []) states.set(passengerId, { state: PASSENGER_STATE.boarded, by });
      for (const passengerId of records?.noShows ?? []) states.set(passengerId, { state: PASSENGER_STATE.noShow, by: null });
      const position = positions.get(frame.runId) ?? null;
      const input: LiveRunInput = {
        leg: frame.leg,
        departsAt: frame.run.departsAt,
        arrivesAt: frame.run.arrivesAt,
        venue: frame.venue,
        stops: frame.run.stops.map((stop) => ({ key: stop.address, lat: stop.lat, lon: stop.lon, planned: stop.time, passengerIds: stop.groups.flatMap((group) => group.passengerIds) })),
        position,
        heading: headings.get(frame.runId) ?? null,
        settled: new Set([...states].filter(([, one]) => one.state !== PASSENGER_STATE.waiting).map(([id]) => id)),
        now,
        dwellMinutes,
      };
      let seconds: number[] = [];
      if (position) {
        const points = routeAhead(input);
        const matrix = await travel.matrix(points);
        seconds = points.slice(1).map((_, index) => matrix[index]?.[index + 1] ?? 0);
      }
      const times = liveTimes(input, seconds);
      const venueGone = frame.leg === LEG.return && (times.stops.some((stop) => stop.done) || now >= frame.run.departsAt);
      return {
        runId: frame.runId,
        eventDateId: frame.eventDateId,
        leg: frame.leg,
        vehicle: frame.vehicle,
        driver: frame.driver ? { firstName: frame.driver.firstName, name: frame.driver.name, phone: frame.driver.phone } : null,
        departsAt: frame.run.departsAt.toISOString(),
        arrivesAt: frame.run.arrivesAt.toISOString(),
        position: position ? { lat: position.lat, lon: position.lon, at: position.at.toISOString(), ageSeconds: Math.max(0, Math.round((now.getTime() - position.at.getTime()) / 1000)) } : null,
        stopsDone: times.done,
        stopsTotal: frame.run.stops.length,
        venueExpected: times.venueExpected?.toISOString() ?? null,
        delayMinutes: times.delayMinutes,
        stops: frame.run.stops.map((stop, index) => ({
          position: index,
          address: stop.address,
          lat: stop.lat,
          lon: stop.lon,
          planned: stop.time.toISOString(),
          done: times.stops[index]!.done,
          expected: times.stops[index]!.expected?.toISOString() ?? null,
          delayMinutes: times.stops[index]!.delayMinutes,
        })),
        riders: frame.run.stops.flatMap((stop, index) =>
          stop.groups.flatMap((group) =>
            group.passengerIds.map((passengerId) => {
              const one = frame.info.get(passengerId);
              const record = states.get(passengerId) ?? { state: PASSENGER_STATE.waiting, by: null };
              const due = frame.leg === LEG.outbound ? times.stops[index]!.done : venueGone;
              return { passengerId, name: one?.name ?? "", phone: one?.phone ?? "", stop: index, state: record.state, by: record.by, missing: due && record.state !== PASSENGER_STATE.boarded };
            }),
          ),
        ),
      };
    }),
  );
}

/** GET /shop-api/staff/dispatch/live: every published run of an event date and leg, live. */
export async function liveDay(deps: ShopContext, eventDateId: number, leg: Leg): Promise<LiveDay> {
  const { day, venue, frames } = await framesOfDay(deps, eventDateId, leg);
  return { eventDateId, leg, venue: { name: day.venue.name, ...venue }, runs: await liveRuns(deps, frames), at: deps.now().toISOString() };
}
