/**
 * Bookings paid after a plan was made: their passengers are in no run, so the board lists them as waiting for a
 * van (with an alert) and one action puts each pick-up group in. The group goes into a run, not locked, with a
 * vehicle and a driver, whose vehicle has the seats and carries the group's needs and whose vehicle and driver are
 * free for the run's new times (no clash with another run), at the place in its driving order that lengthens the
 * van's time with people aboard least while every ride stays within its limit (overrides the run already carries
 * still count) and the driver's day within the shift; a stop at the same address is joined rather than a new one
 * made. When no run can take it, a new run is opened with the smallest vehicle that fits and is free at that time
 * (or as "vehicle needed"), without a driver: it is never published by the insertion (nobody can be told a van
 * nobody drives), the answer says it needs a driver and the board shows it until one is assigned and the plan
 * published. A plan published at the version the insertion was made on, and whose group went into a staffed run, is
 * published again at once, so only the passengers whose time moved (past the re-notice threshold) and the new
 * passengers are told.
 */
import { ShopError } from "../../../shared/domain/shop-error";
import type { Need } from "../../../shared/domain/needs";
import type { ShopContext } from "../../context";
import { writeAudit, type Actor } from "../audit/write-audit";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { fleetOf } from "./compute-plan";
import { retime, checkRules, auditOverrides } from "./edit-plan";
import { PLAN_RESOURCE, runRecord } from "./plan-audit";
import { carriesAll, needsOfPassengers, vehicleCarries } from "./needs";
import { scheduleRun, waveAnchor } from "./planner";
import { expectVersion, loadPlan, savePlan, seatsOf, type PlanState, type RunState, type StopState } from "./plan-store";
import { passengerInfo } from "./plan-view";
import { stopPlaces, venuePlace } from "./plan-places";
import { publishPlan, publishRefusal } from "./publish-plan";
import { isOverridden, rideBreaches, shiftBreaches } from "./ride-rules";
import { eventDay, dayPassengers, type EventDay } from "./day-passengers";
import { dispatchSettings } from "./settings";
import { travelSeconds } from "./travel-times";
import { clashesOf } from "./clashes";
import { anchorOf } from "./day-anchor";
import type { LatLon } from "../../geo";

export interface WaitingPassenger {
  passengerId: number;
  orderId: number;
  name: string;
  phone: string;
  address: string;
  needs: Need[];
}

const plannedIds = (plan: PlanState) => new Set(plan.runs.flatMap((run) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds))));

/** Paid passengers of the date in no run of a plan that exists (booked or paid after it was made). */
export async function waitingPassengers(deps: ShopContext, day: EventDay, plan: PlanState): Promise<WaitingPassenger[]> {
  if (plan.planId === null) return [];
  const planned = plannedIds(plan);
  const groups = await dayPassengers(deps, day);
  const passengers = groups.flatMap((group) => group.passengers.filter((passenger) => passenger.paid && !planned.has(passenger.passengerId)).map((passenger) => ({ passenger, group })));
  const needs = await needsOfPassengers(deps.db, passengers.map(({ passenger }) => passenger.passengerId));
  return passengers.map(({ passenger, group }) => ({
    passengerId: passenger.passengerId,
    orderId: passenger.orderId,
    name: passenger.name,
    phone: passenger.phone,
    address: group.address,
    needs: needs.get(passenger.passengerId) ?? [],
  }));
}

interface Candidate {
  run: RunState;
  stops: StopState[];
  cost: number;
}

/** The run with the late group put in at `index` (joining the stop there when `join`). */
function withGroup(run: RunState, stop: StopState, index: number, join: boolean): StopState[] {
  const stops = run.stops.map((one) => ({ ...one, groups: [...one.groups] }));
  if (join) stops[index]!.groups.push(...stop.groups);
  else stops.splice(index, 0, stop);
  return stops;
}

