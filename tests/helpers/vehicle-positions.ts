/**
 * A van's position written straight into `vehicle_positions`, as the driver's positions endpoint writes it: the live
 * day's tests move a van without a phone.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

export async function insertVehiclePosition(db: Db, position: { runId: number; driverId: number; lat: number; lon: number; at: Date; accuracy?: number }): Promise<void> {
  await db.execute(
    sql`insert into vehicle_positions (run_id, driver_user_id, lat, lon, accuracy_m, at, received_at) values (${position.runId}, ${position.driverId}, ${position.lat}, ${position.lon}, ${position.accuracy ?? 10}, ${position.at.toISOString()}::timestamptz, now())`,
  );
}

/** A point about `metres` north of another (a degree of latitude is about 111 km everywhere). */
export const northOf = (point: { lat: number; lon: number }, metres: number) => ({ lat: point.lat + metres / 111_000, lon: point.lon });
