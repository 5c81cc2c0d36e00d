/**
 * The driver's phone: the runs given to the driver from today on, as last published (GET /shop-api/driver/runs,
 * driver-plans.ts), and what the driver does on them (POST /shop-api/driver/actions): a passenger boarded (ticked, or their ticket's code scanned), did
 * not come, or the van heads to a stop, whose paid passengers get today's "van arriving" text (once per passenger
 * and leg, `vehicle_notices`). Each action carries a nonce and is applied once (`driver_actions`), so the phone can
 * send its offline queue again safely; boardings are kept per passenger and leg in `run_boardings`, the latest
 * action by the driver's own clock winning (a no-show who turns up late is boarded).
 */
import { and, desc, eq, max } from "drizzle-orm";
import type { DriverRun } from "../../../shared/schemas/answers/dispatch";
import type { DriverActionInput } from "../../../shared/schemas/dispatch";
import { ShopError } from "../../../shared/domain/shop-error";
import { formatTime, timeZoneOf } from "../../../shared/format/dates";
import { toE164 } from "../../../shared/format/phone-number";
import { PHONE_COUNTRIES, type PhoneCountry } from "../../../shared/format/phone-metadata";
import { DEFAULT_LOCALE, isLocale, type Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import { driverActions, orders, passengers, publishedPickups, tickets, users, vehicleArrivals, vehicleNotices, vehicles } from "../../db/schema";
import { ARRIVING_SOURCE, BOARDED, PASSENGER_STATE, DRIVER_ACTION, DRIVER_OUTCOME, type DriverOutcome } from "../../../shared/domain/dispatch";
import { pick } from "../catalogue/rows";
import { admitTicket } from "../boarding/admit-ticket";
import { boardingStates, recordBoardings, recordNoShow, type Boarder } from "../boarding/boarding-record";
import { sendVehicleArriving } from "../manifests/vehicle-arriving";
import type { PlanState, RunState } from "./plan-store";
import { publishedRunsOfDriver, runStillPlanned } from "./driver-plans";
import { passengerInfo } from "./plan-view";
import { venuePlace } from "./plan-places";
import { eventDay } from "./day-passengers";
import { arrivedAt, NO_SHOW_NEAR_METERS, noShowRefusal, tellNoShow } from "./no-shows";
import { straightLineKm } from "../../geo/travel-time-estimate";
import { writeAudit } from "../audit/write-audit";
import { AUDIT_ACTION } from "../../../shared/domain/audit-actions";
import { latestPositions, positionWindow } from "./positions";
import { runOverAt } from "./run-over";
import { LEG } from "../../../shared/domain/legs";
import { anyId } from "../../db/id-lists";

export function navigationLinks(lat: number, lon: number, address: string) {
  const at = `${lat.toFixed(6)},${lon.toFixed(6)}`;
  return { geo: `geo:${at}?q=${at}(${encodeURIComponent(address)})`, maps: `https://www.google.com/maps/dir/?api=1&destination=${at}` };
}

/** The driver's runs as their plans were last published (driver-plans.ts): a draft not yet published shows nothing. */
export async function driverRuns(deps: ShopContext, driverId: number, locale: Locale): Promise<DriverRun[]> {
  const answers: DriverRun[] = [];
  for (const { plan, run } of await publishedRunsOfDriver(deps, driverId)) answers.push(await describeRun(deps, plan, run, locale));
  return answers.sort((a, b) => a.departsAt.localeCompare(b.departsAt) || a.id - b.id);
}

async function describeRun(deps: ShopContext, plan: PlanState, run: RunState, locale: Locale): Promise<DriverRun> {
  const day = await eventDay(deps, plan.eventDateId);
  const venue = await venuePlace(deps, day, run.stops);
  const ids = run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds));
  const [info, boardings, [vehicle], [heading]] = await Promise.all([
    passengerInfo(deps.db, ids),
    boardingStates(deps.db, plan.leg, ids),
    run.vehicleId !== null ? deps.db.select({ plate: vehicles.plate, label: vehicles.label, seats: vehicles.seats }).from(vehicles).where(eq(vehicles.id, run.vehicleId)) : [],
    deps.db
      .select({ position: driverActions.stopPosition })
      .from(driverActions)
      .where(and(eq(driverActions.runId, run.id!), eq(driverActions.action, DRIVER_ACTION.next_stop)))
      .orderBy(desc(driverActions.happenedAt), desc(driverActions.createdAt))
      .limit(1),
  ]);
  const [arrivals, last] = await Promise.all([
    Promise.all(run.stops.map((_, position) => arrivedAt(deps.db, run.id!, position))),
    latestPositions(deps.db, [run.id!]).then((positions) => positions.get(run.id!) ?? null),
  ]);
  const window = positionWindow(run);
  const stateOf = (passengerId: number) => boardings.get(passengerId)?.state ?? PASSENGER_STATE.waiting;
  // The phone shares the van's position within the run's window, and no longer once the run's last stop is done.
  const over = runOverAt({
    leg: plan.leg,
    venue,
    stops: run.stops.map((stop) => ({ lat: stop.lat, lon: stop.lon, settled: stop.groups.every((group) => group.passengerIds.every((id) => stateOf(id) !== PASSENGER_STATE.waiting)) })),
    position: last,
  });
  const sharingUntil = over && over < window.until ? over : window.until;
  return {
    id: run.id!,
    leg: plan.leg,
    eventDateId: plan.eventDateId,
    eventName: pick(day.translations, locale)?.name ?? "",
    venue: { name: day.venue.name, address: day.venue.address, ...venue },
    timeZone: timeZoneOf(day.countryCode),
    departsAt: run.departsAt.toISOString(),
    arrivesAt: run.arrivesAt.toISOString(),
    vehicle: vehicle ?? null,
    // Always as published: the phone shows nothing else.
    published: true,
    heading: heading?.position ?? null,
    noShowWaitMinutes: deps.env.NO_SHOW_WAIT_MINUTES,
    sharing: { from: window.from.toISOString(), until: sharingUntil.toISOString() },
    stops: run.stops.map((stop, position) => ({
      position,
      arrivedAt: arrivals[position]?.toISOString() ?? null,
      address: stop.address,
      lat: stop.lat,
      lon: stop.lon,
      time: stop.time.toISOString(),
      navigation: navigationLinks(stop.lat, stop.lon, stop.address),
      passengers: stop.groups.flatMap((group) =>
        group.passengerIds.map((passengerId) => {
          const one = info.get(passengerId);
          return { passengerId, orderId: one?.orderId ?? 0, name: one?.name ?? "", phone: one?.phone ?? "", paid: one?.paid ?? false, needs: one?.needs ?? [], state: stateOf(passengerId) };
        }),
      ),
    })),
  };
}

