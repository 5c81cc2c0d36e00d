/** The plan as the dispatch calls answer it: runs with vehicle, driver and stops, each passenger with the order's state. */
import { eq, sql } from "drizzle-orm";
import type { DispatchPlan } from "../../../shared/schemas/answers/dispatch";
import type { Db } from "../../db/client";
import { orders, passengers, tickets, users, vehicles } from "../../db/schema";
import { seatsOf, type PlanState } from "./plan-store";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { Need } from "../../../shared/domain/needs";
import { anyId } from "../../db/id-lists";

export interface PassengerInfo {
  passengerId: number;
  orderId: number;
  name: string;
  phone: string;
  email: string;
  paid: boolean;
  needs: Need[];
}

export async function passengerInfo(db: Db, passengerIds: number[]): Promise<Map<number, PassengerInfo>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await db
    .select({ passengerId: passengers.id, orderId: tickets.orderId, name: passengers.name, phone: passengers.phone, email: passengers.email, needs: passengers.needs, state: orders.state })
    .from(passengers)
    .innerJoin(tickets, eq(tickets.id, passengers.ticketId))
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(anyId(passengers.id, passengerIds));
  return new Map(rows.map(({ state, ...row }) => [row.passengerId, { ...row, paid: state === ORDER_STATE.paid }]));
}

export async function planView(db: Db, plan: PlanState): Promise<DispatchPlan> {
  const passengerIds = plan.runs.flatMap((run) => run.stops.flatMap((stop) => stop.groups.flatMap((group) => group.passengerIds)));
  const vehicleIds = [...new Set(plan.runs.map((run) => run.vehicleId).filter((id): id is number => id !== null))];
  const driverIds = [...new Set(plan.runs.map((run) => run.driverId).filter((id): id is number => id !== null))];
  const [info, vehicleRows, driverRows] = await Promise.all([
    passengerInfo(db, passengerIds),
    vehicleIds.length ? db.select({ id: vehicles.id, plate: vehicles.plate, seats: vehicles.seats }).from(vehicles).where(anyId(vehicles.id, vehicleIds)) : [],
    driverIds.length
      ? db.select({ id: users.id, name: sql<string>`${users.firstName} || ' ' || ${users.lastName}`, phone: users.phoneNumber }).from(users).where(anyId(users.id, driverIds))
      : [],
  ]);
  return {
    eventDateId: plan.eventDateId,
    leg: plan.leg,
    version: plan.version,
    published: plan.publishedVersion !== null && plan.publishedVersion === plan.version,
    runs: plan.runs.map((run) => ({
      id: run.id!,
      vehicle: vehicleRows.find((vehicle) => vehicle.id === run.vehicleId) ?? null,
      seatsNeeded: seatsOf(run),
      driver: driverRows.find((driver) => driver.id === run.driverId) ?? null,
      stops: run.stops.map((stop, position) => ({
        position,
        address: stop.address,
        countyId: stop.countyId,
        lat: stop.lat,
        lon: stop.lon,
        approximate: stop.approximate,
        time: stop.time.toISOString(),
        passengers: stop.groups.flatMap((group) =>
          group.passengerIds.map((passengerId) => {
            const one = info.get(passengerId);
            return { passengerId, orderId: one?.orderId ?? 0, name: one?.name ?? "", phone: one?.phone ?? "", paid: one?.paid ?? false, needs: one?.needs ?? [] };
          }),
        ),
      })),
      overrides: run.overrides,
    })),
  };
}
