/**
 * Migration 0039 binds the last free words to their columns without losing a stored row: the staff's transfer
 * decisions written under their old names take the audit log's, payment codes written in another case are
 * lowered, and from then on a word outside its list is refused by the database.
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBefore } from "../helpers/migration-under-test";


let db: PGlite;

/** An order row with the given payment code and a plain value in every other required column. */
async function insertOrder(id: number, paymentCode: string) {
  const { rows } = await db.query<{ column_name: string; data_type: string; character_maximum_length: number | null }>(
    `SELECT column_name, data_type, character_maximum_length FROM information_schema.columns
     WHERE table_name = 'orders' AND is_nullable = 'NO' AND column_default IS NULL AND column_name NOT IN ('id', 'payment_code')`,
  );
  const plain = ({ column_name: name, data_type: type, character_maximum_length: length }: (typeof rows)[number]) => {
    if (name === "state") return "'paid'";
    if (type.includes("timestamp")) return "now()";
    if (["integer", "bigint", "numeric", "smallint"].includes(type)) return "1";
    if (type === "jsonb") return "'{}'";
    if (type === "boolean") return "false";
    return `'${"COP".slice(0, length ?? 3)}'`;
  };
  const columns = rows.map((row) => `"${row.column_name}"`).join(", ");
  const values = rows.map(plain).join(", ");
  await db.query(`INSERT INTO orders (id, payment_code${columns ? `, ${columns}` : ""}) VALUES ($1, $2${values ? `, ${values}` : ""})`, [id, paymentCode]);
}
beforeAll(async () => {
  const underTest = await databaseBefore("0039");
  db = underTest.db;
  // Rows as the shop wrote them before 0039 (foreign keys left out: only the words matter here).
  await db.exec("SET session_replication_role = replica");
  await db.exec(`INSERT INTO staff_actions (order_id, staff_id, action, reason) VALUES (7, 1, 'confirm_transfer', NULL), (8, 1, 'reject_transfer', 'no money')`);
  await insertOrder(1, " Webpay ");
  await insertOrder(2, "prepagado");
  await db.exec("SET session_replication_role = DEFAULT");
  await underTest.migrate();
}, 180_000);
afterAll(async () => {
  await db?.close();
});

describe("migration 0039", () => {
  it("renames the stored transfer decisions to the audit log's words", async () => {
    const { rows } = await db.query<{ order_id: number; action: string; reason: string | null }>("SELECT order_id, action, reason FROM staff_actions ORDER BY order_id");
    expect(rows).toEqual([
      { order_id: 7, action: "transfer_confirm", reason: null },
      { order_id: 8, action: "transfer_reject", reason: "no money" },
    ]);
  });

  it("lowers a payment code written in another case, and keeps the others", async () => {
    const { rows } = await db.query<{ id: number; payment_code: string }>("SELECT id, payment_code FROM orders ORDER BY id");
    expect(rows).toEqual([
      { id: 1, payment_code: "webpay" },
      { id: 2, payment_code: "prepagado" },
    ]);
  });

  it("refuses a word outside its list from then on", async () => {
    await expect(db.exec(`INSERT INTO staff_actions (order_id, staff_id, action) VALUES (9, 1, 'confirm_transfer')`)).rejects.toThrow(/staff_actions_action_check|foreign key/);
    await db.exec("SET session_replication_role = replica");
    try {
      await expect(db.exec(`INSERT INTO staff_actions (order_id, staff_id, action) VALUES (9, 1, 'confirm_transfer')`)).rejects.toThrow(/staff_actions_action_check/);
      await expect(db.exec(`INSERT INTO audit_log (user_email, resource, resource_id, action) VALUES ('a@b.c', 'orders', 1, 'confirm_transfer')`)).rejects.toThrow(/audit_log_action_check/);
      await expect(db.exec(`UPDATE orders SET payment_code = 'paypal' WHERE id = 1`)).rejects.toThrow(/orders_payment_code_check/);
    } finally {
      await db.exec("SET session_replication_role = DEFAULT");
    }
  });
});