type Result = { nonce: string; outcome: DriverOutcome; code?: string; params?: Record<string, string | number>; notified?: number };

export async function applyDriverActions(deps: ShopContext, driverId: number, actions: DriverActionInput[]): Promise<{ results: Result[] }> {
  const results: Result[] = [];
  for (const action of actions) {
    try {
      results.push(await applyOne(deps, driverId, action));
    } catch (error) {
      if (!(error instanceof ShopError)) throw error;
      results.push({ nonce: action.nonce, outcome: DRIVER_OUTCOME.refused, code: error.code, ...(error.params ? { params: error.params } : {}) });
    }
  }
  return { results };
}

async function applyOne(deps: ShopContext, driverId: number, action: DriverActionInput): Promise<Result> {
  const [seen] = await deps.db.select({ driverId: driverActions.driverId }).from(driverActions).where(eq(driverActions.nonce, action.nonce)).limit(1);
  if (seen) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.repeat };
  // The run as the driver's phone shows it (as published); a run a draft since dropped takes no action.
  const [mine] = await publishedRunsOfDriver(deps, driverId, action.runId);
  if (!mine || !(await runStillPlanned(deps, action.runId))) throw new ShopError("driver_action_invalid");
  const { plan, run } = mine;
  const now = deps.now();
  const at = await actionTime(deps, driverId, run, new Date(action.at), now);
  const onRun = run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds));

  if (action.action === DRIVER_ACTION.next_stop || action.action === DRIVER_ACTION.arrived) {
    const stop = action.stopPosition === undefined ? undefined : run.stops[action.stopPosition];
    if (!stop) throw new ShopError("driver_action_invalid");
    if (!(await claim(deps, driverId, action, at))) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.repeat };
    if (action.action === DRIVER_ACTION.arrived) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.done };
    const notified = await textStop(deps, driverId, plan, run, action.stopPosition!);
    return { nonce: action.nonce, outcome: DRIVER_OUTCOME.done, notified };
  }

  if (action.action === DRIVER_ACTION.check_in) {
    const boarding = action.qr !== undefined ? await boardersOfCode(deps, plan, run, action.qr) : await boardersOfTick(deps, onRun, action.passengerId);
    const outcome = await deps.db.transaction(async (tx) => {
      if (!(await claim({ db: tx }, driverId, action, at))) return null;
      return recordBoardings(tx, { orderId: boarding.orderId, boarding: boarding.passengers, leg: plan.leg, staffId: driverId, nonce: action.nonce, at, by: BOARDED.driver });
    });
    if (!outcome) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.repeat };
    // Everyone this code or tick names was aboard already: the driver hears so ("ya a bordo"), nothing changed.
    if (outcome.created.size === 0) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.repeat, code: "passenger_aboard", params: { name: boarding.names.join(", ") } };
    return { nonce: action.nonce, outcome: DRIVER_OUTCOME.done };
  }

  // A no-show only after the published time and the wait, with the van near where it waited (or the driver's word).
  if (action.passengerId === undefined || !onRun.includes(action.passengerId)) throw new ShopError("driver_action_invalid");
  const passengerId = action.passengerId;
  const position = run.stops.findIndex((stop) => stop.groups.some((group) => group.passengerIds.includes(passengerId)));
  const day = await eventDay(deps, plan.eventDateId);
  const venue = await venuePlace(deps, day, run.stops);
  const place = plan.leg === LEG.outbound ? run.stops[position]! : venue;
  const [[published], arrived, last] = await Promise.all([
    deps.db
      .select({ time: publishedPickups.time, told: publishedPickups.toldTime, departsAt: publishedPickups.departsAt })
      .from(publishedPickups)
      .where(and(eq(publishedPickups.passengerId, passengerId), eq(publishedPickups.leg, plan.leg))),
    plan.leg === LEG.outbound ? arrivedAt(deps.db, run.id!, position) : Promise.resolve(null),
    latestPositions(deps.db, [run.id!]).then((positions) => positions.get(run.id!) ?? null),
  ]);
  const publishedTime = plan.leg === LEG.outbound ? (published?.told ?? published?.time ?? run.stops[position]!.time) : (published?.departsAt ?? run.departsAt);
  const refusal = noShowRefusal(
    {
      leg: plan.leg,
      published: publishedTime,
      arrived,
      distanceMeters: last ? Math.round(straightLineKm(last, place) * 1000) : null,
      at,
      override: action.override === true,
    },
    deps.env.NO_SHOW_WAIT_MINUTES,
    timeZoneOf(day.countryCode),
  );
  if (refusal) throw refusal;
  const waitedAt = plan.leg === LEG.outbound ? run.stops[position]!.address : [day.venue.name, day.venue.address].filter(Boolean).join(", ");
  const overridden = action.override === true && (!last || straightLineKm(last, place) * 1000 > NO_SHOW_NEAR_METERS);
  const marked = await deps.db.transaction(async (tx) => {
    if (!(await claim({ db: tx }, driverId, action, at))) return null;
    if (!(await recordNoShow(tx, { passengerId, leg: plan.leg, driverId, at, nonce: action.nonce }))) return false;
    if (overridden) {
      const [me] = await tx.select({ email: users.email }).from(users).where(eq(users.id, driverId));
      await writeAudit(tx, { id: driverId, email: me?.email ?? "" }, NO_SHOW_RESOURCE, passengerId, AUDIT_ACTION.dispatch_override, null, {
        rule: "no_show_near_stop",
        runId: run.id,
        leg: plan.leg,
        at: at.toISOString(),
        position: last ? { lat: last.lat, lon: last.lon, at: last.at.toISOString() } : null,
        place: { lat: place.lat, lon: place.lon },
      });
    }
    await tellNoShow(tx, { passengerId, leg: plan.leg, address: waitedAt, at: at.toISOString() }, now);
    return true;
  });
  if (marked === null) return { nonce: action.nonce, outcome: DRIVER_OUTCOME.repeat };
  if (!marked) throw new ShopError("passenger_aboard_no_show");
  return { nonce: action.nonce, outcome: DRIVER_OUTCOME.done };
}

