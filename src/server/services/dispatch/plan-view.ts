/** The plan as the dispatch calls answer it: runs with vehicle, driver and stops, each passenger with the order's state. */
import { sql } from "drizzle-orm";
import type { DispatchPlan } from "../../../shared/schemas/answers/dispatch";
import type { Db } from "../../db/client";
import { users, vehicles } from "../../db/schema";
import { seatsOf, type PlanState } from "./plan-store";
import { ORDER_STATE } from "../../../shared/domain/order-states";
import type { Need } from "../../../shared/domain/needs";
import { anyId } from "../../db/id-lists";
import { runStatement } from "../../db/statements";

export interface PassengerInfo {
  passengerId: number;
  orderId: number;
  name: string;
  phone: string;
  email: string;
  paid: boolean;
  needs: Need[];
}

/** Each passenger's row with their order's, read by one prepared statement with the ids as one array (a day: thousands). */
const PASSENGER_INFO_SQL = `select p.id as "passengerId", t.order_id as "orderId", p.name, p.phone, p.email, p.needs, o.state = $2 as paid
  from passengers p join tickets t on t.id = p.ticket_id join orders o on o.id = t.order_id
  where p.id = any($1::int[])`;

export async function passengerInfo(db: Db, passengerIds: number[]): Promise<Map<number, PassengerInfo>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await runStatement<PassengerInfo>(db, PASSENGER_INFO_SQL, [passengerIds, ORDER_STATE.paid]);
  return new Map(rows.map((row) => [row.passengerId, row]));
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
