/** Needs on board as stored: what each passenger declared and what each vehicle carries (the rule: planner/needs.ts). */
import type { Need } from "../../../shared/domain/needs";
import type { Db } from "../../db/client";
import { passengers, vehicles } from "../../db/schema";
import { anyId } from "../../db/id-lists";

export { carriesAll, needsOf } from "./planner/needs";

export async function needsOfPassengers(db: Db, passengerIds: readonly number[]): Promise<Map<number, Need[]>> {
  if (passengerIds.length === 0) return new Map();
  const rows = await db.select({ id: passengers.id, needs: passengers.needs }).from(passengers).where(anyId(passengers.id, [...passengerIds]));
  return new Map(rows.map((row) => [row.id, row.needs]));
}

export async function vehicleCarries(db: Db, vehicleIds: readonly (number | null)[]): Promise<Map<number, Need[]>> {
  const ids = [...new Set(vehicleIds.filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: vehicles.id, carries: vehicles.carries }).from(vehicles).where(anyId(vehicles.id, ids));
  return new Map(rows.map((row) => [row.id, row.carries]));
}