interface Boarding {
  orderId: number;
  passengers: Boarder[];
  names: string[];
}

/** The one passenger the driver ticked, who must be on the run. */
async function boardersOfTick(deps: ShopContext, onRun: number[], passengerId: number | undefined): Promise<Boarding> {
  if (passengerId === undefined || !onRun.includes(passengerId)) throw new ShopError("driver_action_invalid");
  const [row] = await deps.db
    .select({ orderId: tickets.orderId, ticketId: passengers.ticketId, name: passengers.name })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .where(eq(passengers.id, passengerId));
  if (!row) throw new ShopError("driver_action_invalid");
  return { orderId: row.orderId, passengers: [{ passengerId, ticketId: row.ticketId }], names: [row.name] };
}

/**
 * Who a scanned code boards on this run: a passenger's code that passenger alone, an order's code the order's
 * passengers on this run, never anyone of another run (the refusal names the van they ride in).
 */
async function boardersOfCode(deps: ShopContext, plan: PlanState, run: RunState, qr: string): Promise<Boarding> {
  const { holder, passenger, boarding } = await admitTicket(deps, qr, plan.leg, DEFAULT_LOCALE, { eventDateId: plan.eventDateId });
  const onRun = new Set(run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)));
  const here = boarding.filter((one) => onRun.has(one.passengerId));
  if (here.length > 0) return { orderId: holder.orderId, passengers: here, names: here.map((one) => one.name) };
  const someone = passenger ?? boarding[0];
  if (!someone) throw new ShopError("ticket_other_order");
  const theirs = plan.runs.find((other) => other.stops.some((stop) => stop.groups.some((group) => group.passengerIds.includes(someone.passengerId))));
  if (!theirs) throw new ShopError("passenger_not_on_run", undefined, { name: someone.name });
  const [vehicle] = theirs.vehicleId !== null ? await deps.db.select({ plate: vehicles.plate }).from(vehicles).where(eq(vehicles.id, theirs.vehicleId)) : [];
  throw new ShopError("passenger_other_run", undefined, { name: someone.name, vehicle: vehicle?.plate ?? "—", time: formatTime(theirs.departsAt.toISOString(), timeZoneOf(holder.countryCode)) });
}

