/**
 * The demo accounts' emails and the passwords the README publishes. The demo seed creates them; a shop started in
 * production refuses to serve while any of them still opens with its published password. They live here, with
 * auth, so the running shop imports nothing from the seed.
 */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { users } from "../db/schema";
import { verifyPassword } from "./passwords";

export const DEMO_ACCOUNTS = {
  customer: { email: "cliente@rodamos.co", password: "rodamos123" },
  staff: { email: "staff@rodamos.co", password: "staff12345" },
  admin: { email: "admin@rodamos.co", password: "admin12345" },
  driver: { email: "conductor@rodamos.co", password: "conductor123" },
} as const;

/** Demo accounts that still open with the password printed in the README: in production, anyone's way in. */
export async function demoPasswordsInUse(db: Db): Promise<string[]> {
  const demo = Object.values(DEMO_ACCOUNTS);
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, demo.map((account) => account.email)));
  const open: string[] = [];
  for (const row of rows) {
    const account = demo.find((candidate) => candidate.email === row.email.toLowerCase());
    if (account && (await verifyPassword(row.passwordHash, account.password))) open.push(row.email);
  }
  return open;
}
