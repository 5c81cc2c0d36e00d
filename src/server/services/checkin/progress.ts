/**
 * How many have boarded (GET /shop-api/staff/checkins/progress): for one event date, the passengers of its paid
 * orders checked in on each leg out of all of them, per van run of today's run sheets (services/runs) with the
 * names and phones of those still missing, and the check-ins two offline doors both recorded (conflicts).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Leg } from "../../../shared/domain/legs";
import { ShopError } from "../../../shared/domain/shop-error";
import type { Locale } from "../../../shared/locales";
import type { CheckInProgress } from "../../../shared/schemas/answers/checkin";
import type { ShopContext } from "../../context";
import { checkInConflicts, checkIns, eventDates, orders, passengers, tickets, users } from "../../db/schema";
import { runSheet } from "../runs/manifest";
import { fullName } from "./ticket-holders";
import { ORDER_STATE } from "../../../shared/domain/order-states";

export async function checkInProgress(deps: ShopContext, eventDateId: number, leg: Leg, locale: Locale): Promise<CheckInProgress> {
  const { db } = deps;
  const [date] = await db.select({ id: eventDates.id }).from(eventDates).where(eq(eventDates.id, eventDateId)).limit(1);
  if (!date) throw new ShopError("not_found");
  const riders = await db
    .select({ passengerId: passengers.id, provinceId: orders.provinceId })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(and(eq(orders.eventDateId, eventDateId), eq(orders.state, ORDER_STATE.paid)));
  const riderIds = riders.map((row) => row.passengerId);
  const boarded = riderIds.length
    ? await db.select({ passengerId: checkIns.passengerId, leg: checkIns.leg }).from(checkIns).where(inArray(checkIns.passengerId, riderIds))
    : [];
  const countOf = (which: Leg) => ({ checkedIn: boarded.filter((row) => row.leg === which).length, expected: riderIds.length });

  // The runs as the run sheets plan them today, one sheet per province the date's paid orders come from.
  const runs: CheckInProgress["runs"] = [];
  for (const provinceId of [...new Set(riders.map((row) => row.provinceId))].sort((a, b) => a - b)) {
    const sheet = await runSheet(deps, eventDateId, provinceId, locale);
    for (const run of sheet.runs) {
      const paid = run.stops.flatMap((stop) => stop.passengers).filter((passenger) => passenger.payment === "paid");
      if (paid.length === 0) continue;
      const missing = paid.filter((passenger) => !passenger.checkedIn[leg]);
      runs.push({
        number: run.number,
        province: sheet.province.name,
        countyName: run.countyName,
        checkedIn: paid.length - missing.length,
        expected: paid.length,
        missing: missing.map(({ name, phone }) => ({ name, phone })),
      });
    }
  }
  return { eventDateId, leg, outbound: countOf("outbound"), return: countOf("return"), runs, conflicts: await conflictsOf(deps, eventDateId) };
}

/** The boardings two offline doors both recorded for this date's passengers: the one that stands and the other. */
async function conflictsOf({ db }: ShopContext, eventDateId: number): Promise<CheckInProgress["conflicts"]> {
  const rows = await db
    .select({
      id: checkInConflicts.id,
      orderId: checkInConflicts.orderId,
      passengerId: checkInConflicts.passengerId,
      name: passengers.name,
      leg: checkInConflicts.leg,
      otherAt: checkInConflicts.scannedAt,
      otherStaffId: checkInConflicts.staffId,
      keptAt: checkIns.createdAt,
      keptStaffId: checkIns.staffId,
    })
    .from(checkInConflicts)
    .innerJoin(checkIns, eq(checkIns.id, checkInConflicts.checkInId))
    .innerJoin(passengers, eq(passengers.id, checkInConflicts.passengerId))
    .innerJoin(orders, eq(orders.id, checkInConflicts.orderId))
    .where(eq(orders.eventDateId, eventDateId))
    .orderBy(asc(checkInConflicts.id));
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
  }));
}