/** The audit log's resource of a no-show the driver marked against the position rule. */
const NO_SHOW_RESOURCE = "no-shows";
/** A phone's clock may run a little ahead of the shop's: an action up to this far ahead is taken as now. */
const CLOCK_SKEW_MS = 2 * 60_000;

/**
 * When an action happened, by the phone's clock (an offline action keeps its time), bounded: never in the future
 * (beyond a little clock skew, taken as now), never before the run's window, never before the driver's previous
 * action (a back-dated tap cannot rewrite what the driver already did).
 */
async function actionTime(deps: ShopContext, driverId: number, run: RunState, requested: Date, now: Date): Promise<Date> {
  if (requested.getTime() > now.getTime() + CLOCK_SKEW_MS) throw new ShopError("driver_time_future");
  const at = new Date(Math.min(requested.getTime(), now.getTime()));
  if (at < positionWindow(run).from) throw new ShopError("driver_time_before_run");
  const [previous] = await deps.db.select({ at: max(driverActions.happenedAt) }).from(driverActions).where(eq(driverActions.driverId, driverId));
  if (previous?.at && at < new Date(previous.at)) throw new ShopError("driver_time_before_previous");
  return at;
}

/** Takes the nonce: false when another send of the same action took it first. */
async function claim(deps: Pick<ShopContext, "db">, driverId: number, action: DriverActionInput, at: Date): Promise<boolean> {
  const [claimed] = await deps.db
    .insert(driverActions)
    .values({ nonce: action.nonce, driverId, runId: action.runId, action: action.action, passengerId: action.passengerId ?? null, stopPosition: action.stopPosition ?? null, happenedAt: at })
    .onConflictDoNothing()
    .returning({ nonce: driverActions.nonce });
  return Boolean(claimed);
}