export async function insertLate(deps: ShopContext, actor: Actor, request: { eventDateId: number; leg: PlanState["leg"]; version: number; passengerId: number }) {
  const day = await eventDay(deps, request.eventDateId);
  const plan = await loadPlan(deps.db, request.eventDateId, request.leg);
  if (plan.planId === null) throw new ShopError("dispatch_not_planned");
  expectVersion(plan, request.version);
  const wasPublished = plan.publishedVersion === plan.version;
  const planned = plannedIds(plan);
  const info = await passengerInfo(deps.db, [request.passengerId]);
  const group = (await dayPassengers(deps, day)).find((candidate) => candidate.passengers.some((passenger) => passenger.passengerId === request.passengerId));
  if (!group || !info.get(request.passengerId)?.paid || group.passengers.some((passenger) => planned.has(passenger.passengerId))) {
    throw new ShopError("dispatch_not_waiting", { passengerId: "errors.dispatch_not_waiting" });
  }
  const passengerIds = group.passengers.map((passenger) => passenger.passengerId);
  const needs = new Set([...(await needsOfPassengers(deps.db, passengerIds)).values()].flat());
  const place = (await stopPlaces(deps, day, [group])).stops[0]!;
  const stop: StopState = { address: place.address, countyId: place.countyId, lat: place.lat, lon: place.lon, approximate: place.approximate, time: day.startsAt, groups: [{ id: group.id, passengerIds }] };

  const target = (await bestRun(deps, day, plan, stop, [...needs])) ?? (await newRun(deps, day, plan, stop, [...needs]));
  const runBefore = target.cost < 0 ? null : runRecord(target.run);
  const touched = [target.run];
  target.run.stops = target.stops;
  if (!plan.runs.includes(target.run)) plan.runs.push(target.run);
  const matrices = await retime(deps, plan, touched);
  // The chosen place keeps every rule; a rule the run already broke on purpose stays as it was.
  const accepted = await checkRules(deps, plan, touched, matrices, false, actor);
  const fromVersion = plan.version;
  const version = await savePlan(deps.db, plan, deps.now(), async (tx) => {
    await auditOverrides(tx, actor, plan, accepted);
    await writeAudit(
      tx,
      actor,
      PLAN_RESOURCE,
      plan.planId!,
      AUDIT_ACTION.dispatch_insert,
      { version: fromVersion, runs: runBefore ? [runBefore] : [] },
      { eventDateId: plan.eventDateId, leg: plan.leg, version: fromVersion + 1, passengerIds, newRun: target.cost < 0, runs: [runRecord(target.run)] },
    );
  });
  const needsDriver = target.run.driverId === null;
  const told =
    wasPublished && !needsDriver && publishRefusal(plan, deps.now()) === null
      ? await publishPlan(deps, actor, { eventDateId: plan.eventDateId, leg: plan.leg, version })
      : { passengersNotified: 0, buyersNotified: 0 };
  return { runId: target.run.id!, newRun: target.cost < 0, needsDriver, version, passengersNotified: told.passengersNotified, buyersNotified: told.buyersNotified };
}

