/**
 * Migration 0042 gives the private events' tables the glossary's name without losing a row: `event_requests`
 * becomes `private_events`, `request_payments` `private_event_payments`, the columns naming a private event
 * `private_event_id`; their sequence, keys, indexes and checks follow, the Drizzle schema names exactly what the
 * database then holds, and pending outbox jobs name the private event as their handlers read it.
 */
import type { PGlite } from "@electric-sql/pglite";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore, expectNamedAsSchema } from "../helpers/migration-under-test";
import { privateEvents, guests, privateEventPayments } from "../../src/server/db/schema";


let db: PGlite;


beforeAll(async () => {
  const underTest = await databaseBefore("0042");
  db = underTest.db;
  // Rows as the shop wrote them before 0042 (foreign keys left out: only the names and the rows matter here).
  await db.exec("SET session_replication_role = replica");
  await db.exec(`INSERT INTO event_requests (id, owner_id, name, start_date, end_date, location, address, county_id, invitation, state, quote_state)
    VALUES (7, 1, 'Boda Cota', now(), now(), 'Hacienda', 'Km 3', 1, 'Vengan', 'approved', 'quoted')`);
  await db.exec(`SELECT setval('event_requests_id_seq', 7)`);
  await db.exec(`INSERT INTO guests (id, request_id, name, email, seats) VALUES (3, 7, 'Ana', 'ana@example.com', 2)`);
  await db.exec(`INSERT INTO request_payments (order_id, request_id, kind, seats) VALUES (11, 7, 'quote', 20)`);
  await db.exec(`INSERT INTO outbox (id, kind, payload) VALUES
    (1, 'private-event.release', '{"requestId": 7}'),
    (2, 'private-event.decision', '{"requestId": 7, "decision": "approved"}'),
    (3, 'private-event.invitation', '{"guestId": 3, "token": "t"}'),
    (4, 'order.confirmation', '{"orderId": 11, "requestId": 5}')`);
  await db.exec("SET session_replication_role = DEFAULT");
  await underTest.migrate();
}, 180_000);
afterAll(async () => {
  await db?.close();
});

describe("migration 0042", () => {
  it("keeps every row under the new names", async () => {
    expect((await db.query(`SELECT id, name, state, quote_state FROM private_events`)).rows).toEqual([{ id: 7, name: "Boda Cota", state: "approved", quote_state: "quoted" }]);
    expect((await db.query(`SELECT id, private_event_id, seats FROM guests`)).rows).toEqual([{ id: 3, private_event_id: 7, seats: 2 }]);
    expect((await db.query(`SELECT order_id, private_event_id, kind FROM private_event_payments`)).rows).toEqual([{ order_id: 11, private_event_id: 7, kind: "quote" }]);
    const old = await db.query(`SELECT to_regclass('event_requests') AS a, to_regclass('request_payments') AS b, to_regclass('event_requests_id_seq') AS c`);
    expect(old.rows).toEqual([{ a: null, b: null, c: null }]);
  });

  it("goes on numbering private events from the renamed sequence", async () => {
    await db.exec("SET session_replication_role = replica");
    try {
      const { rows } = await db.query<{ id: number }>(`INSERT INTO private_events (owner_id, name, start_date, end_date, location, address, county_id, invitation)
        VALUES (1, 'Grado', now(), now(), 'Aula', 'Calle 1', 1, 'Hola') RETURNING id`);
      expect(rows).toEqual([{ id: 8 }]);
      const sequence = await db.query(`SELECT pg_get_serial_sequence('private_events', 'id') AS name`);
      expect(sequence.rows).toEqual([{ name: "public.private_events_id_seq" }]);
    } finally {
      await db.exec("SET session_replication_role = DEFAULT");
    }
  });

  it("names each key, index and check after its table, as the Drizzle schema does", async () => {
    const tables: [PgTable, string[]][] = [
      [privateEvents, ["private_events_pkey", "private_events_payer_check", "private_events_quote_state_check", "private_events_state_check"]],
      [privateEventPayments, ["private_event_payments_kind_check", "private_event_payments_pkey"]],
      [guests, ["guests_pkey"]],
    ];
    for (const [table, others] of tables) await expectNamedAsSchema(db, table, others, /request/);
    expect(getTableConfig(privateEvents).name).toBe("private_events");
    expect(getTableConfig(privateEventPayments).name).toBe("private_event_payments");
  });

  it("renames the private event in pending jobs' payloads, and nothing else", async () => {
    const { rows } = await db.query<{ id: number; payload: unknown }>(`SELECT id, payload FROM outbox ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, payload: { privateEventId: 7 } },
      { id: 2, payload: { privateEventId: 7, decision: "approved" } },
      { id: 3, payload: { guestId: 3, token: "t" } },
      { id: 4, payload: { orderId: 11, requestId: 5 } },
    ]);
  });

  it("still refuses a state outside the list, under the check's new name", async () => {
    await db.exec("SET session_replication_role = replica");
    try {
      await expect(db.exec(`UPDATE private_events SET state = 'pending' WHERE id = 7`)).rejects.toThrow(/private_events_state_check/);
      await expect(db.exec(`UPDATE private_event_payments SET kind = 'gift' WHERE order_id = 11`)).rejects.toThrow(/private_event_payments_kind_check/);
    } finally {
      await db.exec("SET session_replication_role = DEFAULT");
    }
  });
});
