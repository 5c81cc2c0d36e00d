/** Looking people up by email: stored as typed, compared case-insensitively (users_email_idx is on lower(email)). */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export async function findUserById(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

/** True for a unique-constraint violation (Postgres 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
