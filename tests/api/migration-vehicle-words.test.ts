/**
 * Migration 0160 gives the tables naming what carries passengers the glossary's word without losing a row:
 * `van_positions`, `van_arrivals` and `van_notices` become `vehicle_positions`, `vehicle_arrivals` and
 * `vehicle_notices`; their sequences, keys, indexes and checks follow, the Drizzle schema names exactly what the
 * database then holds, and the outbox's "arriving" jobs take the kind their handler is registered under.
 */
import type { PGlite } from "@electric-sql/pglite";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, expectNamedAsSchema } from "../helpers/migration-under-test";
import { vehicleArrivals, vehicleNotices, vehiclePositions } from "../../src/server/db/schema";
import { outboxJobs } from "../../src/server/composition";

let db: PGlite;


beforeAll(async () => {
  const underTest = await databaseBefore("0160");
  db = underTest.db;
  // Rows as the shop wrote them before 0160 (foreign keys left out: only the names and the rows matter here).
  await db.exec("SET session_replication_role = replica");
  await db.exec(`INSERT INTO van_positions (id, run_id, driver_user_id, lat, lon, at) VALUES (5, 3, 2, 4.65, -74.05, '2026-12-07 13:00:00+00')`);
  await db.exec(`SELECT setval('van_positions_id_seq', 5)`);
  await db.exec(`INSERT INTO van_arrivals (id, run_id, leg, stop_key, source, minutes) VALUES (2, 3, 'outbound', 'Calle 1', 'automatic', 4)`);
  await db.exec(`SELECT setval('van_arrivals_id_seq', 2)`);
  await db.exec(`INSERT INTO van_notices (id, passenger_id, leg, phone) VALUES (9, 8, 'outbound', '+573003330001')`);
  await db.exec(`SELECT setval('van_notices_id_seq', 9)`);
  await db.exec(`INSERT INTO outbox (id, kind, payload, done_at) VALUES
    (1, 'live.van-arriving', '{"passengerId": 8, "leg": "outbound", "minutes": 4}', null),
    (2, 'live.van-arriving', '{"passengerId": 7, "leg": "outbound", "minutes": 5}', now()),
    (3, 'order.notice', '{"orderId": 11}', null)`);
  await db.exec("SET session_replication_role = DEFAULT");
  await underTest.migrate();
}, 180_000);
afterAll(async () => {
  await db?.close();
});

describe("migration 0160", () => {
  it("keeps every row under the new names", async () => {
    expect((await db.query(`SELECT id, run_id, lat FROM vehicle_positions`)).rows).toEqual([{ id: 5, run_id: 3, lat: 4.65 }]);
    expect((await db.query(`SELECT id, stop_key, minutes FROM vehicle_arrivals`)).rows).toEqual([{ id: 2, stop_key: "Calle 1", minutes: 4 }]);
    expect((await db.query(`SELECT id, passenger_id, phone FROM vehicle_notices`)).rows).toEqual([{ id: 9, passenger_id: 8, phone: "+573003330001" }]);
    const old = await db.query(`SELECT to_regclass('van_positions') AS a, to_regclass('van_arrivals') AS b, to_regclass('van_notices') AS c, to_regclass('van_positions_id_seq') AS d`);
    expect(old.rows).toEqual([{ a: null, b: null, c: null, d: null }]);
  });

  it("goes on numbering from the renamed sequences", async () => {
    await db.exec("SET session_replication_role = replica");
    try {
      const position = await db.query(`INSERT INTO vehicle_positions (run_id, driver_user_id, lat, lon, at) VALUES (3, 2, 4.66, -74.05, now()) RETURNING id`);
      expect(position.rows).toEqual([{ id: 6 }]);
      const notice = await db.query(`INSERT INTO vehicle_notices (passenger_id, leg) VALUES (8, 'return') RETURNING id`);
      expect(notice.rows).toEqual([{ id: 10 }]);
      const sequences = await db.query(`SELECT pg_get_serial_sequence('vehicle_positions', 'id') AS a, pg_get_serial_sequence('vehicle_arrivals', 'id') AS b, pg_get_serial_sequence('vehicle_notices', 'id') AS c`);
      expect(sequences.rows).toEqual([{ a: "public.vehicle_positions_id_seq", b: "public.vehicle_arrivals_id_seq", c: "public.vehicle_notices_id_seq" }]);
    } finally {
      await db.exec("SET session_replication_role = DEFAULT");
    }
  });

  it("names each key, index and check after its table, as the Drizzle schema does", async () => {
    const tables: [PgTable, string[]][] = [
      [vehiclePositions, ["vehicle_positions_lat_check", "vehicle_positions_lon_check", "vehicle_positions_pkey"]],
      [vehicleArrivals, ["vehicle_arrivals_leg_check", "vehicle_arrivals_pkey", "vehicle_arrivals_source_check"]],
      [vehicleNotices, ["vehicle_notices_leg_check", "vehicle_notices_pkey"]],
    ];
    for (const [table, others] of tables) await expectNamedAsSchema(db, table, others, /^van_/);
  });

  it("moves the arriving jobs to the kind their handler is registered under, and nothing else", async () => {
    const { rows } = await db.query<{ id: number; kind: string }>(`SELECT id, kind FROM outbox ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, kind: "live.vehicle-arriving" },
      { id: 2, kind: "live.vehicle-arriving" },
      { id: 3, kind: "order.notice" },
    ]);
    for (const row of rows) expect(Object.hasOwn(outboxJobs, row.kind), row.kind).toBe(true);
  });

  it("still refuses a leg outside the list, under the check's new name", async () => {
    await db.exec("SET session_replication_role = replica");
    try {
      await expect(db.exec(`UPDATE vehicle_notices SET leg = 'sideways' WHERE id = 9`)).rejects.toThrow(/vehicle_notices_leg_check/);
      await expect(db.exec(`UPDATE vehicle_arrivals SET source = 'staff' WHERE id = 2`)).rejects.toThrow(/vehicle_arrivals_source_check/);
    } finally {
      await db.exec("SET session_replication_role = DEFAULT");
    }
  });
});
