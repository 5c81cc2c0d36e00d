/**
 * What the dispatcher's screen needs beside the plan: the dates to plan (from yesterday on, with bookings), the
 * fleet and the drivers to pick from, the map's tile address, and for a plan its venue, each run's lock and
 * timing, and the planner's notes.
 */
import { and, asc, eq, gte, inArray, sql } from "drizzle-orm";
import { SEAT_HOLDING_STATES } from "../../../shared/domain/order-states";
import type { Leg } from "../../../shared/domain/legs";
import type { DispatchBoard, DispatchBoardEvent, DispatchOptions } from "../../../shared/schemas/answers/dispatch";
import type { Locale } from "../../../shared/locales";
import type { ShopContext } from "../../context";
import type { Db } from "../../db/client";
import { dispatchPlans, eventDates, events, orders, provinces, users, vehicles } from "../../db/schema";
import { pick } from "../catalogue/rows";
import { loadPlan } from "./plan-store";
import { clashesOf } from "./clashes";
import { waitingPassengers } from "./late-bookings";
import { passengerInfo, planView } from "./plan-view";
import { venuePlace } from "./plan-places";
import { eventDay } from "./day-passengers";
import { dispatchSettings } from "./settings";
import type { PlanNoteCode } from "../../../shared/domain/dispatch";
import { ROLE } from "../../../shared/domain/roles";

export async function dispatchOptions(deps: ShopContext, locale: Locale): Promise<DispatchOptions> {
  const since = new Date(deps.now().getTime() - 24 * 3_600_000);
  const [dateRows, vehicleRows, driverRows] = await Promise.all([
    deps.db
      .selectDistinct({ eventDateId: eventDates.id, startsAt: eventDates.startDate, translations: events.translations, countryCode: events.countryCode })
      .from(orders)
      .innerJoin(eventDates, eq(eventDates.id, orders.eventDateId))
      .innerJoin(events, eq(events.id, orders.eventId))
      .where(and(inArray(orders.state, [...SEAT_HOLDING_STATES]), gte(eventDates.startDate, since)))
      .orderBy(asc(eventDates.startDate), asc(eventDates.id))
      .limit(200),
    deps.db
      .select({ id: vehicles.id, plate: vehicles.plate, label: vehicles.label, seats: vehicles.seats, kind: vehicles.kind, countryCode: provinces.countryCode })
      .from(vehicles)
      .innerJoin(provinces, eq(provinces.id, vehicles.provinceId))
      .where(eq(vehicles.active, true))
      .orderBy(asc(vehicles.plate)),
    deps.db
      .select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, phone: users.phoneNumber })
      .from(users)
      .where(eq(users.role, ROLE.driver))
      .orderBy(asc(users.firstName), asc(users.id)),
  ]);
  return {
    dates: dateRows.map((row) => ({ eventDateId: row.eventDateId, eventName: pick(row.translations, locale)?.name ?? "", startsAt: row.startsAt.toISOString(), countryCode: row.countryCode })),
    vehicles: vehicleRows,
    drivers: driverRows,
    tileUrl: dispatchSettings(deps.env).tileUrl,
  };
}

export async function dispatchBoard(deps: ShopContext, eventDateId: number, leg: Leg): Promise<DispatchBoard> {
  const day = await eventDay(deps, eventDateId);
  const plan = await loadPlan(deps.db, eventDateId, leg);
  const stops = plan.runs.flatMap((run) => run.stops);
  const venue = await venuePlace(deps, day, stops);
  const info = await passengerInfo(deps.db, stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)));
  return {
    eventDateId,
    leg,
    version: plan.version,
    publishedVersion: plan.publishedVersion,
    venue: { name: day.venue.name, ...venue },
    runs: plan.runs.map((run) => ({ id: run.id!, locked: run.locked, capacity: run.capacity, departsAt: run.departsAt.toISOString(), arrivesAt: run.arrivesAt.toISOString(), overrides: run.overrides })),
    notes: plan.notes.map((note) => ({ code: note.code as PlanNoteCode, groupIds: note.groupIds })),
    pending: [...info.values()].filter((one) => !one.paid).length,
    clashes: (await clashesOf(deps.db, plan)).map((clash) => ({
      runId: clash.runId!,
      kind: clash.kind,
      eventName: clash.other.eventName,
      eventDateId: clash.other.eventDateId,
      leg: clash.other.leg,
      departsAt: clash.other.departsAt.toISOString(),
      arrivesAt: clash.other.arrivesAt.toISOString(),
    })),
    waiting: await waitingPassengers(deps, day, plan),
    shiftMinutes: plan.shiftMinutes,
    replanReason: plan.replanReason,
  };
}

/** What the board's stream sends when the plan or its day changed: the board and the plan as the JSON reads answer them. */
export async function boardEvent(deps: ShopContext, eventDateId: number, leg: Leg): Promise<DispatchBoardEvent> {
  const board = await dispatchBoard(deps, eventDateId, leg);
  return { board, plan: await planView(deps.db, await loadPlan(deps.db, eventDateId, leg)) };
}

/**
 * A short text that changes whenever what the board shows may have changed: the plan's version, publication and
 * last write (edits, re-plans, a late booking's insertion, a re-plan mark), any plan's last write (clashes with
 * other dates' runs), and the date's orders and their states (a booking paid, cancelled or held). Cheap enough to
 * be read every second per open board: three indexed reads, no plan loaded.
 */
export async function boardStamp(db: Db, eventDateId: number, leg: Leg): Promise<string> {
  const [plan, anyPlan, dateOrders] = await Promise.all([
    db
      .select({ version: dispatchPlans.version, published: dispatchPlans.publishedVersion, at: dispatchPlans.updatedAt })
      .from(dispatchPlans)
      .where(and(eq(dispatchPlans.eventDateId, eventDateId), eq(dispatchPlans.leg, leg)))
      .limit(1),
    db.select({ at: sql<string | null>`max(${dispatchPlans.updatedAt})::text` }).from(dispatchPlans),
    db
      .select({ digest: sql<string | null>`md5(string_agg(${orders.id}::text || ${orders.state}, ',' order by ${orders.id}))` })
      .from(orders)
      .where(eq(orders.eventDateId, eventDateId)),
  ]);
  const own = plan[0];
  return [own ? `${own.version}/${own.published ?? "-"}/${own.at.getTime()}` : "none", anyPlan[0]?.at ?? "", dateOrders[0]?.digest ?? ""].join("|");
}
