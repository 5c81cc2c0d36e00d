/**
 * How many have boarded (GET /shop-api/staff/checkins/progress): for one event date, the passengers of its paid
 * orders on board on each leg out of all of them (the door's scans and the driver's ticks are one record), per
 * dispatch run of that date and leg (the plan the drivers' phones show) with the names and phones of those still
 * missing and of the no-shows, the paid passengers in no run last, and the check-ins two offline doors both
 * recorded (conflicts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import { LEG } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import { timeZoneOf } from "../../../shared/format/dates";
import type { Locale } from "../../../shared/locales";
import type { BoardingProgress } from "../../../shared/schemas/answers/door";
import type { ShopContext } from "../../context";
import { boardingConflicts, boardings, eventDates, events, orders, passengers, tickets, users, vehicles } from "../../db/schema";
import { boardingStates } from "../boarding/boarding-record";
import { loadPlan } from "../dispatch/plan-store";
import { fullName } from "../boarding/ticket-holders";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import { PASSENGER_STATE } from "../../../shared/domain/dispatch";
import { anyId } from "../../db/id-lists";

export async function boardingProgress(deps: ShopContext, eventDateId: number, leg: Leg, locale: Locale): Promise<BoardingProgress> {
  void locale;
  const { db } = deps;
  const [date] = await db.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.id, eventDateId)).limit(1);
  if (!date) throw new ShopError("not_found");
  const paidPassengers = await db
    .select({ passengerId: passengers.id, name: passengers.name, phone: passengers.phone })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(orders.eventDateId, eventDateId), eq(orders.state, ORDER_STATE.paid)))
    .orderBy(asc(passengers.id));
  const passengerIds = paidPassengers.map((row) => row.passengerId);
  // On board is one record whoever saw it: the door's scan or the driver's tick.
  const [outbound, back] = await Promise.all([boardingStates(db, LEG.outbound, passengerIds), boardingStates(db, LEG.return, passengerIds)]);
  const statesOf = (which: Leg) => (which === LEG.outbound ? outbound : back);
  const aboard = (which: Leg) => new Set([...statesOf(which)].filter(([, one]) => one.state === PASSENGER_STATE.boarded).map(([id]) => id));
  const onBoard = aboard(leg);
  const noShow = new Set([...statesOf(leg)].filter(([, one]) => one.state === PASSENGER_STATE.noShow).map(([id]) => id));
  const countOf = (which: Leg) => ({ checkedIn: aboard(which).size, expected: passengerIds.length });

  // One list per dispatch run of this date and leg, in the plan's order; paid passengers in no run close the list.
  const plan = await loadPlan(db, eventDateId, leg);
  const people = new Map(paidPassengers.map((row) => [row.passengerId, row]));
  const vehicleIds = plan.runs.flatMap((run) => (run.vehicleId === null ? [] : [run.vehicleId]));
  const driverIds = plan.runs.flatMap((run) => (run.driverId === null ? [] : [run.driverId]));
  const [plates, drivers] = await Promise.all([
    vehicleIds.length ? db.select({ id: vehicles.id, plate: vehicles.plate }).from(vehicles).where(anyId(vehicles.id, vehicleIds)) : [],
    driverIds.length ? db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(anyId(users.id, driverIds)) : [],
  ]);
  const listOf = (ids: number[]) => {
    const paid = ids.filter((id) => people.has(id));
    const person = (id: number) => ({ name: people.get(id)!.name, phone: people.get(id)!.phone });
    return {
      checkedIn: paid.filter((id) => onBoard.has(id)).length,
      expected: paid.length,
      missing: paid.filter((id) => !onBoard.has(id) && !noShow.has(id)).map(person),
      noShows: paid.filter((id) => noShow.has(id)).map(person),
    };
  };
  const planned = new Set<number>();
  const runs: BoardingProgress["runs"] = [];
  plan.runs.forEach((run, index) => {
    const ids = run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds));
    for (const id of ids) planned.add(id);
    const list = listOf(ids);
    if (list.expected === 0) return;
    const driver = drivers.find((row) => row.id === run.driverId);
    runs.push({
      runId: run.id,
      number: index + 1,
      vehicle: plates.find((row) => row.id === run.vehicleId)?.plate ?? null,
      driver: driver ? fullName(driver) : null,
      departsAt: run.departsAt.toISOString(),
      ...list,
    });
  });
  const outside = listOf(passengerIds.filter((id) => !planned.has(id)));
  if (outside.expected > 0) runs.push({ runId: null, number: 0, vehicle: null, driver: null, departsAt: null, ...outside });
  return { eventDateId, leg, outbound: countOf(LEG.outbound), return: countOf(LEG.return), planned: plan.runs.length > 0, runs, conflicts: await conflictsOf(deps, eventDateId) };
}

/** The boardings two offline doors both recorded for this date's passengers: the one that stands and the other. */
async function conflictsOf({ db }: ShopContext, eventDateId: number): Promise<BoardingProgress["conflicts"]> {
  const rows = await db
    .select({
      id: boardingConflicts.id,
      orderId: boardingConflicts.orderId,
      passengerId: boardingConflicts.passengerId,
      name: passengers.name,
      leg: boardingConflicts.leg,
      otherAt: boardingConflicts.scannedAt,
      otherStaffId: boardingConflicts.staffId,
      keptAt: boardings.createdAt,
      keptStaffId: boardings.staffId,
      countryCode: events.countryCode,
    })
    .from(boardingConflicts)
    .innerJoin(boardings, eq(boardings.id, boardingConflicts.boardingId))
    .innerJoin(passengers, eq(passengers.id, boardingConflicts.passengerId))
    .innerJoin(orders, eq(orders.id, boardingConflicts.orderId))
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.eventDateId, eventDateId))
    .orderBy(asc(boardingConflicts.id));
  const staffIds = [...new Set(rows.flatMap((row) => [row.otherStaffId, row.keptStaffId]).filter((id): id is number => id !== null))];
  const staff = staffIds.length
    ? await db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, staffIds))
    : [];
  const nameOf = (id: number | null) => {
    const person = staff.find((row) => row.id === id);
    return person ? fullName(person) : null;
  };
  return rows.map((row) => ({
    orderId: row.orderId,
    passengerId: row.passengerId,
    name: row.name,
    leg: row.leg,
    kept: { at: row.keptAt.toISOString(), staffName: nameOf(row.keptStaffId) },
    other: { at: row.otherAt.toISOString(), staffName: nameOf(row.otherStaffId) },
    timeZone: timeZoneOf(row.countryCode),
  }));
}