/** "The van is arriving" to the stop's paid passengers, each once per leg; the minutes are the drive from the stop before. */
async function textStop(deps: ShopContext, driverId: number, plan: PlanState, run: RunState, position: number): Promise<number> {
  const stop = run.stops[position]!;
  const before = position > 0 ? run.stops[position - 1] : undefined;
  const minutes = before ? Math.max(2, Math.round(Math.abs(stop.time.getTime() - before.time.getTime()) / 60_000)) : 10;
  // The stop's one "van arriving": when the live day already sent it by itself, the button sends nothing more.
  const [stopClaimed] = await deps.db
    .insert(vehicleArrivals)
    .values({ runId: run.id!, leg: plan.leg, stopKey: stop.address, source: ARRIVING_SOURCE.driver, minutes })
    .onConflictDoNothing()
    .returning({ id: vehicleArrivals.id });
  if (!stopClaimed) return 0;
  const day = await eventDay(deps, plan.eventDateId);
  const ids = stop.groups.flatMap((group) => group.passengerIds);
  const info = await passengerInfo(deps.db, ids);
  const orderIds = [...new Set([...info.values()].map((one) => one.orderId))];
  const locales = orderIds.length
    ? new Map((await deps.db.select({ id: orders.id, locale: users.localeCode }).from(orders).innerJoin(users, eq(users.id, orders.userId)).where(anyId(orders.id, orderIds))).map((row) => [row.id, row.locale]))
    : new Map<number, string>();
  const country: PhoneCountry = (PHONE_COUNTRIES as readonly string[]).includes(day.countryCode) ? (day.countryCode as PhoneCountry) : "CO";
  let notified = 0;
  for (const passengerId of ids) {
    const one = info.get(passengerId);
    if (!one?.paid) continue;
    const to = toE164(one.phone, { country, anyCountry: true });
    if (!to) continue;
    const [claimed] = await deps.db.insert(vehicleNotices).values({ passengerId, leg: plan.leg, staffId: driverId, phone: to }).onConflictDoNothing().returning({ id: vehicleNotices.id });
    if (!claimed) continue;
    const locale: Locale = isLocale(locales.get(one.orderId) ?? "") ? (locales.get(one.orderId) as Locale) : DEFAULT_LOCALE;
    try {
      await sendVehicleArriving(deps, {
        to,
        locale,
        minutes,
        event: pick(day.translations, locale)?.name ?? "",
        meetingPoint: plan.leg === LEG.outbound ? stop.address : [day.venue.name, day.venue.address].filter(Boolean).join(", "),
      });
      notified += 1;
    } catch (error) {
      console.error(`passenger ${passengerId}: the van-arriving text could not be sent:`, error);
      await deps.db.delete(vehicleNotices).where(eq(vehicleNotices.id, claimed.id));
    }
  }
  return notified;
}
