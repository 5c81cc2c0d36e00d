/**
 * Work on a test database with triggers and foreign-key checks off (`session_replication_role = replica`, in one
 * transaction): for what removes every table's rows at once (a database emptied for the next file), where nothing is
 * left dangling. Only a superuser
 * may set it; elsewhere the work is not done and the caller does it the slow way.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client";

/** A table's or sequence's name as SQL text. */
export const quotedName = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Runs `work` in a transaction with triggers off and answers true, or answers false, having changed nothing, where the role may not. */
export async function withTriggersOff(db: Db, work: (tx: Db) => Promise<void>): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      await t.execute(sql.raw("set local session_replication_role = replica"));
      await work(t);
    });
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === "42501" || (error as { cause?: { code?: string } }).cause?.code === "42501") return false;
    throw error;
  }
}