/** The cheapest place in a published run that keeps every rule, or null. */
async function bestRun(deps: ShopContext, day: EventDay, plan: PlanState, stop: StopState, needs: Need[]): Promise<Candidate | null> {
  const settings = dispatchSettings(deps.env).plan;
  const seats = stop.groups[0]!.passengerIds.length;
  const carries = await vehicleCarries(deps.db, plan.runs.map((run) => run.vehicleId));
  // Only a run someone drives, in a vehicle of the fleet: a late passenger is never put where nobody can fetch them.
  const open = plan.runs.filter(
    (run) => !run.locked && run.vehicleId !== null && run.driverId !== null && run.stops.length > 0 && seatsOf(run) + seats <= run.capacity && carriesAll(carries.get(run.vehicleId) ?? [], needs),
  );
  if (open.length === 0) return null;
  // One matrix for every place: the venue, each run's stops, then the new stop.
  const points: LatLon[] = [await venueOf(deps, day, plan), ...open.flatMap((run) => run.stops), stop];
  const all = await travelSeconds(deps, points);
  const newPoint = points.length - 1;
  const anchor = anchorOf(day, plan.leg, plan.shiftMinutes);
  const candidates: Candidate[] = [];
  let offset = 1;
  for (const run of open) {
    const runPoints = run.stops.map((_, index) => offset + index);
    offset += run.stops.length;
    const before = run.arrivesAt.getTime() - run.departsAt.getTime();
    for (let index = 0; index <= run.stops.length; index++) {
      const join = index < run.stops.length && run.stops[index]!.address === stop.address && run.stops[index]!.countyId === stop.countyId;
      if (!join && index < run.stops.length && run.stops.some((one) => one.address === stop.address && one.countyId === stop.countyId)) continue;
      const order = join ? runPoints : [...runPoints.slice(0, index), newPoint, ...runPoints.slice(index)];
      const seconds = [0, ...order].map((from) => [0, ...order].map((to) => all[from]![to]!));
      const stops = withGroup(run, stop, index, join);
      const timed = scheduleRun({ leg: plan.leg, anchor: waveAnchor(plan.leg, anchor, run.waveMinutes), seconds, settings, stops: stops.map((one, k) => ({ point: k + 1, groupIds: one.groups.map((group) => group.id) })) });
      const trial: RunState = { ...run, stops, departsAt: timed.departs, arrivesAt: timed.arrives };
      if (rideBreaches(plan.leg, trial, seconds, settings).some((breach) => !isOverridden(breach))) continue;
      candidates.push({ run, stops, cost: timed.arrives.getTime() - timed.departs.getTime() - before });
    }
  }
  candidates.sort((a, b) => a.cost - b.cost);
  for (const candidate of candidates) {
    const times = scheduleTimes(candidate);
    const trial: RunState = { ...candidate.run, stops: candidate.stops, ...times };
    const withTrial = { ...plan, runs: plan.runs.map((run) => (run === candidate.run ? trial : run)) };
    const shift = await shiftBreaches(deps.db, withTrial, [trial], deps.env.DISPATCH_MAX_SHIFT_HOURS);
    if (!shift.every((breach) => isOverridden(breach))) continue;
    // Its vehicle and driver must be free for the run's new times.
    if ((await clashesOf(deps.db, withTrial, [trial])).length > 0) continue;
    return candidate;
  }
  return null;
}

/** The candidate run's departure and arrival moved by its extra time (close enough for the shift's hours). */
function scheduleTimes(candidate: Candidate) {
  return { departsAt: candidate.run.departsAt, arrivesAt: new Date(candidate.run.arrivesAt.getTime() + Math.max(0, candidate.cost)) };
}

async function venueOf(deps: ShopContext, day: EventDay, plan: PlanState): Promise<LatLon> {
  return venuePlace(deps, day, plan.runs.flatMap((run) => run.stops));
}

/**
 * A new run for the group, without a driver: the smallest vehicle of the event's area that has the seats, carries
 * its needs and is free (no other run of it overlaps) at the new run's times; "vehicle needed" when none is.
 */
async function newRun(deps: ShopContext, day: EventDay, plan: PlanState, stop: StopState, needs: Need[]): Promise<Candidate> {
  const seats = stop.groups[0]!.passengerIds.length;
  const fleet = (await fleetOf(deps, day.countryCode, await venueOf(deps, day, plan))).filter((vehicle) => vehicle.seats >= seats);
  const carries = await vehicleCarries(deps.db, fleet.map((vehicle) => vehicle.id));
  const fitting = fleet.filter((one) => carriesAll(carries.get(one.id) ?? [], needs)).sort((a, b) => a.seats - b.seats || a.id - b.id);
  const run: RunState = {
    id: null,
    vehicleId: null,
    driverId: null,
    locked: false,
    capacity: Math.max(seats, dispatchSettings(deps.env).fallbackSeats),
    departsAt: day.startsAt,
    arrivesAt: day.startsAt,
    stops: [stop],
    overrides: [],
    waveMinutes: 0,
  };
  // Timed alone first, so each vehicle is asked whether it is free for these very times.
  await retime(deps, plan, [run]);
  for (const vehicle of fitting) {
    if ((await clashesOf(deps.db, plan, [{ ...run, vehicleId: vehicle.id }])).length > 0) continue;
    run.vehicleId = vehicle.id;
    run.capacity = vehicle.seats;
    break;
  }
  const stops = run.stops;
  run.stops = [];
  return { run, stops, cost: -1 };
}
